/** Kysely types of the items module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Counter, Flag, NullableTimestamp, Timestamp } from '../../platform/db/column-types';
import { type TokenSymbol } from '@att/shared';

/** Whose the piece in the Market's escrow is: its live auction's seller's, or the winner's it could not be delivered to. */
export type EscrowKind = 'auction' | 'unclaimed';

export interface ItemsTable {
  item_idx: Generated<number>;
  /** numeric(78,0) uint256 as a decimal string. */
  token_id: string;
  collection_idx: number;
  creator_idx: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  category_idx: number;
  resource_type: number;
  file_format: string;
  file_name: string;
  thumbnail_file: string | null;
  total_supply: number;
  royalty_bps: number;
  unlocked_content: string | null;
  hide_state: Flag;
  flag_mint: Flag;
  view_count: Counter;
  like_count: Counter;
  trade_count: Counter;
  last_price: string | null;
  last_symbol: TokenSymbol | null;
  /** The cheapest live listing (migration 0005): all three NULL when nothing is on sale. */
  sale_type: ColumnType<number | null, number | null | undefined, number | null>;
  price_amount: ColumnType<string | null, string | null | undefined, string | null>;
  price_symbol: ColumnType<TokenSymbol | null, TokenSymbol | null | undefined, TokenSymbol | null>;
  sale_expires_at: NullableTimestamp;
  bid_count: Counter;
  /** 0020: the live auction's top bid (NULL without one). */
  bid_max_price: ColumnType<string | null, string | null | undefined, string | null>;
  offer_count: Counter;
  /**
   * 0031: the address whose piece the Market holds in escrow (its live auction's seller, or the winner it is owed to:
   * `escrow_kind`), set by the order book with the trade summary; both NULL when the Market holds none.
   */
  escrow_owner: ColumnType<string | null, string | null | undefined, string | null>;
  escrow_kind: ColumnType<EscrowKind | null, EscrowKind | null | undefined, EscrowKind | null>;
  /** 0033: the cheapest live listing per coin (NULL without one), set by the order book: the collection's floor reads them. */
  floor_att: ColumnType<string | null, string | null | undefined, string | null>;
  floor_klay: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: hidden by an operator (migration 0006); the owner cannot unhide it. */
  operator_hidden: Flag;
  /** 0009: pieces minted on chain so far (the creator holds total_supply - minted_supply unminted pieces). */
  minted_supply: Counter;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryTable {
  item_idx: number;
  holder_address: string;
  amount: number;
  on_sale: Counter;
  reserved: Counter;
  hide_state: Flag;
  updated_at: Timestamp;
}

export interface ItemViewsTable {
  item_idx: number;
  viewer_key: string;
  view_date: ColumnType<string, string | undefined, string>;
}

/** One trait of an item (0038): `value` as filtered and counted, a number's as its decimal text. */
export interface ItemTraitsTable {
  item_idx: number;
  position: number;
  collection_idx: number;
  trait_type: string;
  value: string;
  is_number: ColumnType<boolean, boolean | undefined, boolean>;
  /** numeric, read as a decimal string. */
  max_value: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per collection, type and value, how many shown items carry it (0038; kept by triggers on item_traits and items). */
export interface ItemTraitCountsTable {
  collection_idx: number;
  trait_type: string;
  value: string;
  item_count: number;
}

/** The items module's tables (it alone writes them). */
export interface ItemsTables {
  items: ItemsTable;
  item_traits: ItemTraitsTable;
  item_trait_counts: ItemTraitCountsTable;
  inventory: InventoryTable;
  item_views: ItemViewsTable;
}
