/** Account settings rules: about-me at most 140 characters; minimum offers as decimal token amounts -> wei. */
import { ABOUT_ME_MAX, formatFloor, isDecimal, parseDecimal, TOKEN_DECIMALS } from '@att/shared';

export function aboutMeLength(value: string): number {
  return [...value].length;
}

export function aboutMeError(value: string): 'aboutMeTooLong' | null {
  return aboutMeLength(value) > ABOUT_ME_MAX ? 'aboutMeTooLong' : null;
}

const MAX_WEI = 10n ** 78n - 1n;

/** A decimal token amount ("1.5") as a wei string, or null when it is not a non-negative decimal. */
export function amountToWei(value: string): string | null {
  const v = value.trim();
  if (v === '') return '0';
  if (!isDecimal(v)) return null;
  const [, frac = ''] = v.split('.');
  if (frac.length > TOKEN_DECIMALS) return null;
  const wei = parseDecimal(v);
  return wei > MAX_WEI ? null : wei.toString();
}

/** Wei back to the decimal text shown in the input, without losing precision. */
export function weiToAmount(wei: string): string {
  try {
    return formatFloor(BigInt(wei), TOKEN_DECIMALS, TOKEN_DECIMALS);
  } catch {
    return '0';
  }
}
