/** Kysely types of the social module's tables (they mirror platform/db/migrations). */
import type { Generated } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export interface ItemLikesTable {
  item_idx: number;
  member_idx: number;
  created_at: Timestamp;
}

export interface ReportCategoriesTable {
  report_category_idx: Generated<number>;
  name_ko: string;
  name_en: string;
  sort_order: Flag;
}

/** type 1 collection, 2 member, 3 item; state 0 open, 1 actioned, 2 dismissed. */
export interface ReportsTable {
  report_idx: Generated<number>;
  reporter_idx: number;
  report_category_idx: number;
  type: number;
  target_idx: number;
  message: string;
  state: Flag;
  handled_by: string | null;
  handled_at: NullableTimestamp;
  created_at: Timestamp;
}

/** The social module's tables (it alone writes them). */
export interface SocialTables {
  item_likes: ItemLikesTable;
  report_categories: ReportCategoriesTable;
  reports: ReportsTable;
}
