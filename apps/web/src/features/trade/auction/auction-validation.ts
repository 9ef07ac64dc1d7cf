/**
 * The auction tab's rules (spec 3 sections 2, 5 and 9), pure: a start price of at least 0.1 token (the Market's
 * MIN_AUCTION_START_PRICE) and at most the Market's MAX_AUCTION_AMOUNT, an end within 6 months (180 days), one
 * piece of a single item. The price field, the USD estimate and the calendar are the fixed-price form's.
 */
import { MAX_SALE_MINUTES, MIN_AUCTION_START_PRICE_WEI } from '@att/shared';
import { periodMinutes, priceWei } from '../sell/sell-validation';

/** The Market's MAX_AUCTION_AMOUNT (a bid shares a storage word with an address): 2^96 - 1 wei. */
export const MAX_AUCTION_AMOUNT_WEI = 2n ** 96n - 1n;

export type AuctionField = 'price' | 'period';
/** Keys under `sell:validation.*`. */
export type AuctionProblem =
  'priceRequired' | 'startPriceTooLow' | 'startPriceTooHigh' | 'periodRequired' | 'periodTooLong';

export interface AuctionInput {
  price: string;
  end: Date | null;
}

export interface AuctionTerms {
  startPriceWei: bigint;
  /** Whole minutes from now to the end, rounded up: the server's `expireMinute` (the end it signs). */
  expireMinute: number;
}

export type AuctionCheck =
  { ok: true; terms: AuctionTerms } | { ok: false; problems: Partial<Record<AuctionField, AuctionProblem>> };

/** Checks the auction form at `now`; every problem at once, keyed by field. */
export function checkAuction(input: AuctionInput, now: Date): AuctionCheck {
  const problems: Partial<Record<AuctionField, AuctionProblem>> = {};
  const wei = priceWei(input.price);
  if (wei === null || wei <= 0n) problems.price = 'priceRequired';
  else if (wei < MIN_AUCTION_START_PRICE_WEI) problems.price = 'startPriceTooLow';
  else if (wei > MAX_AUCTION_AMOUNT_WEI) problems.price = 'startPriceTooHigh';

  const minutes = input.end ? periodMinutes(now, input.end) : 0;
  if (minutes <= 0) problems.period = 'periodRequired';
  // One minute of grace (the popup's +6 months counts from when it was applied); the server takes 180 days at most.
  else if (minutes > MAX_SALE_MINUTES + 1) problems.period = 'periodTooLong';

  if (Object.keys(problems).length > 0 || wei === null) return { ok: false, problems };
  return { ok: true, terms: { startPriceWei: wei, expireMinute: Math.min(minutes, MAX_SALE_MINUTES) } };
}
