/** Kysely types of the support module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export interface NoticesTable {
  notice_idx: Generated<number>;
  lang: 'ko' | 'en';
  title: string;
  message: string;
  list_type: Flag;
  flag_popup: Flag;
  flag_force: Flag;
  state: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FaqCategoriesTable {
  faq_category_idx: Generated<number>;
  name_ko: string;
  name_en: string;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface FaqItemsTable {
  faq_idx: Generated<number>;
  faq_category_idx: number;
  lang: 'ko' | 'en';
  title: string;
  message: string;
  sort_order: ColumnType<number, number | undefined, number>;
  state: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InquiriesTable {
  inquiry_idx: Generated<number>;
  member_idx: number;
  title: string;
  message: string;
  state: Flag;
  reply: string | null;
  replied_by: string | null;
  replied_at: NullableTimestamp;
  created_at: Timestamp;
}

/** The support module's tables (it alone writes them). */
export interface SupportTables {
  notices: NoticesTable;
  faq_categories: FaqCategoriesTable;
  faq_items: FaqItemsTable;
  inquiries: InquiriesTable;
}
