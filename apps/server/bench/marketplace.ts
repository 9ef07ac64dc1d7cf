/**
 * `npm run bench -w @att/server` (second part): the marketplace grids at catalogue scale, on PostgreSQL only
 * (`DATABASE_URL`; a throwaway database: the run creates `bench_market_<random>` on that server and drops it).
 * Seeds 100,000 items in 500 collections and 20,000 live listings (the items' sale summary filled to match)
 * with set-based INSERT ... SELECT generate_series, then for each case prints requests/s and p50/p99 through the
 * API at BENCH_CONNECTIONS (default 50) connections (autocannon), and, in the same run, the same SQL (the item
 * query's statements for that request, compiled by the same code) through the pg driver alone at the same
 * concurrency over a pool of the app's size (the total shared for 2 s per filter on both paths, as the API does),
 * and the ratio API / SQL. Targets: p99 < 50 ms, ratio >= 0.5.
 */
import { API_BASE } from '@att/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { createDb } from '../src/modules/schema';
import { ITEMS, LISTINGS, seedCatalogue } from './catalogue';
import { migrate } from '../src/platform/db/migrate';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { seed } from '../src/seed';
import { MARKET_COUNT_TTL_MS } from '../src/modules/discovery/item-list-routes';
import { MARKET_ORDER_KEYS, priceRangesOf, type ItemQuery } from '../src/modules/discovery/item-query';
import { cardsStatement, countCache, createItemQuery } from '../src/modules/discovery/item-search';
import { itemStatements } from '../src/modules/discovery/item-statements';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL = 10;

interface Stats {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` loops running `run` for `seconds`; latency percentiles in ms. */
async function loop(run: () => Promise<unknown>): Promise<Stats> {
  const lat: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await run();
          lat.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const at = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? NaN;
  return { rps: lat.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'bench/marketplace: skipped (needs DATABASE_URL of a PostgreSQL server; it creates and drops its own database)',
    );
    return;
  }
  const scratch = await scratchDatabase(serverUrl, 'bench_market');
  const { name } = scratch;
  const databaseUrl = scratch.url;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-bench-market-'));
  const setupDb = createDb({ databaseUrl, poolMax: 2 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(setupDb);
    await seed(setupDb);
    const ms = await seedCatalogue(setupDb);
    if (process.env.BENCH_SEED_ONLY) return;
    console.log(
      `PostgreSQL: seeded ${ITEMS} items, ${LISTINGS} listings in ${(ms / 1000).toFixed(1)} s; ${connections} connections, ${seconds} s per case, pool ${POOL}`,
    );

    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', PORT: '0' }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE}`;
    const itemQuery = createItemQuery(setupDb);
    const prices = await itemQuery.usdPrices();
    const now = new Date();

    const cases: { name: string; path: string; body: Record<string, unknown>; query: ItemQuery }[] = [
      {
        name: 'instance/list (no filter)',
        path: '/nft/instance/list',
        body: {},
        query: { scope: { kind: 'market' }, order: 'newest', now },
      },
      {
        name: 'instance/list (category 3, ATT 10-500, popular)',
        path: '/nft/instance/list',
        body: { filterCategory: 3, filterPrice: 2, startPrice: '10', endPrice: '500', orderType: 2 },
        query: {
          scope: { kind: 'market' },
          category: 3,
          priceRanges: priceRangesOf(2, '10', '500', prices),
          order: MARKET_ORDER_KEYS[2]!,
          now,
        },
      },
      {
        name: 'info/searchList ("호랑이")',
        path: '/nft/info/searchList',
        body: { searchText: '호랑이' },
        query: { scope: { kind: 'market' }, searchText: '호랑이', order: 'relevance', now },
      },
    ];

    console.log('case'.padEnd(50), 'API req/s  p50 ms  p99 ms | SQL req/s  p50 ms  p99 ms | API/SQL');
    for (const c of cases) {
      // The statements the API runs for this request, compiled by the same code.
      const page = { pageNo: 1, pageSize: 20 };
      const { ids: idSql, count: countSql } = itemStatements(setupDb)(c.query, page);
      const idRows = (await setupDb.executeQuery(idSql)).rows;
      const cardSql = cardsStatement(setupDb)(
        idRows.map((r) => r.item_idx),
        undefined,
      );
      const cheapestSql = `SELECT DISTINCT ON (l.item_idx) l.item_idx, l.remaining, m.user_name AS seller_name
        FROM listings l LEFT JOIN members m ON m.address = l.seller_address
        WHERE l.item_idx = ANY ($1::int[]) AND l.state = 1 ORDER BY l.item_idx, l.unit_price, l.listing_idx`;
      const needsPrices = c.body.startPrice !== undefined;
      // The total is shared for MARKET_COUNT_TTL_MS per filter, as the API does.
      const shared = countCache(MARKET_COUNT_TTL_MS);
      const countKey = `${countSql.sql}|${JSON.stringify(countSql.parameters)}`;
      const bare = async () => {
        if (needsPrices) await pool.query('SELECT symbol, usd_price::text AS p FROM token_prices');
        await Promise.all([
          pool.query(idSql.sql, idSql.parameters as unknown[]),
          shared(countKey, () =>
            pool.query(countSql.sql, countSql.parameters as unknown[]).then((r) => r.rowCount ?? 0),
          ),
        ]);
        await Promise.all([
          pool.query(cardSql.sql, cardSql.parameters as unknown[]),
          pool.query(cheapestSql, [idRows.map((r) => r.item_idx)]),
        ]);
      };
      // Warm both paths.
      await bare();
      await autocannon({
        url: `${base}${c.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
        connections: 5,
        duration: 1,
      });
      const api = await autocannon({
        url: `${base}${c.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
        connections,
        duration: seconds,
        // The load generator in its own thread, off the server's event loop.
        workers: 1,
      });
      const sqlStats = await loop(bare);
      const apiRps = api.requests.average;
      console.log(
        c.name.padEnd(50),
        `${apiRps.toFixed(0).padStart(9)} ${api.latency.p50.toFixed(1).padStart(7)} ${api.latency.p99.toFixed(1).padStart(7)} |`,
        `${sqlStats.rps.toFixed(0).padStart(9)} ${sqlStats.p50.toFixed(1).padStart(7)} ${sqlStats.p99.toFixed(1).padStart(7)} |`,
        `${(apiRps / sqlStats.rps).toFixed(2).padStart(7)}`,
        api.non2xx + api.errors + sqlStats.errors > 0
          ? ` (errors: API ${api.non2xx + api.errors}, SQL ${sqlStats.errors})`
          : '',
      );
    }
  } finally {
    await app?.close();
    await pool.end();
    await setupDb.destroy();
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else {
      await scratch.drop();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
