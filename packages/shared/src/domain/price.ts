/**
 * Money math without floats. Amounts are integer wei (bigint, 18 decimals); USD prices are decimal strings.
 * Display values are floored (never rounded up) to 4 decimals, as the spec asks.
 */
import { TOKEN_DECIMALS } from './tokens';

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative decimal string ("12.5") into an integer scaled by 10^decimals, truncating extra digits. */
export function parseDecimal(value: string, decimals: number = TOKEN_DECIMALS): bigint {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new RangeError(`not a non-negative decimal: ${value}`);
  const whole = m[1] ?? '0';
  const frac = (m[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac || '0');
}

/** True when `value` is a non-negative decimal string. */
export function isDecimal(value: string): boolean {
  return DECIMAL_RE.test(value.trim());
}

/** Formats a scaled integer as a decimal string floored to `places` decimals, without trailing zeros. */
export function formatFloor(scaled: bigint, decimals: number = TOKEN_DECIMALS, places = 4): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').slice(0, places).replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : whole.toString();
  return negative && text !== '0' ? `-${text}` : text;
}

/** A token amount in wei shown with at most 4 decimals, floored. */
export function formatTokenAmount(wei: bigint): string {
  return formatFloor(wei);
}

/** USD value of `wei` tokens at `usdPrice` (decimal string, USD per whole token), floored to 4 decimals. */
export function usdValue(wei: bigint, usdPrice: string): string {
  const price = parseDecimal(usdPrice, TOKEN_DECIMALS);
  // wei * price has 36 decimals; keep it exact and floor once.
  return formatFloor(wei * price, TOKEN_DECIMALS * 2, 4);
}

/** Sum of USD strings (each already floored to 4 decimals), exact. */
export function sumUsd(values: readonly string[]): string {
  const total = values.reduce((acc, v) => acc + parseDecimal(v, 4), 0n);
  return formatFloor(total, 4, 4);
}

/** Decimals a won-per-dollar rate keeps ("1380.25"). */
export const KRW_RATE_DECIMALS = 4;

/**
 * Whole won of a USD amount (a decimal string, as the USD estimates are) at `krwPerUsd` won a dollar, floored: both
 * are read as scaled integers and multiplied exactly, so no float ever touches the figure. "" when either is not a
 * decimal or the rate is 0.
 */
export function krwOfUsd(usd: string, krwPerUsd: string): string {
  if (!isDecimal(usd) || !isDecimal(krwPerUsd)) return '';
  const rate = parseDecimal(krwPerUsd, KRW_RATE_DECIMALS);
  if (rate === 0n) return '';
  return ((parseDecimal(usd, TOKEN_DECIMALS) * rate) / 10n ** BigInt(TOKEN_DECIMALS + KRW_RATE_DECIMALS)).toString();
}

/** Whole won of `wei` tokens at `usdPrice` dollars a token and `krwPerUsd` won a dollar, floored once, exactly. */
export function krwValue(wei: bigint, usdPrice: string, krwPerUsd: string): string {
  if (!isDecimal(usdPrice) || !isDecimal(krwPerUsd)) return '';
  const rate = parseDecimal(krwPerUsd, KRW_RATE_DECIMALS);
  if (rate === 0n) return '';
  const scale = 10n ** BigInt(TOKEN_DECIMALS * 2 + KRW_RATE_DECIMALS);
  return ((wei * parseDecimal(usdPrice, TOKEN_DECIMALS) * rate) / scale).toString();
}
