/** Kysely types of the referral module's tables (they mirror platform/db/migrations/0024_referral.ts). */
import type { TokenSymbol } from '@att/shared';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

/** 1 % of a sale whose buyer was referred, owed to the referrer; one row per sale log. */
export interface ReferralAccrualsTable {
  accrual_idx: Generated<string>;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, string | bigint, string>;
  referrer_member_idx: number;
  buyer_member_idx: number;
  item_idx: number;
  symbol: TokenSymbol;
  sale_price: string;
  amount: string;
  sold_at: Timestamp;
  created_at: Timestamp;
}

/** The indexer block the accrual job has read sales up to, per chain. */
export interface ReferralCursorTable {
  chain_id: number;
  block_number: ColumnType<string, string | bigint, string | bigint>;
}

/** A payout of a referrer's balance in one coin for one month, from the payout wallet. */
export interface ReferralPayoutsTable {
  payout_idx: Generated<string>;
  referrer_member_idx: number;
  to_address: string;
  symbol: TokenSymbol;
  period: string;
  amount: string;
  /** PayoutState of @att/shared. */
  state: ColumnType<number, number | undefined, number>;
  from_address: string;
  chain_id: number;
  nonce: ColumnType<string, string | bigint, string>;
  raw_tx: string | null;
  tx_hash: string | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
}

/** A coin's balance at or below the payout minimum that its referrer gave up by withdrawing. */
export interface ReferralForfeitsTable {
  forfeit_idx: Generated<string>;
  referrer_member_idx: number;
  symbol: TokenSymbol;
  amount: string;
  created_at: Timestamp;
}

/** The referral module's tables (it alone writes them). */
export interface ReferralTables {
  referral_accruals: ReferralAccrualsTable;
  referral_cursor: ReferralCursorTable;
  referral_payouts: ReferralPayoutsTable;
  referral_forfeits: ReferralForfeitsTable;
}
