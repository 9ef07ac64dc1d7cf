/**
 * The chain events the indexer reads, as data: which handler applies each, which logs are claimed in `chain_logs`
 * (the ones with marketplace effects, kept with their undo), and which need their block's time (the ones that
 * write history). The sync loop (sync.ts) knows no event's meaning.
 */
import type { Handler } from './handler';
import { approvalForAll } from './handlers/approval-for-all';
import {
  auctionCancelled,
  auctionEnded,
  auctionItemClaimed,
  auctionItemUnclaimed,
  auctionVoided,
} from './handlers/auction-closed';
import { auctionRegistered } from './handlers/auction-registered';
import { bidCancelled, bidRefunded } from './handlers/bid-left';
import { bidPlaced } from './handlers/bid-placed';
import { buyVoided } from './handlers/buy-voided';
import { collectionOfferAccepted } from './handlers/collection-offer-accepted';
import { collectionOfferCancelled } from './handlers/collection-offer-cancelled';
import { collectionOfferMade } from './handlers/collection-offer-made';
import { counterIncremented } from './handlers/counter-incremented';
import { listingCancelled } from './handlers/listing-cancelled';
import { nftBought } from './handlers/nft-bought';
import { offerAccepted } from './handlers/offer-accepted';
import { offerCancelled } from './handlers/offer-cancelled';
import { offerMade } from './handlers/offer-made';
import { transferBatch } from './handlers/transfer-batch';
import { transferSingle } from './handlers/transfer-single';
import { transferredWithMint } from './handlers/transferred-with-mint';
import { paymentDeferred, withdrawn } from './handlers/withdrawable';

export const HANDLERS: Record<string, Handler<unknown>> = {
  TransferSingle: transferSingle as Handler<unknown>,
  TransferBatch: transferBatch as Handler<unknown>,
  NftBought: nftBought as Handler<unknown>,
  ListingCancelled: listingCancelled as Handler<unknown>,
  BuyVoided: buyVoided as Handler<unknown>,
  CounterIncremented: counterIncremented as Handler<unknown>,
  TransferredWithMint: transferredWithMint as Handler<unknown>,
  ApprovalForAll: approvalForAll as Handler<unknown>,
  AuctionRegistered: auctionRegistered as Handler<unknown>,
  BidPlaced: bidPlaced as Handler<unknown>,
  BidRefunded: bidRefunded as Handler<unknown>,
  BidCancelled: bidCancelled as Handler<unknown>,
  AuctionCancelled: auctionCancelled as Handler<unknown>,
  AuctionEnded: auctionEnded as Handler<unknown>,
  AuctionVoided: auctionVoided as Handler<unknown>,
  AuctionItemUnclaimed: auctionItemUnclaimed as Handler<unknown>,
  AuctionItemClaimed: auctionItemClaimed as Handler<unknown>,
  PaymentDeferred: paymentDeferred as Handler<unknown>,
  Withdrawn: withdrawn as Handler<unknown>,
  OfferMade: offerMade as Handler<unknown>,
  OfferAccepted: offerAccepted as Handler<unknown>,
  OfferCancelled: offerCancelled as Handler<unknown>,
  CollectionOfferMade: collectionOfferMade as Handler<unknown>,
  CollectionOfferAccepted: collectionOfferAccepted as Handler<unknown>,
  CollectionOfferCancelled: collectionOfferCancelled as Handler<unknown>,
};

export const INDEXED_EVENTS: ReadonlySet<string> = new Set(Object.keys(HANDLERS));

/**
 * Whether a log is claimed (applied once, with its undo kept). An approval matters only when it takes the Market's
 * right away; a counter only when its seller has live listings (otherwise it just raises the seller's counter row).
 */
export function isClaimed(
  event: string,
  args: Record<string, string>,
  market: string,
  liveSellers: ReadonlySet<string>,
): boolean {
  if (event === 'ApprovalForAll') return args.approved === 'false' && args.operator === market;
  if (event === 'CounterIncremented') return liveSellers.has(args.seller!);
  return true;
}

/** Whether a log counts at all (an approval of another operator is not the marketplace's business). */
export function counts(event: string, args: Record<string, string>, market: string): boolean {
  return event !== 'ApprovalForAll' || (args.approved === 'false' && args.operator === market);
}

/** Whether the event writes history (and so needs its block's time). */
const UNDATED: ReadonlySet<string> = new Set([
  'CounterIncremented',
  'BuyVoided',
  'ApprovalForAll',
  'AuctionItemUnclaimed',
  'AuctionItemClaimed',
  'PaymentDeferred',
  'Withdrawn',
  'CollectionOfferMade',
  'CollectionOfferCancelled',
]);
export const isDated = (event: string): boolean => !UNDATED.has(event);
