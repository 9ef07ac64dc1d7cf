/** Kysely types of the offers' tables (they mirror platform/db/migrations/0021_offers.ts); trading writes them. */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp, Wei } from '../../../../platform/db/column-types';
import type { TokenSymbol } from '@att/shared';

type BigId = ColumnType<string, string | number | bigint, string | number | bigint>;

/** `OfferState` 0-5 (@att/shared). */
export interface OffersTable {
  offer_idx: ColumnType<string, string | number | bigint | undefined, never>;
  item_idx: number;
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
  made_tx: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `OfferAcceptState` 1 open, 2 used, 3 expired. */
export interface OfferAcceptsTable {
  accept_id: Generated<string>;
  offer_idx: BigId;
  seller_address: string;
  amount: number;
  mint_amount: number;
  state: Flag;
  expires_at: Timestamp;
  tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface OfferListDeletionsTable {
  offer_idx: BigId;
  member_idx: number;
  created_at: Timestamp;
}
