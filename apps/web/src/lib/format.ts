/** Texts of numbers, amounts and chain references, the same on every page. */
import { formatTokenAmount } from '@att/shared';

/** A decimal string with thousands separators in the whole part ("1234567.5" -> "1,234,567.5"). */
export function groupDigits(value: string): string {
  const neg = value.startsWith('-');
  const [whole = '0', frac] = (neg ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** "$1,234.5" from a USD decimal string. */
export const formatUsd = (value: string) => `$${groupDigits(value)}`;

/** "12.5 ATT" (wei floored to 4 decimals). */
export function formatPrice(wei: string | bigint, symbol: string): string {
  try {
    return `${groupDigits(formatTokenAmount(BigInt(wei)))} ${symbol}`;
  } catch {
    return `- ${symbol}`;
  }
}

/** "0x1234…abcd". */
export const shortHex = (hex: string, head = 6, tail = 4) =>
  hex.length > head + tail + 1 ? `${hex.slice(0, head)}…${hex.slice(-tail)}` : hex;

/** The explorer page of a transaction (`{klayScanUrl}/tx/{hash}`); null without a hash or a safe explorer URL. */
export function explorerTxUrl(klayScanUrl: string | undefined, txHash: string | null): string | null {
  if (!txHash || !/^0x[0-9a-fA-F]{64}$/.test(txHash) || !klayScanUrl) return null;
  try {
    const base = new URL(klayScanUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
    return `${base.toString().replace(/\/$/, '')}/tx/${txHash}`;
  } catch {
    return null;
  }
}
