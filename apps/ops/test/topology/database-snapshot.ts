/**
 * What `npm run reindex` must give back, read from PostgreSQL: every chain-derived table (and the tables whose
 * columns the chain drives: listings, auctions, offers), each row as sorted JSON without the columns a rebuild may
 * renumber or re-stamp.
 */
import type pg from 'pg';

/** Table -> columns left out (serial ids and bookkeeping times). */
const TABLES: Record<string, string[]> = {
  trade_history: ['history_idx'],
  inventory: ['updated_at'],
  items: ['updated_at', 'view_count', 'like_count'],
  listings: ['updated_at'],
  reservations: [],
  transfer_permits: [],
  indexer_cursor: [],
  indexer_blocks: [],
  chain_logs: [],
  seller_counters: [],
  // The dispatcher's and the mail job's bookkeeping (when each alert was numbered, sent, mailed, read) is not chain data.
  alerts: ['dispatched_at', 'dispatch_seq', 'mail_pending', 'mailed_at', 'read_at'],
  // Auctions, bids and offers: when the rebuild last touched a row is not chain data, nor a bid's serial id (the
  // rebuild deletes the bids and inserts them again; a bid's created_at is its block's time, compared).
  auctions: ['updated_at'],
  auction_bids: ['bid_idx', 'updated_at'],
  withdrawable_balances: [],
  offers: ['updated_at'],
  offer_accepts: [],
};

/**
 * Rows compared, where not all. Each poll of the indexer stores the hash of the block it read up to, besides those of
 * the blocks holding its logs: a block without marketplace logs (the auction's `evm_mine`, an ATT transfer) is stored
 * only when a poll happened to end there, which is timing, not chain data. The blocks of the logs the indexer claimed
 * (chain_logs) and the cursor's are compared.
 */
const ROWS: Record<string, string> = {
  indexer_blocks:
    'WHERE block_number IN (SELECT block_number FROM chain_logs UNION SELECT block_number FROM indexer_cursor)',
};

/** The indexer's own bookkeeping inside a log's args (`_undo`: how to take the event back from the state the replay
 * found, `_order`: its place in its block's pass) is not chain data: left out. */
const withoutBookkeeping = (table: string, r: Record<string, unknown>) =>
  table === 'chain_logs'
    ? {
        ...r,
        args: Object.fromEntries(Object.entries(r.args as Record<string, unknown>).filter(([k]) => !k.startsWith('_'))),
      }
    : r;

export type Snapshot = Record<string, string[]>;

export async function snapshot(db: pg.Client): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [table, skip] of Object.entries(TABLES)) {
    const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM ${table} ${ROWS[table] ?? ''}`);
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(withoutBookkeeping(table, r))
              .filter(([k]) => !skip.includes(k))
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** The rows that are in one snapshot and not the other, per table (empty: equal). */
export function differences(a: Snapshot, b: Snapshot): Record<string, { missing: string[]; extra: string[] }> {
  const diffs: Record<string, { missing: string[]; extra: string[] }> = {};
  for (const t of Object.keys(a)) {
    const missing = a[t]!.filter((r) => !b[t]!.includes(r));
    const extra = b[t]!.filter((r) => !a[t]!.includes(r));
    if (missing.length > 0 || extra.length > 0) diffs[t] = { missing, extra };
  }
  return diffs;
}
