/** Kysely types of the catalog module's tables (they mirror platform/db/migrations). */
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';
import { type TokenSymbol } from '@att/shared';

export interface CategoriesTable {
  category_idx: number;
  code: string;
  name_ko: string;
  name_en: string;
  file_name: string;
  sort_order: number;
}

export interface TokenPricesTable {
  symbol: TokenSymbol;
  /** USD per whole token, numeric(38,18). */
  usd_price: string;
  updated_at: Timestamp;
}

export type UploadKindColumn = 'logo' | 'banner' | 'featured' | 'resource' | 'thumbnail';

export interface UploadsTable {
  file_name: string;
  member_idx: number;
  kind: UploadKindColumn;
  file_format: string;
  /** bigint: a string on read. */
  size_bytes: ColumnType<string, number | string, number | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PlatformSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** The catalog module's tables (it alone writes them). */
export interface CatalogTables {
  categories: CategoriesTable;
  token_prices: TokenPricesTable;
  uploads: UploadsTable;
  platform_settings: PlatformSettingsTable;
}
