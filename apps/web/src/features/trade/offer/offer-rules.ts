/**
 * The offer rules (spec 3 sections 2, 4 and 5 "Offer", "Accept offer", "Cancel offer"; spec 2 the profile's
 * offer actions), pure so they are tested without a page. Money stays integer wei; what is shown is floored to
 * 4 decimals. Each check returns the first problem as an `offer:` catalogue key, or null.
 */
import {
  formatFloor,
  MAX_FIXED_PRICE_WEI,
  MIN_FIXED_PRICE_WEI,
  OfferState,
  parseDecimal,
  SaleType,
  TOKEN_DECIMALS,
  usdValue,
} from '@att/shared';

interface Holding {
  totalItemCount: number;
  itemCountMine: number;
  itemCountOnSaleMine: number;
  itemCountReservedMine: number;
}

/** Pieces the member may offer on: total minus theirs minus their reserved ones (never below 0). */
export function offerLimit(item: Holding): number {
  return Math.max(0, item.totalItemCount - item.itemCountMine - item.itemCountReservedMine);
}

/** The make-offer button: only while nothing is listed, and never for a member who holds every piece. */
export function canOffer(item: Holding, listingCount: number): boolean {
  return listingCount === 0 && item.itemCountMine < item.totalItemCount;
}

/** A decimal price field: digits, one point ("1,5" becomes "1.5"), at most `decimals` decimals. */
export function decimalInput(raw: string, decimals: number = TOKEN_DECIMALS): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot < 0 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 30);
  if (dot < 0) return whole;
  return `${whole || '0'}.${cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}

/** The field's value scaled by 10^decimals, or null when it is not a number yet ("", "."). */
export function scaled(text: string, decimals: number = TOKEN_DECIMALS): bigint | null {
  if (!/^\d+(\.\d*)?$/.test(text)) return null;
  return parseDecimal(text.endsWith('.') ? text.slice(0, -1) : text, decimals);
}

/** The USD text of a token price text at `usdPrice` per token, floored to 4 decimals ("" when unknown). */
export function usdOfPrice(price: string, usdPrice: string | undefined): string {
  const wei = scaled(price);
  if (wei === null || !usdPrice || !(Number(usdPrice) > 0)) return '';
  return usdValue(wei, usdPrice);
}

/** The token price text of a USD text at `usdPrice` per token, floored to 4 decimals ("" when unknown). */
export function priceOfUsd(usd: string, usdPrice: string | undefined): string {
  const cents = scaled(usd);
  if (cents === null || !usdPrice || !(Number(usdPrice) > 0)) return '';
  const rate = parseDecimal(usdPrice);
  return formatFloor((cents * 10n ** BigInt(TOKEN_DECIMALS)) / rate);
}

/** Total of `quantity` pieces at `priceWei` each (exact wei; shown floored to 4 decimals). */
export function offerTotal(priceWei: bigint | null, quantity: number): bigint {
  return priceWei === null || !(quantity > 0) ? 0n : priceWei * BigInt(Math.floor(quantity));
}

export type OfferProblem =
  | 'make.quantityRequired'
  | 'make.quantityTooMany'
  | 'make.priceRequired'
  | 'make.priceTooLow'
  | 'make.priceTooHigh'
  | 'make.usdRequired'
  | 'make.noCoin'
  | 'make.agreeRequired';

export interface OfferInput {
  quantity: number;
  limit: number;
  priceWei: bigint | null;
  /** The dollar field (empty without a token price: the rule then stands on the token price alone). */
  usd: string;
  usdKnown: boolean;
  agreed: boolean;
  balance?: bigint;
}

/** Quantity, price and dollar value above 0; the balance covers the total; the agree box ticked. */
export function checkOffer(o: OfferInput): OfferProblem | null {
  if (!(o.quantity > 0)) return 'make.quantityRequired';
  if (o.quantity > o.limit) return 'make.quantityTooMany';
  if (o.priceWei === null || o.priceWei <= 0n) return 'make.priceRequired';
  if (o.priceWei < MIN_FIXED_PRICE_WEI) return 'make.priceTooLow';
  if (o.priceWei > MAX_FIXED_PRICE_WEI) return 'make.priceTooHigh';
  if (o.usdKnown && !((scaled(o.usd) ?? 0n) > 0n)) return 'make.usdRequired';
  if (o.balance !== undefined && o.balance < offerTotal(o.priceWei, o.quantity)) return 'make.noCoin';
  if (!o.agreed) return 'make.agreeRequired';
  return null;
}

/** Why the member may not accept: the item is in auction, or none of their pieces is free of sales. */
export type AcceptRefusal = 'accept.duringAuction' | 'accept.noFreePieces';

export function acceptRefusal(item: {
  saleType: number | null;
  itemCountMine: number;
  itemCountOnSaleMine: number;
  itemCountReservedMine: number;
}): AcceptRefusal | null {
  if (item.saleType === SaleType.Auction) return 'accept.duringAuction';
  if (item.itemCountMine - item.itemCountOnSaleMine - item.itemCountReservedMine <= 0) return 'accept.noFreePieces';
  return null;
}

/** At most the lesser of the member's free pieces and what the offer has left. */
export function acceptLimit(free: number, offerLeft: number): number {
  return Math.max(0, Math.min(free, offerLeft));
}

/** What the seller receives: price × quantity less the platform fee and the royalty (basis points, floored as the chain does). */
export function netProceeds(priceWei: bigint, quantity: number, feeBps: number, royaltyBps: number): bigint {
  const gross = priceWei * BigInt(Math.max(0, Math.floor(quantity)));
  return gross - (gross * BigInt(feeBps)) / 10_000n - (gross * BigInt(royaltyBps)) / 10_000n;
}

/** A percent text ("2.5") as basis points (250); 0 when unreadable. */
export function percentBps(percent: string | number): number {
  const n = Number(percent);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}

export type AmountProblem = 'amountRequired' | 'amountTooMany';

/** The accept and cancel amounts: above 0 and at most `max`. */
export function checkAmount(quantity: number, max: number): AmountProblem | null {
  if (!(quantity > 0)) return 'amountRequired';
  if (quantity > max) return 'amountTooMany';
  return null;
}

/** What the profile lets a member do with an offer row (spec 2 "Offer actions"; none on another member's profile). */
export type OfferRowAction = 'cancel' | 'accept' | 'delete' | null;

export function offerRowAction(o: { made: boolean; mine: boolean; state: number; ownOffer: boolean }): OfferRowAction {
  if (!o.mine) return null;
  const live = o.state === OfferState.Valid || o.state === OfferState.ItemDeleted;
  if (o.made) return live ? 'cancel' : 'delete';
  if (o.state === OfferState.Valid) return o.ownOffer ? null : 'accept';
  // Received and no longer open: the entry may leave the member's list (an item-deleted offer's escrow is the offerer's to cancel).
  return o.state === OfferState.ItemDeleted ? null : 'delete';
}
