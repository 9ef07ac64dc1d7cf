/**
 * What `npm run reindex` must give back, read from PostgreSQL: every chain-derived table (and the tables whose
 * columns the chain drives), each row as sorted JSON without the columns a rebuild may renumber or re-stamp.
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
};

/** The indexer's own bookkeeping inside a log's args (`_undo`: how to take the event back from the state the replay
 * found, `_order`: its place in its block's pass) is not chain data: left out. */
const withoutBookkeeping = (table: string, r: Record<string, unknown>) =>
  table === 'chain_logs' ? { ...r, args: Object.fromEntries(Object.entries(r.args as Record<string, unknown>).filter(([k]) => !k.startsWith('_'))) } : r;

export type Snapshot = Record<string, string[]>;

export async function snapshot(db: pg.Client): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [table, skip] of Object.entries(TABLES)) {
    const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
    out[table] = rows
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(withoutBookkeeping(table, r)).filter(([k]) => !skip.includes(k)).sort(([a], [b]) => a.localeCompare(b)))))
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
