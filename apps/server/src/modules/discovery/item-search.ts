/**
 * The item grids' query service: the page's ids and total from the compiled-once statements (item-statements.ts),
 * then the cards of those ids from the card query compiled once (items' `cardQuery`).
 */
import { CompiledQuery, sql, type Kysely, type SqlBool } from 'kysely';
import { cardQuery } from '../items';
import type { Database } from '../schema';
import { cheapestListings, type CheapestListing } from '../trading';
import type { Coin, ItemQuery, Page } from './item-query';
import { itemStatements } from './item-statements';

/**
 * Totals of the marketplace and search are shared for `ttlMs` per filter (one count in flight per filter): counting
 * 100,000 rows per scroll step costs more than the page itself. Member and collection lists count every time
 * (their owner's own hide or unhide shows at once).
 */
export function countCache(ttlMs: number) {
  const cache = new Map<string, { at: number; n: Promise<number> }>();
  return (key: string, run: () => Promise<number>, now = performance.now()): Promise<number> => {
    const hit = cache.get(key);
    if (hit && now - hit.at < ttlMs) return hit.n;
    if (cache.size > 5000) cache.clear();
    const n = run();
    cache.set(key, { at: now, n });
    n.catch(() => cache.delete(key));
    return n;
  };
}

/**
 * The cards of a page of ids (in any order), for a viewer's address ('' for none): the card query compiled once
 * and run with new parameters. Building and compiling its 30 columns and three joins with Kysely cost ~0.2 ms
 * of CPU per request, more than PostgreSQL spends on it.
 */
export function cardsStatement(db: Kysely<Database>) {
  const VIEWER = '\u0000viewer';
  const IDS = [-271828];
  const compiled = cardQuery(db, VIEWER)
    .where(sql<SqlBool>`i.item_idx = ANY (${IDS}::int[])`)
    .compile();
  const slots = compiled.parameters.map((v) => (v === VIEWER ? 'viewer' : v === IDS ? 'ids' : 'fixed'));
  type Row = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];
  return (ids: readonly number[], viewer: string | undefined) =>
    CompiledQuery.raw(
      compiled.sql,
      compiled.parameters.map((v, n) => (slots[n] === 'viewer' ? (viewer ?? '') : slots[n] === 'ids' ? [...ids] : v)),
    ) as CompiledQuery<Row>;
}

/** The filters of `q` (what its total depends on) as a cache key. */
function countKey(q: ItemQuery): string {
  const { order: _order, now: _now, ...filters } = q;
  return JSON.stringify(filters, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export function createItemQuery(db: Kysely<Database>, opts: { marketCountTtlMs?: number } = {}) {
  const cachedCount = countCache(opts.marketCountTtlMs ?? 0);
  const cards = cardsStatement(db);
  const statements = itemStatements(db);
  return {
    /**
     * The page's cards in order and the total. `viewer`: the caller's address (their counts on the cards).
     * `withListings`: also the cheapest live listing of each (read beside the cards, in parallel).
     */
    async list(q: ItemQuery, page: Page, viewer?: string, opts: { withListings?: boolean } = {}) {
      const { ids, count } = statements(q, page);
      const runCount = () => db.executeQuery(count).then((r) => r.rows[0]!.n);
      // Statuses 3 (new) count from `now`: the total is shared for at most the TTL, as every other total.
      const total = q.scope.kind === 'market' ? cachedCount(countKey(q), runCount) : runCount();
      const [idRows, n] = await Promise.all([db.executeQuery(ids), total]);
      const order = idRows.rows.map((r) => r.item_idx);
      if (order.length === 0) return { list: [], total: n, listings: new Map<number, CheapestListing>() };
      const [rows, listings] = await Promise.all([
        db.executeQuery(cards(order, viewer)).then((r) => r.rows),
        opts.withListings ? this.cheapestListings(order) : new Map<number, CheapestListing>(),
      ]);
      const byId = new Map(rows.map((r) => [r.productId, r]));
      return { list: order.map((id) => byId.get(id)!).filter(Boolean), total: n, listings };
    },

    /** The spec's marketplace extras of the cheapest live listing per item: pieces left and the seller. */
    /** The spec's marketplace extras of the cheapest live listing per item (read from the order book). */
    cheapestListings: (itemIdxs: readonly number[]) => cheapestListings(db, itemIdxs),

    /** Configured USD price per coin (decimal strings). */
    async usdPrices(): Promise<Partial<Record<Coin, string>>> {
      const rows = await db
        .selectFrom('token_prices')
        .select(['symbol', sql<string>`usd_price::text`.as('p')])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.symbol, r.p]));
    },
  };
}

export type ItemQueryService = ReturnType<typeof createItemQuery>;
