/**
 * The sell form's rules (spec 3, sections 2 and 5), pure so they are tested without a page: the free count, the
 * quantity (digits only, 1..free), the price (a decimal, at least 1 token: the Market's MIN_FIXED_PRICE), the sale
 * period (whole minutes, rounded up, between the start and the end; at most 6 months), the quick picks of the
 * calendar popup and the USD estimate (floored to 4 decimals). Money stays integer wei.
 */
import {
  MAX_FIXED_PRICE_WEI,
  MAX_SALE_MINUTES,
  MIN_FIXED_PRICE_WEI,
  parseDecimal,
  TOKEN_DECIMALS,
  usdValue,
} from '@att/shared';

export type SellField = 'quantity' | 'price' | 'period';
/** Keys under `sell:validation.*`. */
export type SellProblem =
  | 'quantityRequired'
  | 'quantityTooMany'
  | 'priceRequired'
  | 'priceTooLow'
  | 'priceTooHigh'
  | 'periodRequired'
  | 'periodTooLong';

export interface SellInput {
  quantity: string;
  price: string;
  /** The end of the sale period chosen in the calendar popup (null before a choice). */
  end: Date | null;
}

export interface SellTerms {
  quantity: number;
  priceWei: bigint;
  /** Whole minutes from `now` to the end, rounded up (the server's `expireMinute`). */
  expireMinute: number;
  /** Unix seconds of the end (the listing's `expiry`). */
  expiry: bigint;
}

export type SellCheck =
  { ok: true; terms: SellTerms } | { ok: false; problems: Partial<Record<SellField, SellProblem>> };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The longest sale period in milliseconds (180 days). */
export const MAX_PERIOD_MS = MAX_SALE_MINUTES * MINUTE_MS;

/** Pieces the member may list: owned minus on sale minus reserved (never below 0). */
export function freeCount(item: {
  itemCountMine: number;
  itemCountOnSaleMine: number;
  itemCountReservedMine: number;
}): number {
  return Math.max(0, item.itemCountMine - item.itemCountOnSaleMine - item.itemCountReservedMine);
}

/** The quantity field keeps digits only, without leading zeros. */
export function quantityInput(raw: string): string {
  return raw
    .replace(/[^0-9]/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
}

/** The price field keeps a decimal: digits, one point, at most 18 decimals ("1,5" becomes "1.5"). */
export function priceInput(raw: string): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot < 0 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 30);
  if (dot < 0) return whole;
  const frac = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, TOKEN_DECIMALS);
  return `${whole || '0'}.${frac}`;
}

/** The price in wei, or null when the field is not a number yet ("", "."). */
export function priceWei(price: string): bigint | null {
  if (!/^\d+(\.\d*)?$/.test(price)) return null;
  return parseDecimal(price.endsWith('.') ? price.slice(0, -1) : price);
}

/** The USD estimate of `price` tokens at `usdPrice` per token, floored to 4 decimals ("0" when unknown). */
export function usdEstimate(price: string, usdPrice: string | undefined): string {
  const wei = priceWei(price);
  if (wei === null || !usdPrice) return '0';
  try {
    return usdValue(wei, usdPrice);
  } catch {
    return '0';
  }
}

/** Whole minutes from `start` to `end`, rounded up (spec 3, section 5); 0 or less when the end is not later. */
export function periodMinutes(start: Date, end: Date): number {
  return Math.ceil((end.getTime() - start.getTime()) / MINUTE_MS);
}

/** Quick picks of the calendar popup: +1 day, +3 days, +1, +3 and +6 months (a month is 30 days: 6 months = 180 days). */
export const QUICK_PICKS = [
  { key: 'day1', days: 1 },
  { key: 'day3', days: 3 },
  { key: 'month1', days: 30 },
  { key: 'month3', days: 90 },
  { key: 'month6', days: 180 },
] as const;
export type QuickPick = (typeof QUICK_PICKS)[number]['key'];

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The latest end the calendar allows from `start`. */
export function latestEnd(start: Date): Date {
  return new Date(start.getTime() + MAX_PERIOD_MS);
}

/** `yyyy-mm-dd` of a date in local time (the value of a date input). */
export function dayValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/**
 * The end chosen by a day picker: that day at the start's time of day, capped at 6 months after the start.
 * Null for an empty or unreadable value.
 */
export function endFromDay(value: string, start: Date): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const end = new Date(start);
  end.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(end.getTime())) return null;
  const max = latestEnd(start);
  return end > max ? max : end;
}

/** Checks the form against the member's free pieces at `now`; every problem at once, keyed by field. */
export function checkSell(input: SellInput, free: number, now: Date): SellCheck {
  const problems: Partial<Record<SellField, SellProblem>> = {};
  const quantity = Number(input.quantity === '' ? 0 : input.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0) problems.quantity = 'quantityRequired';
  else if (quantity > free) problems.quantity = 'quantityTooMany';

  const wei = priceWei(input.price);
  if (wei === null || wei <= 0n) problems.price = 'priceRequired';
  else if (wei < MIN_FIXED_PRICE_WEI) problems.price = 'priceTooLow';
  else if (wei > MAX_FIXED_PRICE_WEI) problems.price = 'priceTooHigh';

  const minutes = input.end ? periodMinutes(now, input.end) : 0;
  if (minutes <= 0) problems.period = 'periodRequired';
  // One minute of grace: the popup's +6 months is measured from when it was applied, a moment ago.
  else if (minutes > MAX_SALE_MINUTES + 1) problems.period = 'periodTooLong';

  if (Object.keys(problems).length > 0 || wei === null || !input.end) return { ok: false, problems };
  return {
    ok: true,
    terms: { quantity, priceWei: wei, expireMinute: minutes, expiry: BigInt(Math.floor(input.end.getTime() / 1000)) },
  };
}
