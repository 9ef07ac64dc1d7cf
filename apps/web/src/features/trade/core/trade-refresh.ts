/**
 * What a trade changed, as query keys: after it, exactly these are read again (never the whole cache).
 *
 *   buy       the item (counts), its listings, owners and price history, its history; the member's balances,
 *             owned items and history
 *   transfer  the item (counts), its owners and history; the member's balances (gas), owned items and history
 *   sell      the item (counts on sale), its listings; the member's balances (approval gas), owned items, and the
 *             seller's chain state (the approval)
 *   cancel    the item (counts on sale), its listings; the member's balances (gas of an on-chain cancel), owned items
 *   bid       the item's listings (top bid, end), its bids and the auction's chain reads, its history; the member's
 *             balances
 *   cancelBid the item's bids and the auction's chain reads; the member's balances (the refund)
 *   cancelAuction  the item (counts on sale), its listings, bids and history; the member's balances, owned items
 *   offer     the item's offers; the member's balances (the escrow) and offer lists
 *   acceptOffer  the item (counts), its offers, owners, price history and history; the member's balances, owned
 *             items, history and offer lists
 *   cancelOffer  the item's offers; the member's balances (the escrow back) and offer lists
 *   collection offers (`collectionOfferInvalidations`): the collection's offers, the member's balances and offer
 *             lists; an accept also the item sold's counts, owners, price history and history, the member's items
 */
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '../../../lib/api';
import { historyKeys } from '../../history';
import { itemKeys } from '../../items';
import { walletKeys } from '../../wallet';
import { tradeKeys } from '../trade-queries';

export type TradeKind =
  | 'buy'
  | 'transfer'
  | 'sell'
  | 'cancel'
  | 'bid'
  | 'cancelBid'
  | 'cancelAuction'
  | 'offer'
  | 'acceptOffer'
  | 'cancelOffer';

export interface TradeTarget {
  productId: number;
  /** The member's wallet address (their balances), when known. */
  address?: string | null;
  /** The auction a bid or cancel was about (its instance id, which is also the Market's auction id). */
  auction?: number;
}

/** The member's own item lists (the profile's owned pieces and listings). */
const OWN_ITEM_LISTS = ['/nft/info/allList'] as const;

export function tradeInvalidations(kind: TradeKind, { productId, address, auction }: TradeTarget): QueryKey[] {
  const item: QueryKey[] = [itemKeys.detail(productId)];
  const balances: QueryKey[] = address ? [walletKeys.balances(address)] : [];
  const auctionKeys: QueryKey[] =
    auction === undefined ? [] : [tradeKeys.bids(auction), tradeKeys.auctionChain(String(auction))];
  const member: QueryKey[] = [...balances, ...OWN_ITEM_LISTS.map((path) => itemKeys.pages(path))];
  switch (kind) {
    case 'buy':
      return [
        ...item,
        tradeKeys.listings(productId),
        itemKeys.owners(productId),
        itemKeys.trading(productId),
        historyKeys.itemTransactions(productId),
        ...member,
        historyKeys.transactions('mine'),
      ];
    case 'transfer':
      return [
        ...item,
        itemKeys.owners(productId),
        historyKeys.itemTransactions(productId),
        ...member,
        historyKeys.transactions('mine'),
      ];
    case 'sell':
      return [...item, tradeKeys.listings(productId), ...member, ...(address ? [tradeKeys.sellChainOf(address)] : [])];
    case 'cancel':
      return [...item, tradeKeys.listings(productId), ...member];
    case 'bid':
      return [tradeKeys.listings(productId), ...auctionKeys, historyKeys.itemTransactions(productId), ...balances];
    case 'cancelBid':
      return [tradeKeys.listings(productId), ...auctionKeys, ...balances];
    case 'cancelAuction':
      return [
        ...item,
        tradeKeys.listings(productId),
        ...auctionKeys,
        historyKeys.itemTransactions(productId),
        ...member,
      ];
    case 'offer':
    case 'cancelOffer':
      return [
        tradeKeys.productOffers(productId),
        ...(address ? [walletKeys.balances(address)] : []),
        tradeKeys.offers(),
      ];
    case 'acceptOffer':
      return [
        ...item,
        tradeKeys.productOffers(productId),
        itemKeys.owners(productId),
        itemKeys.trading(productId),
        historyKeys.itemTransactions(productId),
        ...member,
        historyKeys.transactions('mine'),
        tradeKeys.offers(),
      ];
  }
}

