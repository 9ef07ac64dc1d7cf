/**
 * Reads of trading: one key per endpoint under `tradeKeys`, a `queryOptions` for each: an item's live listings,
 * an auction's bids, an item's live offers, a member's offers, and the chain reads a trade form needs (the seller's
 * approval and the Market's fee, the bidder's live bid, the buyer's coin balance,
 * which lives under the member's wallet balances).
 */
import {
  type AuctionResult,
  type CartFloorRequest,
  type CartFloorRow,
  type CollectionOfferRow,
  BID_PAGE,
  type BidRow,
  isNativeToken,
  type ItemListingRow,
  OFFER_PAGE_SIZE,
  type PendingPurchaseRow,
  type OfferProductRow,
  type TokenSymbol,
  type UnclaimedRow,
  type WithdrawableRow,
} from '@att/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { apiQuery } from '../../lib/api';
import { walletKeys } from '../wallet';
import type { TradeEnv } from './core/trade-env';
import { loadTradeKit } from './core/trade-kit';

/** Offers a member made (1, "participation") or received (2). */
export type OfferList = 1 | 2;
/** Whose offers: the signed-in member's own, or another member's. */
export type OfferMember = { mine: true; id: string | null; ticket: string | null } | { mine: false; memberIdx: number };

export const tradeKeys = {
  all: ['trade'] as const,
  /** /nft/instance/list/item */
  listings: (productId: number) => [...tradeKeys.all, 'listings', productId] as const,
  /** /nft/instance/purchase/pending: the signed-in member's own open reservations of the item (under its listings). */
  pendingPurchases: (productId: number, memberId: string) =>
    [...tradeKeys.listings(productId), 'pending', memberId] as const,
  /** /nft/offer/product/list */
  productOffers: (productId: number) => [...tradeKeys.all, 'productOffers', productId] as const,
  /** /nft/offer/member/(participation/)list(/other) */
  offers: () => [...tradeKeys.all, 'offers'] as const,
  memberOffers: (list: OfferList, who: OfferMember, filters: object) =>
    [...tradeKeys.offers(), list, who, filters] as const,
  /** /nft/collection/offer/member/participation/list (under the member's offers: what reads those reads these) */
  memberCollectionOffers: (memberId: string, pageNo: number) =>
    [...tradeKeys.offers(), 'collection', memberId, pageNo] as const,
  /** /nft/collection/offer/list */
  collectionOffers: (collectionIdx: number) => [...tradeKeys.all, 'collectionOffers', collectionIdx] as const,
  /** The seller's side on chain: the Market's approval and fee, the item's minted count. */
  sellChainOf: (seller: string) => [...tradeKeys.all, 'sellChain', seller.toLowerCase()] as const,
  sellChain: (seller: string, tokenId: string, env: TradeEnv | null) =>
    [...tradeKeys.sellChainOf(seller), tokenId, env] as const,
  /** /nft/instance/bid/list, per auction instance */
  allBids: () => [...tradeKeys.all, 'bids'] as const,
  bids: (instanceId: number) => [...tradeKeys.allBids(), instanceId] as const,
  /** How the item's last settled auction ended (under the bids: what reads the bids again reads it too). */
  auctionResult: (productId: number) => [...tradeKeys.allBids(), 'result', productId] as const,
  /** An auction on chain: a bidder's live bid. */
  allAuctionChain: () => [...tradeKeys.all, 'auctionChain'] as const,
  auctionChain: (auctionId: string) => [...tradeKeys.allAuctionChain(), auctionId] as const,
  bidOf: (auctionId: string, bidder: string, env: TradeEnv | null) =>
    [...tradeKeys.auctionChain(auctionId), 'bidOf', bidder.toLowerCase(), env] as const,
  /** The chain's latest block time (an auction's end is decided by it). */
  chainTime: (env: TradeEnv | null) => [...tradeKeys.allAuctionChain(), 'time', env] as const,
  /** /nft/withdrawable/list, the signed-in member's */
  allWithdrawable: () => [...tradeKeys.all, 'withdrawable'] as const,
  withdrawable: (memberId: string) => [...tradeKeys.allWithdrawable(), memberId] as const,
  /** /nft/auction/unclaimed/list, the signed-in member's, for one item */
  allUnclaimed: () => [...tradeKeys.all, 'unclaimed'] as const,
  unclaimed: (memberId: string, productId: number) => [...tradeKeys.allUnclaimed(), memberId, productId] as const,
  /** /nft/cart/floor: a collection's cheapest listings that fit a sweep (per caller: their own are left out). */
  floor: (q: CartFloorRequest) => [...tradeKeys.all, 'floor', q] as const,
};

