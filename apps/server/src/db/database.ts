/**
 * The database: Kysely over PGlite (embedded, default) or PostgreSQL (`DATABASE_URL`). Same SQL and the same
 * migrations on both. Table types below mirror `migrations/`.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type ColumnType, type Generated } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(78,0) wei: a decimal string on read and write. */
type Wei = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

export type MemberState = 'active' | 'blocked' | 'deleted';

export interface MembersTable {
  member_idx: Generated<number>;
  user_name: string;
  /** Confusable key of user_name (services/name-skeleton.ts nameKey). */
  name_skeleton: string;
  address: string;
  email: string;
  email_verified_at: NullableTimestamp;
  about_me: ColumnType<string, string | undefined, string>;
  profile_file: string | null;
  banner_file: string | null;
  lang: 'ko' | 'en';
  flag_item_sell: Flag;
  flag_bid: Flag;
  flag_accept_offer: Flag;
  flag_expired_sell: Flag;
  flag_over_offer: Flag;
  flag_min_offer: Flag;
  flag_email: Flag;
  min_offer_price_klay: Wei;
  min_offer_price_att: Wei;
  state: ColumnType<MemberState, MemberState | undefined, MemberState>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailCertsTable {
  cert_idx: Generated<number>;
  member_idx: number | null;
  address: string;
  email: string;
  code_hash: string;
  expires_at: Timestamp;
  voided_at: NullableTimestamp;
  used_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One reserved verification mail; the mail quotas count these. */
export interface MailSendsTable {
  send_idx: Generated<string>;
  address: string;
  /** Mailbox key: lowercase, `+tag` removed from the local part. */
  email_key: string;
  /** The client (IP) that asked. */
  client_key: string;
  created_at: Timestamp;
}

export interface SignInNoncesTable {
  nonce: string;
  address: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface TicketsTable {
  ticket_hash: string;
  member_idx: number;
  address: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CategoriesTable {
  category_idx: number;
  code: string;
  name_ko: string;
  name_en: string;
  file_name: string;
  sort_order: number;
}

export interface TokenPricesTable {
  symbol: 'ATT' | 'KLAY';
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

type Counter = ColumnType<number, number | undefined, number>;

export interface ItemsTable {
  item_idx: Generated<number>;
  /** numeric(78,0) uint256 as a decimal string. */
  token_id: string;
  collection_idx: number;
  creator_idx: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  category_idx: number;
  resource_type: number;
  file_format: string;
  file_name: string;
  thumbnail_file: string | null;
  total_supply: number;
  royalty_bps: number;
  unlocked_content: string | null;
  hide_state: Flag;
  flag_mint: Flag;
  view_count: Counter;
  like_count: Counter;
  trade_count: Counter;
  last_price: string | null;
  last_symbol: 'ATT' | 'KLAY' | null;
  /** The cheapest live listing (migration 0005): all three NULL when nothing is on sale. */
  sale_type: ColumnType<number | null, number | null | undefined, number | null>;
  price_amount: ColumnType<string | null, string | null | undefined, string | null>;
  price_symbol: ColumnType<'ATT' | 'KLAY' | null, 'ATT' | 'KLAY' | null | undefined, 'ATT' | 'KLAY' | null>;
  sale_expires_at: NullableTimestamp;
  bid_count: Counter;
  offer_count: Counter;
  /** 1: hidden by an operator (migration 0006); the owner cannot unhide it. */
  operator_hidden: Flag;
  /** 0009: pieces minted on chain so far (the creator holds total_supply - minted_supply unminted pieces). */
  minted_supply: Counter;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryTable {
  item_idx: number;
  holder_address: string;
  amount: number;
  on_sale: Counter;
  reserved: Counter;
  hide_state: Flag;
  updated_at: Timestamp;
}

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

export interface PlatformSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

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

/** One event of the transaction history (`HistoryEvent` 0-28 of @att/shared). */
export interface TradeHistoryTable {
  history_idx: Generated<string>;
  event_type: number;
  item_idx: number;
  collection_idx: number;
  amount: ColumnType<number, number | undefined, number>;
  unit_price: string | null;
  symbol: 'ATT' | 'KLAY' | null;
  usd_value: string | null;
  from_address: string | null;
  to_address: string | null;
  royalty: ColumnType<string | null, string | null | undefined, string | null>;
  chain_id: ColumnType<number | null, number | null | undefined, number | null>;
  block_number: ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
  block_hash: ColumnType<string | null, string | null | undefined, string | null>;
  tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  log_index: ColumnType<number | null, number | null | undefined, number | null>;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** 1 active, 2 sold out, 3 cancelled, 4 expired. */
export interface ListingsTable {
  listing_idx: Generated<string>;
  item_idx: number;
  seller_address: string;
  sale_type: number;
  symbol: 'ATT' | 'KLAY';
  unit_price: Wei;
  quantity: number;
  remaining: number;
  state: Flag;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0009: the seller's signed EIP-712 Listing (NULL on rows from before the signed order book). */
  token_address: string | null;
  collection_address: string | null;
  edition_size: Flag;
  royalty_bps: Flag;
  fee_bps: Flag;
  expiry: string | null;
  salt: string | null;
  counter: string | null;
  signature: string | null;
  listing_hash: string | null;
  /** Pieces held by open reservations (<= remaining). */
  reserved: Flag;
}

export interface ItemLikesTable {
  item_idx: number;
  member_idx: number;
  created_at: Timestamp;
}

export interface ItemViewsTable {
  item_idx: number;
  viewer_key: string;
  view_date: ColumnType<string, string | undefined, string>;
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

export interface Database {
  uploads: UploadsTable;
  collections: CollectionsTable;
  items: ItemsTable;
  inventory: InventoryTable;
  members: MembersTable;
  email_certs: EmailCertsTable;
  mail_sends: MailSendsTable;
  sign_in_nonces: SignInNoncesTable;
  tickets: TicketsTable;
  categories: CategoriesTable;
  token_prices: TokenPricesTable;
  notices: NoticesTable;
  faq_categories: FaqCategoriesTable;
  faq_items: FaqItemsTable;
  inquiries: InquiriesTable;
  platform_settings: PlatformSettingsTable;
  audit_log: AuditLogTable;
  trade_history: TradeHistoryTable;
  listings: ListingsTable;
  item_likes: ItemLikesTable;
  item_views: ItemViewsTable;
  report_categories: ReportCategoriesTable;
  reports: ReportsTable;
  curation_sections: CurationSectionsTable;
  curation_entries: CurationEntriesTable;
  collection_trade_daily: CollectionTradeDailyTable;
  collection_rank_stats: CollectionRankStatsTable;
  reservations: ReservationsTable;
  transfer_permits: TransferPermitsTable;
  indexer_cursor: IndexerCursorTable;
  indexer_blocks: IndexerBlocksTable;
  chain_logs: ChainLogsTable;
  seller_counters: SellerCountersTable;
}

/** 0009: pieces of a listing reserved for one buyer (id = the validator's single-use Buy id); 1 open, 2 settled, 3 released. */
export interface ReservationsTable {
  reservation_id: Generated<string>;
  listing_idx: string;
  buyer_address: string;
  amount: number;
  state: Flag;
  expires_at: Timestamp;
  tx_hash: string | null;
  created_at: Timestamp;
}

/** 0009: a validator-signed Transfer (id = its single-use id); 1 open, 2 used, 3 expired. */
export interface TransferPermitsTable {
  transfer_id: Generated<string>;
  item_idx: number;
  from_address: string;
  to_address: string;
  amount: number;
  mint_amount: number;
  state: Flag;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface IndexerCursorTable {
  chain_id: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
}

export interface IndexerBlocksTable {
  chain_id: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
}

export interface ChainLogsTable {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
  event: string;
  args: ColumnType<Record<string, string>, string, string>;
}

/** 0013: a seller's highest on-chain counter per block that emitted one (`CounterIncremented`). */
export interface SellerCountersTable {
  chain_id: number;
  seller_address: string;
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  counter: ColumnType<string, string | bigint, string | bigint>;
}

export type Db = Kysely<Database>;

export interface DbOptions {
  /** PostgreSQL connection string; wins over the PGlite options. */
  databaseUrl?: string;
  /** PGlite data directory; omit (and pass no `pglite`) for an in-memory database. */
  pgliteDir?: string;
  /** An existing PGlite instance (closed with the Kysely instance). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /**
   * Told about errors of idle pooled connections (the server restarted, an administrator ended the session).
   * The pool drops such a connection and opens a new one when needed; without a listener Node would crash.
   */
  onIdleError?: (err: Error) => void;
}

/** Extensions every PGlite instance loads (migration 0007 creates pg_trgm for the item search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens the database. `db.destroy()` closes the pool or the PGlite instance. */
export function createDb(opts: DbOptions = {}): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    pool.on('error', opts.onIdleError ?? ((err) => console.warn(`database: idle connection lost: ${err.message}`)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const pglite = opts.pglite ?? new PGlite({ dataDir: opts.pgliteDir, extensions: PGLITE_EXTENSIONS });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
