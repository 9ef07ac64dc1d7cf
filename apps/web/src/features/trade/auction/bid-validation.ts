/**
 * The bid popup's rules (spec 3 section 5 "Bid"), pure: the minimum is the Market's (the start price, then the top
 * bid plus its raise, read from the chain) rounded up to 4 decimals; a bid is entered in the token or in dollars
 * and the two convert (floored to 4 decimals); a bid above what the bidder can put up (their balance plus their
 * live bid, which the new bid replaces) is capped; the agree box is required. Money stays integer wei.
 */
import { formatFloor, parseDecimal, TOKEN_DECIMALS } from '@att/shared';
import { priceWei, usdEstimate } from '../sell/sell-validation';

/** 0.0001 token: the 4th decimal. */
const STEP = 10n ** BigInt(TOKEN_DECIMALS - 4);

/** Rounded up to 4 decimals (a minimum never shown below the chain's). */
export function ceil4(wei: bigint): bigint {
  return ((wei + STEP - 1n) / STEP) * STEP;
}

/** Floored to 4 decimals (an amount never shown above what there is). */
export function floor4(wei: bigint): bigint {
  return (wei / STEP) * STEP;
}

/** A token amount as the bid field shows it (at most 4 decimals, no grouping). */
export function tokenText(wei: bigint): string {
  return formatFloor(wei, TOKEN_DECIMALS, 4);
}

/** The dollars of a token amount typed in the bid field, floored to 4 decimals ("0" without a price). */
export function usdOfTokens(token: string, usdPrice: string | undefined): string {
  return usdEstimate(token, usdPrice);
}

/** The tokens a dollar amount buys at `usdPrice`, floored to 4 decimals ("" when it cannot be told). */
export function tokensOfUsd(usd: string, usdPrice: string | undefined): string {
  const dollars = priceWei(usd);
  if (dollars === null || !usdPrice) return '';
  let price: bigint;
  try {
    price = parseDecimal(usdPrice);
  } catch {
    return '';
  }
  if (price <= 0n) return '';
  return tokenText(floor4((dollars * 10n ** BigInt(TOKEN_DECIMALS)) / price));
}

/** The most the bidder can bid: their balance plus their live bid (a new bid only pays in the difference). */
export function maxBid(balance: bigint | undefined, liveBid: bigint | undefined): bigint | undefined {
  return balance === undefined ? undefined : balance + (liveBid ?? 0n);
}

/** The typed amount, capped at `max` (floored to 4 decimals): the text to show and whether it was capped. */
export function capBid(token: string, max: bigint | undefined): { text: string; capped: boolean } {
  const wei = priceWei(token);
  if (wei === null || max === undefined || wei <= max) return { text: token, capped: false };
  return { text: tokenText(floor4(max)), capped: true };
}

/** Keys under `trade:`. */
export type BidProblem = 'bid.amountRequired' | 'bid.belowMinimum' | 'bid.noCoin' | 'bid.agreeRequired';

/** The first problem of a bid, or null: an amount, at least the minimum, within what the bidder has, agreed. */
export function checkBid(o: {
  amount: bigint | null;
  minimum: bigint | undefined;
  max: bigint | undefined;
  agreed: boolean;
}): BidProblem | null {
  if (o.amount === null || o.amount <= 0n) return 'bid.amountRequired';
  if (o.minimum !== undefined && o.amount < o.minimum) return 'bid.belowMinimum';
  if (o.max !== undefined && o.amount > o.max) return 'bid.noCoin';
  if (!o.agreed) return 'bid.agreeRequired';
  return null;
}
