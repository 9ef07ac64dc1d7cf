/** Kysely types of the trading module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp, Wei } from '../../platform/db/column-types';
import { type TokenSymbol } from '@att/shared';
import type { OfferAcceptsTable, OfferListDeletionsTable, OffersTable } from './order-book/offers/offer-tables';
import type {
  CollectionOfferAcceptsTable,
  CollectionOfferItemsTable,
  CollectionOffersTable,
} from './order-book/collection-offers/collection-offer-tables';

/** One event of the transaction history (`HistoryEvent` 0-28 of @att/shared). */
export interface TradeHistoryTable {
  history_idx: Generated<string>;
  event_type: number;
  item_idx: number;
  collection_idx: number;
  amount: ColumnType<number, number | undefined, number>;
  unit_price: string | null;
  symbol: TokenSymbol | null;
  usd_value: string | null;
  from_address: string | null;
  to_address: string | null;
  royalty: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0026: the platform fee a sale took (wei of the same symbol); NULL on other events. */
  fee: ColumnType<string | null, string | null | undefined, string | null>;
  chain_id: ColumnType<number | null, number | null | undefined, number | null>;
  block_number: ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
  block_hash: ColumnType<string | null, string | null | undefined, string | null>;
  tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  log_index: ColumnType<number | null, number | null | undefined, number | null>;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** The charts' rollup per collection and UTC day of its trades (0034; kept by triggers on trade_history). */
export interface CollectionChartDaysTable {
  collection_idx: number;
  day: ColumnType<string, string, string>;
  sales: number;
  volume_att: string;
  volume_klay: string;
  volume_usd: string;
  floor_usd: string | null;
  floor_att: string | null;
  floor_klay: string | null;
}

/** 1 active, 2 sold out, 3 cancelled, 4 expired. */
export interface ListingsTable {
  listing_idx: Generated<string>;
  item_idx: number;
  seller_address: string;
  sale_type: number;
  symbol: TokenSymbol;
  unit_price: Wei;
  quantity: number;
  remaining: number;
  state: Flag;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0009: the seller's signed EIP-712 Listing (NULL on rows from before the signed order book). */
  token_address: string | null;
  collection_address: string | null;
  edition_size: Flag;
  royalty_bps: Flag;
  fee_bps: Flag;
  expiry: string | null;
  salt: string | null;
  counter: string | null;
  signature: string | null;
  listing_hash: string | null;
  /** Pieces held by open reservations (<= remaining). */
  reserved: Flag;
}

/** 0009: pieces of a listing reserved for one buyer (id = the validator's single-use Buy id); 1 open, 2 settled, 3 released. */
export interface ReservationsTable {
  reservation_id: Generated<string>;
  listing_idx: string;
  buyer_address: string;
  amount: number;
  state: Flag;
  expires_at: Timestamp;
  tx_hash: string | null;
  created_at: Timestamp;
}

/** 0009: a validator-signed Transfer (id = its single-use id); 1 open, 2 used, 3 expired. */
export interface TransferPermitsTable {
  transfer_id: Generated<string>;
  item_idx: number;
  from_address: string;
  to_address: string;
  amount: number;
  mint_amount: number;
  state: Flag;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface IndexerCursorTable {
  chain_id: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
}

export interface IndexerBlocksTable {
  chain_id: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
}

export interface ChainLogsTable {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
  event: string;
  args: ColumnType<Record<string, string>, string, string>;
}

/** 0013: a seller's highest on-chain counter per block that emitted one (`CounterIncremented`). */
export interface SellerCountersTable {
  chain_id: number;
  seller_address: string;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  counter: ColumnType<string, string | bigint, string | bigint>;
}

/** 0020: an English auction (`AuctionState` of @att/shared); `auction_id` is the Market's id and the instance id. */
export interface AuctionsTable {
  auction_id: ColumnType<string, string | number | bigint | undefined, never>;
  item_idx: number;
  seller_address: string;
  symbol: TokenSymbol;
  token_address: string;
  start_price: Wei;
  ends_at: Timestamp;
  state: Flag;
  is_minting: boolean;
  edition_size: number;
  royalty_bps: number;
  fee_bps: number | null;
  raise_bps: number | null;
  extension_seconds: number | null;
  sign_expires_at: Timestamp;
  top_bid: string | null;
  top_bidder: string | null;
  bid_count: Flag;
  winner_address: string | null;
  price: string | null;
  unclaimed_owner: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0020: a bid the chain took (`BidState` of @att/shared), keyed by the log that placed it. */
export interface AuctionBidsTable {
  bid_idx: Generated<string>;
  auction_id: string;
  bidder_address: string;
  amount: string;
  state: Flag;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0020: what an account may withdraw from the Market, per token (credited by `PaymentDeferred`, spent by `Withdrawn`). */
export interface WithdrawableBalancesTable {
  chain_id: number;
  account_address: string;
  token_address: string;
  amount: string;
}

/** The trading module's tables (it alone writes them). */
export interface TradingTables {
  trade_history: TradeHistoryTable;
  collection_chart_days: CollectionChartDaysTable;
  listings: ListingsTable;
  reservations: ReservationsTable;
  transfer_permits: TransferPermitsTable;
  indexer_cursor: IndexerCursorTable;
  indexer_blocks: IndexerBlocksTable;
  chain_logs: ChainLogsTable;
  seller_counters: SellerCountersTable;
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
  withdrawable_balances: WithdrawableBalancesTable;
  offers: OffersTable;
  offer_accepts: OfferAcceptsTable;
  offer_list_deletions: OfferListDeletionsTable;
  collection_offers: CollectionOffersTable;
  collection_offer_accepts: CollectionOfferAcceptsTable;
  collection_offer_items: CollectionOfferItemsTable;
}
