/** Kysely types of the discovery module's tables (they mirror platform/db/migrations). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp } from '../../platform/db/column-types';

/** A home curation section (migration 0006): curationType 0-6, per-language name, order, visibility. */
export interface CurationSectionsTable {
  curation_idx: Generated<number>;
  curation_type: number;
  name_ko: string;
  name_en: string;
  sort_order: number;
  visible: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A hand-picked curation entry: an item, a category or a tip. */
export interface CurationEntriesTable {
  entry_idx: Generated<number>;
  curation_idx: number;
  sort_order: number;
  item_idx: number | null;
  category_idx: number | null;
  title: string | null;
  detail: string | null;
  connect_url: string | null;
  file_name: string | null;
  created_at: Timestamp;
  /** 0014: a tip's English title and text (both or neither; the home falls back to the Korean ones). */
  title_en: ColumnType<string | null, string | null | undefined, string | null>;
  detail_en: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Trades per collection per UTC day (0008; kept by triggers on trade_history). */
export interface CollectionTradeDailyTable {
  collection_idx: number;
  day: string;
  volume_usd: string;
  trade_count: number;
  pieces: string;
}

/** Per collection: counts and all-time trade totals for the ranking (0008; kept by triggers). */
export interface CollectionRankStatsTable {
  collection_idx: number;
  item_count: number;
  owner_count: number;
  total_usd: string;
  total_pieces: string;
  trade_count: number;
}

/** The discovery module's tables (it alone writes them). */
export interface DiscoveryTables {
  curation_sections: CurationSectionsTable;
  curation_entries: CurationEntriesTable;
  collection_trade_daily: CollectionTradeDailyTable;
  collection_rank_stats: CollectionRankStatsTable;
}
