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