export const tradeQueries = {
  /** The floor sweep's candidates: the cheapest live listings of a collection at or below a price, cheapest first. */
  floor: (q: CartFloorRequest) =>
    queryOptions({
      queryKey: tradeKeys.floor(q),
      queryFn: async (): Promise<CartFloorRow[]> => (await apiQuery('/nft/cart/floor', q)).list ?? [],
    }),
  /** The item's live listings, cheapest first (the countdown runs to the first one's expiry). */
  listings: (productId: number) =>
    queryOptions({
      queryKey: tradeKeys.listings(productId),
      queryFn: async (): Promise<ItemListingRow[]> =>
        (await apiQuery('/nft/instance/list/item', { productId })).list ?? [],
    }),
  /** The member's own purchases of the item left at the wallet step (each with its Buy, to void it). */
  pendingPurchases: (member: { id: string; ticketId: string } | null, productId: number) =>
    queryOptions({
      queryKey: tradeKeys.pendingPurchases(productId, member?.id ?? ''),
      enabled: member !== null,
      queryFn: async (): Promise<PendingPurchaseRow[]> =>
        (await apiQuery('/nft/instance/purchase/pending', { id: member!.id, ticketId: member!.ticketId, productId }))
          .list ?? [],
    }),
  /** An auction's bids, highest first, each with its state (active, canceled, withdrawn). */
  bids: (instanceId: number) =>
    queryOptions({
      queryKey: tradeKeys.bids(instanceId),
      queryFn: async (): Promise<BidRow[]> =>
        (await apiQuery('/nft/instance/bid/list', { pageNo: 1, pageSize: BID_PAGE.size, instanceIdx: instanceId }))
          .list ?? [],
    }),
  /** The item's last settled auction's end and winning bid (null: none). */
  auctionResult: (productId: number) =>
    queryOptions({
      queryKey: tradeKeys.auctionResult(productId),
      queryFn: async (): Promise<AuctionResult | null> =>
        (await apiQuery('/nft/auction/result', { productId })).data ?? null,
    }),
  /** The chain's latest block time in seconds, read again every 10 s while wanted (`enabled`). */
  chainTime: (env: TradeEnv | null, enabled: boolean) =>
    queryOptions({
      queryKey: tradeKeys.chainTime(env),
      enabled: env !== null && enabled,
      refetchInterval: 10_000,
      queryFn: async () => (await loadTradeKit()).readChainTime(env!.chain),
    }),
  /** The bidder's live bid in the Market's escrow (0 when none), read from the chain (the server's copy lags). */
  bidOf: (env: TradeEnv | null, auctionId: string, bidder: string | null) =>
    queryOptions({
      queryKey: tradeKeys.bidOf(auctionId, bidder ?? '', env),
      enabled: Boolean(env && bidder),
      queryFn: async () =>
        (await loadTradeKit()).readBidOf(env!.chain, env!.market as Address, BigInt(auctionId), bidder as Address),
    }),
  /** The member's withdrawable balances on the Market (refunds and payouts it could not push), non-zero only. */
  withdrawable: (member: { id: string; ticketId: string } | null) =>
    queryOptions({
      queryKey: tradeKeys.withdrawable(member?.id ?? ''),
      enabled: member !== null,
      queryFn: async (): Promise<WithdrawableRow[]> =>
        (await apiQuery('/nft/withdrawable/list', { id: member!.id, ticketId: member!.ticketId })).list ?? [],
    }),
  /** The won pieces of the item the Market holds for the member (their wallet refused them at the settlement). */
  unclaimed: (member: { id: string; ticketId: string } | null, productId: number) =>
    queryOptions({
      queryKey: tradeKeys.unclaimed(member?.id ?? '', productId),
      enabled: member !== null,
      queryFn: async (): Promise<UnclaimedRow[]> =>
        (
          await apiQuery('/nft/auction/unclaimed/list', {
            id: member!.id,
            ticketId: member!.ticketId,
            productIdx: productId,
          })
        ).list ?? [],
    }),
  /** The item's valid offers, highest price first (all of them: page size 9999). */
  productOffers: (productId: number) =>
    queryOptions({
      queryKey: tradeKeys.productOffers(productId),
      queryFn: async (): Promise<OfferProductRow[]> =>
        (await apiQuery('/nft/offer/product/list', { productIdx: productId, pageNo: 1, pageSize: 9999 })).list ?? [],
    }),
  /** A collection's live collection offers, best first (the first 100), and the best one per coin. */
  /** With `productIdx`, the list holds only the offers covering that item (trait offers among them). */
  collectionOffers: (collectionIdx: number, productIdx?: number) =>
    queryOptions({
      queryKey: [...tradeKeys.collectionOffers(collectionIdx), productIdx ?? 0] as const,
      queryFn: async () => {
        const item = productIdx ? { productIdx } : {};
        const reply = await apiQuery('/nft/collection/offer/list', {
          collectionIdx,
          ...item,
          pageNo: 1,
          pageSize: 100,
        });
        const list: CollectionOfferRow[] = reply.list ?? [];
        return { list, best: reply.best ?? { ATT: null, KLAY: null } };
      },
    }),
  /** The signed-in member's collection offers, every state, newest first. */
  memberCollectionOffers: (member: { id: string; ticketId: string } | null, pageNo: number) =>
    queryOptions({
      queryKey: tradeKeys.memberCollectionOffers(member?.id ?? '', pageNo),
      enabled: member !== null,
      placeholderData: keepPreviousData,
      queryFn: () =>
        apiQuery('/nft/collection/offer/member/participation/list', {
          id: member!.id,
          ticketId: member!.ticketId,
          pageNo,
          pageSize: OFFER_PAGE_SIZE,
        }),
    }),
  memberOffers: (list: OfferList, who: OfferMember, pageNo: number, collectionIdx?: number) => {
    const filters = { pageNo, pageSize: OFFER_PAGE_SIZE, filterCollection: collectionIdx ? [collectionIdx] : [] };
    return queryOptions({
      queryKey: tradeKeys.memberOffers(list, who, filters),
      queryFn: () => {
        if (who.mine && who.id && who.ticket) {
          const auth = { id: who.id, ticketId: who.ticket, ...filters };
          return list === 1
            ? apiQuery('/nft/offer/member/participation/list', auth)
            : apiQuery('/nft/offer/member/list', auth);
        }
        const other = { memberIdx: who.mine ? 0 : who.memberIdx, ...filters };
        return list === 1
          ? apiQuery('/nft/offer/member/participation/list/other', other)
          : apiQuery('/nft/offer/member/list/other', other);
      },
      // The member's own lists wait for the session (signed out, they are not asked as another member's).
      enabled: !who.mine || Boolean(who.id && who.ticket),
      placeholderData: keepPreviousData,
    });
  },
  sellChain: (env: TradeEnv | null, seller: Address, tokenId: string) =>
    queryOptions({
      queryKey: tradeKeys.sellChain(seller, tokenId, env),
      queryFn: async () => (await loadTradeKit()).readSellState(env!, seller, BigInt(tokenId)),
      enabled: env !== null,
      retry: 1,
    }),
  /** The buyer's balance of a listing's coin, read from the chain through the wallet side. */
  coinBalance: (env: TradeEnv | null, address: string | null, symbol: TokenSymbol) =>
    queryOptions({
      queryKey: walletKeys.coin(address ?? '', symbol, env),
      enabled: Boolean(env && address),
      queryFn: async () => {
        const kit = await loadTradeKit();
        return kit.readTokenBalance(
          env!.chain,
          address as Address,
          isNativeToken(symbol) ? undefined : (env!.att as Address),
        );
      },
    }),
};
