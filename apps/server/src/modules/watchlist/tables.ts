/** Kysely types of the watchlist module's tables (they mirror platform/db/migrations). */
import type { ColumnType, RawBuilder } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

type NullableWei = ColumnType<string | null, string | null | undefined, string | null>;

/** `kind`: `WatchKind` (1 collection, 2 item). */
export interface WatchFollowsTable {
  member_idx: number;
  kind: number;
  target_idx: number;
  alert_percent: ColumnType<number | null, number | null | undefined, number | null>;
  /** The collection's floor per coin the next alert is measured from (set with the threshold, moved by each alert). */
  alert_base_att: NullableWei;
  alert_base_klay: NullableWei;
  /** How many times the baseline moved: the compare-and-set of the floor alert and its dedup key. */
  alert_seq: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  created_at: Timestamp;
}

/** A followed collection's floor per coin at a time (the watchlist job's marks). */
export interface WatchFloorMarksTable {
  collection_idx: number;
  at: Timestamp;
  floor_att: NullableWei;
  floor_klay: NullableWei;
}

/** The watchlist module's tables (it alone writes them). */
export interface WatchlistTables {
  watch_follows: WatchFollowsTable;
  watch_floor_marks: WatchFloorMarksTable;
}