/** A collection offer made, accepted (with a piece of `productId`) or cancelled. */
export type CollectionOfferKind = 'collectionOffer' | 'acceptCollectionOffer' | 'cancelCollectionOffer';

/**
 * What a collection offer changed: the collection's offers, the member's offer lists and balances (the escrow out or
 * back); an accept also what an item offer's accept changes on the item sold (counts, owners, price, history).
 */
export function collectionOfferInvalidations(
  kind: CollectionOfferKind,
  { collectionIdx, productId, address }: { collectionIdx: number; productId?: number; address?: string | null },
): QueryKey[] {
  const balances: QueryKey[] = address ? [walletKeys.balances(address)] : [];
  const offers: QueryKey[] = [tradeKeys.collectionOffers(collectionIdx), ...balances, tradeKeys.offers()];
  if (kind !== 'acceptCollectionOffer' || productId === undefined) return offers;
  return [
    ...offers,
    itemKeys.detail(productId),
    itemKeys.owners(productId),
    itemKeys.trading(productId),
    historyKeys.itemTransactions(productId),
    ...OWN_ITEM_LISTS.map((path) => itemKeys.pages(path)),
    historyKeys.transactions('mine'),
  ];
}

/** Reads again what a collection offer changed (see `collectionOfferInvalidations`). */
export function refreshAfterCollectionOffer(
  kind: CollectionOfferKind,
  target: Parameters<typeof collectionOfferInvalidations>[1],
): Promise<void> {
  return invalidate(collectionOfferInvalidations(kind, target));
}

/** What a claim of a won piece changes: the member's won pieces to claim, the item's owners and counts. */
export function claimInvalidations(productId: number): QueryKey[] {
  return [tradeKeys.allUnclaimed(), itemKeys.detail(productId), itemKeys.owners(productId)];
}

/** What a withdrawal from the Market changes: the member's withdrawable balances and wallet balances. */
export function withdrawInvalidations(address: string | null | undefined): QueryKey[] {
  return [tradeKeys.allWithdrawable(), ...(address ? [walletKeys.balances(address)] : [])];
}

/**
 * What an item alert (types 1-6: another member bid, bought, accepted an offer, offered, or the sale ended) changes
 * for the member who may be reading that item: its counts, live listings (an auction's top bid, bid count and end,
 * which a bid in the last 10 minutes moves), the bids and the auction's chain reads, its offers, its owners (a sale,
 * an accepted offer or a settlement moves pieces), its history and its price chart. An item's public event (anyone's
 * trade on an item page a member or visitor has open) reads the same.
 */
export function alertInvalidations(productId: number): QueryKey[] {
  return [
    itemKeys.detail(productId),
    itemKeys.owners(productId),
    tradeKeys.listings(productId),
    tradeKeys.allBids(),
    tradeKeys.allAuctionChain(),
    tradeKeys.productOffers(productId),
    historyKeys.itemTransactions(productId),
    itemKeys.trading(productId),
  ];
}

/** Reads again what an item alert says changed (see `alertInvalidations`); only queries on screen refetch. */
export function refreshAfterAlert(productId: number): Promise<void> {
  return Promise.all(alertInvalidations(productId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

function invalidate(keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** Reads again what the trade changed (see `tradeInvalidations`). */
export function refreshAfterTrade(kind: TradeKind, target: TradeTarget): Promise<void> {
  return invalidate(tradeInvalidations(kind, target));
}
