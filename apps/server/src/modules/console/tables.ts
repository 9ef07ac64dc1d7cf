/** Kysely types of the console module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface AuditLogTable {
  audit_idx: Generated<string>;
  operator_address: string;
  operator_member_idx: number | null;
  action: string;
  target_type: string;
  target_idx: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}

/** The console module's tables (it alone writes them). */
export interface ConsoleTables {
  audit_log: AuditLogTable;
}
