/**
 * The collection header's floor and volume, from the server's one source of collection figures (`stats`: per coin
 * and in USD, the same numbers the ranking and the home cards show). The floor names every coin that has a live
 * listing (a collection sold in KLAY has a floor too); the volume is the USD total the ranking sorts on, with the
 * per-coin amounts beside it. A server that sends no `stats` falls back to the ATT-only fields.
 */
import { type Collection, TOKEN_SYMBOLS } from '@att/shared';
import { formatPrice, formatUsd } from '../../lib/format';

export interface Figure {
  value: string;
  /** A second, smaller line (the per-coin amounts behind a USD figure). */
  detail?: string;
}

export function floorFigure(c: Collection): Figure {
  if (!c.stats) return { value: c.floorPrice ? formatPrice(c.floorPrice, 'ATT') : '-' };
  const coins = TOKEN_SYMBOLS.flatMap((s) => {
    const wei = c.stats!.floor[s];
    return wei === null ? [] : [formatPrice(wei, s)];
  });
  if (coins.length === 0) return { value: '-' };
  return {
    value: coins.join(' · '),
    detail: c.stats.floor.usd === null ? undefined : `≈ ${formatUsd(c.stats.floor.usd)}`,
  };
}

export function volumeFigure(c: Collection): Figure {
  if (!c.stats) return { value: formatPrice(c.volumeTrade, 'ATT') };
  const coins = TOKEN_SYMBOLS.flatMap((s) =>
    BigInt(c.stats!.volume[s]) > 0n ? [formatPrice(c.stats!.volume[s], s)] : [],
  );
  return { value: formatUsd(c.stats.volume.usd), detail: coins.length ? coins.join(' · ') : undefined };
}
