import type { Collection, CollectionStats } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { floorFigure, volumeFigure } from './collection-figures';

const base = { floorPrice: null, volumeTrade: '0' } as Collection;
const E18 = 10n ** 18n;
const stats = (patch: Partial<CollectionStats>): CollectionStats => ({
  itemCount: 36,
  ownerCount: 4,
  floor: { ATT: null, KLAY: null, usd: null },
  volume: { ATT: '0', KLAY: '0', usd: '0' },
  ...patch,
});

describe('collection figures', () => {
  it('a collection listed only in KLAY has a floor (it showed "-": only the ATT floor was read)', () => {
    const c = { ...base, stats: stats({ floor: { ATT: null, KLAY: String(12n * E18), usd: '1.8' } }) };
    expect(floorFigure(c)).toEqual({ value: '12 KLAY', detail: '≈ $1.8' });
  });

  it('names every coin with a live listing, and "-" with none', () => {
    const c = { ...base, stats: stats({ floor: { ATT: String(447n * E18), KLAY: String(E18 / 2n), usd: '0.075' } }) };
    expect(floorFigure(c).value).toBe('447 ATT · 0.5 KLAY');
    expect(floorFigure({ ...base, stats: stats({}) })).toEqual({ value: '-' });
  });

  it('volume is the USD total the ranking shows, with the per-coin amounts beside it (it showed "0 ATT" for KLAY sales)', () => {
    const c = { ...base, stats: stats({ volume: { ATT: '0', KLAY: String(3582n * E18), usd: '537.4214' } }) };
    expect(volumeFigure(c)).toEqual({ value: '$537.4214', detail: '3,582 KLAY' });
    expect(volumeFigure({ ...base, stats: stats({}) })).toEqual({ value: '$0', detail: undefined });
  });

  it('a server without stats: the ATT fields', () => {
    expect(floorFigure({ ...base, floorPrice: String(2n * E18) })).toEqual({ value: '2 ATT' });
    expect(volumeFigure({ ...base, volumeTrade: String(5n * E18) })).toEqual({ value: '5 ATT' });
  });
});
