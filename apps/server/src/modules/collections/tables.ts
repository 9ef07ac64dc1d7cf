/** Kysely types of the collections module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp, Wei } from '../../platform/db/column-types';

export interface CollectionsTable {
  collection_idx: Generated<number>;
  member_idx: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  royalty_bps: number;
  logo_file: string;
  banner_file: string | null;
  featured_file: string | null;
  volume_trade: Wei;
  trade_count: Flag;
  /** 1: hidden by an operator (migration 0006). */
  hide_state: Flag;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The collections module's tables (it alone writes them). */
export interface CollectionsTables {
  collections: CollectionsTable;
}
