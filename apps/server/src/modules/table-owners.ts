/**
 * Every table and its one owner, as data: the path (under apps/server/src/) of the module, or of the file or
 * folder inside it, that alone writes the table. The house rules (scripts/house-rules.ts) read it to refuse a write
 * from outside the owner and an SQL read of a table from another module (`TABLE_READ_CROSSINGS`, each with its
 * reason, are the reads not yet moved behind the owner's index.ts); `modules/one-writer.test.ts` checks it against
 * the modules' `tables.ts` and the migrations. Demo seeds, migrations and tests are not owners and may write anything.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // accounts
  members: 'modules/accounts/',
  email_certs: 'modules/accounts/',
  mail_sends: 'modules/accounts/',
  sign_in_nonces: 'modules/accounts/',
  tickets: 'modules/accounts/',
  idempotency_keys: 'modules/accounts/',
  inactive_members: 'modules/accounts/inactive-members-repository.ts',
  // alerts
  alerts: 'modules/alerts/outbox-repository.ts',
  mail_unsubscribes: 'modules/alerts/',
  // catalog
  categories: 'modules/catalog/',
  token_prices: 'modules/catalog/',
  uploads: 'modules/catalog/',
  platform_settings: 'modules/catalog/',
  // collections
  collections: 'modules/collections/',
  // console
  audit_log: 'modules/console/',
  // discovery
  curation_sections: 'modules/discovery/',
  curation_entries: 'modules/discovery/',
  collection_trade_daily: 'modules/discovery/',
  collection_rank_stats: 'modules/discovery/',
  // items
  items: 'modules/items/',
  inventory: 'modules/items/',
  item_views: 'modules/items/',
  item_traits: 'modules/items/',
  item_trait_counts: 'modules/items/',
  // referral
  referral_accruals: 'modules/referral/',
  referral_cursor: 'modules/referral/',
  referral_payouts: 'modules/referral/',
  referral_forfeits: 'modules/referral/',
  // social
  item_likes: 'modules/social/',
  report_categories: 'modules/social/',
  reports: 'modules/social/',
  // support
  notices: 'modules/support/',
  faq_categories: 'modules/support/',
  faq_items: 'modules/support/',
  inquiries: 'modules/support/',
  // trading: the order book's tables, each written by its folder alone
  listings: 'modules/trading/order-book/',
  reservations: 'modules/trading/order-book/',
  auctions: 'modules/trading/order-book/auctions/',
  auction_bids: 'modules/trading/order-book/auctions/',
  withdrawable_balances: 'modules/trading/order-book/auctions/',
  offers: 'modules/trading/order-book/offers/',
  offer_accepts: 'modules/trading/order-book/offers/',
  offer_list_deletions: 'modules/trading/order-book/offers/',
  collection_offers: 'modules/trading/order-book/collection-offers/',
  collection_offer_accepts: 'modules/trading/order-book/collection-offers/',
  collection_offer_items: 'modules/trading/order-book/collection-offers/',
  // trading: the rest
  trade_history: 'modules/trading/history-writer.ts',
  collection_chart_days: 'modules/trading/history-writer.ts',
  transfer_permits: 'modules/trading/',
  seller_counters: 'modules/trading/',
  indexer_cursor: 'modules/trading/',
  indexer_blocks: 'modules/trading/',
  chain_logs: 'modules/trading/',
  // watchlist
  watch_follows: 'modules/watchlist/',
  watch_floor_marks: 'modules/watchlist/',
  // the platform's own table (no module declares it)
  jobs_lease: 'platform/jobs/leader.ts',
};
