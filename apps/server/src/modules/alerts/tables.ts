/** Kysely types of the alerts module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../platform/db/column-types';

/** 0015: one alert of the outbox (AlertType of @att/shared); `alert_id` orders alerts and is a client's cursor. */
export interface AlertsTable {
  alert_id: Generated<string>;
  address: string;
  type: number;
  product_idx: number | null;
  inquiry_idx: number | null;
  /** The chain event that caused it (undone with it by a reorg). */
  chain_id: number | null;
  tx_hash: string | null;
  log_index: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  dispatched_at: NullableTimestamp;
  retracted_at: NullableTimestamp;
  /** 0019: the order it was sent in; the id clients see and replay from. */
  dispatch_seq: string | null;
}

/** The alerts module's tables (it alone writes them). */
export interface AlertsTables {
  alerts: AlertsTable;
}
