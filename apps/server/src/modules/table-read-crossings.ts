/**
 * The SQL reads of another module's table not yet moved behind the owner's index.ts (a function the owner exports,
 * or a read model it keeps): one line per reader module and table, with the reason it stays. The house rules refuse
 * any other crossing; the list only shrinks.
 */
export interface TableReadCrossing {
  /** The reading module, as `modules/<name>/`. */
  reader: string;
  table: string;
  reason: string;
}

// prettier-ignore
export const TABLE_READ_CROSSINGS: readonly TableReadCrossing[] = [
  { reader: 'modules/accounts/', table: 'collections', reason: 'its lists join the collection rows in one query; collections exports no read for them yet' },
  { reader: 'modules/alerts/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/alerts/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/collections/', table: 'collection_rank_stats', reason: 'the collection page’s rank figures; discovery exports no read yet' },
  { reader: 'modules/collections/', table: 'inventory', reason: 'holdings joined in one query; items exports the inventory writes, not yet these reads' },
  { reader: 'modules/collections/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/collections/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/collections/', table: 'trade_history', reason: 'the volume per coin; collections cannot import trading (trading imports items, which imports collections)' },
  { reader: 'modules/console/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/discovery/', table: 'categories', reason: 'category names joined into its lists; catalog exports no batch read yet' },
  { reader: 'modules/discovery/', table: 'collections', reason: 'its lists join the collection rows in one query; collections exports no read for them yet' },
  { reader: 'modules/discovery/', table: 'inventory', reason: 'holdings joined in one query; items exports the inventory writes, not yet these reads' },
  { reader: 'modules/discovery/', table: 'item_likes', reason: 'like counts joined into its lists; social exports no batch read yet' },
  { reader: 'modules/discovery/', table: 'item_views', reason: 'view counts joined into its rankings; items exports no read yet' },
  { reader: 'modules/discovery/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/discovery/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/discovery/', table: 'token_prices', reason: 'USD order and values computed in SQL against the price table; catalog exports prices as values only' },
  { reader: 'modules/items/', table: 'categories', reason: 'category names joined into its lists; catalog exports no batch read yet' },
  { reader: 'modules/items/', table: 'collections', reason: 'its lists join the collection rows in one query; collections exports no read for them yet' },
  { reader: 'modules/items/', table: 'item_likes', reason: 'like counts joined into its lists; social exports no batch read yet' },
  { reader: 'modules/items/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/items/', table: 'trade_history', reason: 'the item page’s price per day; items cannot import trading (trading imports items)' },
  { reader: 'modules/referral/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/referral/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/social/', table: 'collections', reason: 'its lists join the collection rows in one query; collections exports no read for them yet' },
  { reader: 'modules/social/', table: 'inventory', reason: 'holdings joined in one query; items exports the inventory writes, not yet these reads' },
  { reader: 'modules/social/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/social/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/support/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/trading/', table: 'inventory', reason: 'holdings joined in one query; items exports the inventory writes, not yet these reads' },
  { reader: 'modules/trading/', table: 'items', reason: 'its lists and checks join the item rows in one query; items exports no read for them yet' },
  { reader: 'modules/trading/', table: 'members', reason: 'member names and addresses joined into its lists; accounts exports no batch read of them yet' },
  { reader: 'modules/trading/', table: 'token_prices', reason: 'USD order and values computed in SQL against the price table; catalog exports prices as values only' },
];
