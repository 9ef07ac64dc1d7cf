/** Kysely types of the collection offers' tables (they mirror the collection offers' migration); trading writes them. */
import type { ColumnType } from 'kysely';
import type { Flag, Timestamp, Wei } from '../../../../platform/db/column-types';
import type { TokenSymbol, TraitFilter } from '@att/shared';

type BigId = ColumnType<string, string | number | bigint, string | number | bigint>;
type NewId = ColumnType<string, string | number | bigint | undefined, never>;
type TxHash = ColumnType<string | null, string | null | undefined, string | null>;

/** `OfferState` 0-4 (@att/shared). */
export interface CollectionOffersTable {
  offer_idx: NewId;
  collection_idx: number;
  /** bytes32: the Merkle root of the token ids it covers (`collection_offer_items`); zero: any item. */
  criteria: string;
  /** How many token ids it covers (NULL: any item of the collection). */
  item_count: ColumnType<number | null, number | null | undefined, never>;
  /** A trait offer's filter (JSON, written as its text); NULL: an offer on every live item of the collection. */
  traits: ColumnType<TraitFilter | null, string | null | undefined, never>;
  buyer_address: string;
  symbol: TokenSymbol;
  token_address: string;
  unit_price: Wei;
  quantity: number;
  remaining: number;
  reserved: Flag;
  state: Flag;
  fee_bps: Flag;
  expiry: BigId;
  expires_at: Timestamp;
  made_tx: TxHash;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The token ids a collection offer covers (written with it, never changed). */
export interface CollectionOfferItemsTable {
  offer_idx: BigId;
  /** numeric(78,0) uint256 as a decimal string. */
  token_id: ColumnType<string, string | bigint, never>;
}

/** `OfferAcceptState` 1 open, 2 used, 3 expired. */
export interface CollectionOfferAcceptsTable {
  accept_id: NewId;
  offer_idx: BigId;
  item_idx: number;
  seller_address: string;
  amount: number;
  mint_amount: number;
  state: Flag;
  expires_at: Timestamp;
  tx_hash: TxHash;
  created_at: Timestamp;
}
