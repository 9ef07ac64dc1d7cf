/** Kysely types of the alerts module's tables (they mirror platform/db/migrations). */
import type { TokenSymbol } from '@att/shared';
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
  /** 0022: a mail of it is still to be sent (the member's flagEmail when it was written). */
  mail_pending: ColumnType<boolean, boolean | undefined, boolean>;
  mailed_at: NullableTimestamp;
  /** 0022: marked read in the member's alert list. */
  read_at: NullableTimestamp;
  /** 0025: a correction (type 8): the alert_id of the alert it takes back. */
  retracts: string | null;
  /** 0031: an outbid alert's new top bid (wei) and its token, as the order book handed them over. */
  top_bid: ColumnType<string | null, string | null | undefined, string | null>;
  top_symbol: ColumnType<TokenSymbol | null, TokenSymbol | null | undefined, TokenSymbol | null>;
  /** At most one live alert per key (a holder hears of a collection offer once). */
  dedup_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A floor alert's move (AlertFloorMove of @att/shared, as JSON). */
  floor_move: ColumnType<unknown, string | null | undefined, string | null>;
}

/** 0022: an alert mail's unsubscribe token (its SHA-256), for the address it was sent to. */
export interface MailUnsubscribesTable {
  token_hash: string;
  address: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  used_at: NullableTimestamp;
}

/** The alerts module's tables (it alone writes them). */
export interface AlertsTables {
  alerts: AlertsTable;
  mail_unsubscribes: MailUnsubscribesTable;
}
