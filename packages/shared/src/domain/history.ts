/**
 * Transaction-history event types 0-28 (spec 2 "Transaction event"; the spec gives only the numbers, their
 * meaning is ours). One row of `trade_history` per event; the indexer (trading issues) writes them from chain
 * events, the scheduler writes expiries. Labels live in the web locale files under `history.event.<code>`.
 *
 * Groups answer the transaction-view status filter (spec 2 section 4: 1 sell, 2 sell2, 3 deal, 4 send).
 */
export const HistoryEvent = {
  Mint: 0,
  List: 1,
  Sale: 2,
  Transfer: 3,
  ListCancel: 4,
  ListExpire: 5,
  ListPriceChange: 6,
  AuctionStart: 7,
  AuctionCancel: 8,
  Bid: 9,
  BidCancel: 10,
  BidRefund: 11,
  AuctionWin: 12,
  AuctionNoBids: 13,
  AuctionExpire: 14,
  Offer: 15,
  OfferCancel: 16,
  OfferAccept: 17,
  OfferExpire: 18,
  OfferDecline: 19,
  LazyMintSale: 20,
  Burn: 21,
  RoyaltyPaid: 22,
  FeePaid: 23,
  Receive: 24,
  Purchase: 25,
  Hide: 26,
  Unhide: 27,
  Create: 28,
} as const;
export type HistoryEventValue = (typeof HistoryEvent)[keyof typeof HistoryEvent];
export const HISTORY_EVENT_CODES = Object.values(HistoryEvent) as HistoryEventValue[];
export const isHistoryEvent = (n: number): n is HistoryEventValue => Number.isInteger(n) && n >= 0 && n <= 28;

/** Events that carry an on-chain transaction (a tx link in the feed); the others are off-chain order-book events. */
export const ON_CHAIN_EVENTS: readonly HistoryEventValue[] = [
  HistoryEvent.Mint,
  HistoryEvent.Sale,
  HistoryEvent.Transfer,
  HistoryEvent.AuctionWin,
  HistoryEvent.OfferAccept,
  HistoryEvent.LazyMintSale,
  HistoryEvent.Burn,
  HistoryEvent.RoyaltyPaid,
  HistoryEvent.FeePaid,
  HistoryEvent.Receive,
  HistoryEvent.Purchase,
  HistoryEvent.Bid,
  HistoryEvent.BidRefund,
  HistoryEvent.AuctionCancel,
  HistoryEvent.ListCancel,
];

/** Trades that count towards volume, rankings, last price and the price chart. */
export const TRADE_EVENTS: readonly HistoryEventValue[] = [
  HistoryEvent.Sale,
  HistoryEvent.LazyMintSale,
  HistoryEvent.AuctionWin,
  HistoryEvent.OfferAccept,
];

/** Transaction-view status filter (spec 2 section 4): 1 sell (fixed-price listings), 2 sell2 (auctions), 3 deal (trades), 4 send (transfers). */
export const HistoryFilter = { Sell: 1, Auction: 2, Deal: 3, Send: 4 } as const;
export const HISTORY_FILTER_EVENTS: Record<
  (typeof HistoryFilter)[keyof typeof HistoryFilter],
  readonly HistoryEventValue[]
> = {
  1: [HistoryEvent.List, HistoryEvent.ListCancel, HistoryEvent.ListExpire, HistoryEvent.ListPriceChange],
  2: [
    HistoryEvent.AuctionStart,
    HistoryEvent.AuctionCancel,
    HistoryEvent.Bid,
    HistoryEvent.BidCancel,
    HistoryEvent.BidRefund,
    HistoryEvent.AuctionWin,
    HistoryEvent.AuctionNoBids,
    HistoryEvent.AuctionExpire,
  ],
  3: TRADE_EVENTS,
  4: [HistoryEvent.Transfer, HistoryEvent.Mint, HistoryEvent.Burn, HistoryEvent.Receive],
};
