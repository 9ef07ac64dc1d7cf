/**
 * `npm run bench -w @att/server`: the collection charts (floor and volume per day, week and month) at catalogue
 * scale, on PGlite (in memory) or, when DATABASE_URL is set, on a throwaway `bench_<random>` database of that
 * PostgreSQL server. Seeds 100,000 items in 100 collections (the largest, the one charted, holds 10,000) and 300,000
 * history rows over two years (two thirds of them trades, a third of those in KLAY), set-based, then for each chart
 * times BENCH_CHART_RUNS (default 200) sequential calls of the repository's statement and, in the same run, a bare
 * `SELECT 1` through the same connection: p50 and p99 of each, and whether the plan reads the rollup per collection
 * and day (`collection_chart_days`, filled from the seeded history by its triggers) by its primary key.
 * Goal: each chart under 50 ms at p99.
 */
import { CHART_PERIODS, TRADE_EVENTS } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { openDb } from '../src/platform/db/connection';
import { migrate } from '../src/platform/db/migrate';
import type { Database } from '../src/modules/schema';
import { seed } from '../src/seed';
import { seedBenchCollections, timeRuns } from './bench-catalogue';
import { chartSince, collectionCharts } from '../src/modules/trading/collection-charts';

const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 200);
const GOAL_MS = 50;
const NOW = new Date();

async function seedCatalogue(db: Kysely<Database>): Promise<number> {
  const t0 = Date.now();
  await seedBenchCollections(db);
  // Collection 1 gets every tenth item (10,000); the other 90,000 spread over the other 99.
  await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
    SELECT g, c.collection_idx, c.member_idx, 'Bench item ' || g, 1 + g % 8, 1, 'png', 'item' || g || '.png', 5, 500
    FROM generate_series(1, 100000) g
    JOIN collections c ON c.name = 'Bench collection ' || CASE WHEN g % 10 = 0 THEN 1 ELSE 2 + g % 99 END`.execute(db);
  const events = `ARRAY[${[...TRADE_EVENTS, 1, 4, 9, 15].join(', ')}]::smallint[]`;
  await sql`INSERT INTO trade_history (event_type, item_idx, collection_idx, amount, unit_price, symbol, usd_value, from_address, to_address, created_at)
    SELECT (${sql.raw(events)})[1 + g % 8], i.item_idx, i.collection_idx, 1 + g % 3, p.price, p.sym,
           trunc(p.price / 1e18 * (CASE p.sym WHEN 'ATT' THEN 0.0123 ELSE 0.1532 END) * (1 + g % 3), 4),
           '0x' || lpad(to_hex(1 + g % 100), 40, '0'), '0x' || lpad(to_hex(1 + (g * 7) % 100), 40, '0'),
           ${NOW.toISOString()}::timestamptz - (g % 730) * interval '1 day' - (g % 86399) * interval '1 second'
    FROM generate_series(1, 300000) g
    JOIN items i ON i.token_id = 1 + (g::bigint * 7919) % 100000
    CROSS JOIN LATERAL (SELECT ((1 + g % 1000)::numeric * 1e17) AS price, CASE WHEN g % 3 = 0 THEN 'KLAY' ELSE 'ATT' END AS sym) p`.execute(
    db,
  );
  await sql`VACUUM ANALYZE`.execute(db);
  const big = await sql<{ idx: number; n: number }>`SELECT collection_idx AS idx, count(*)::int AS n FROM trade_history
    GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(db);
  const { idx, n } = big.rows[0]!;
  console.log(
    `seeded 100,000 items / 100 collections / 300,000 history rows in ${((Date.now() - t0) / 1000).toFixed(1)} s; charting collection ${idx} (${n} rows)`,
  );
  return idx;
}

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

/** The plan of one chart statement, as the repository sends it: whether it scans the rollup's primary key. */
async function plan(db: Kysely<Database>, collectionIdx: number, period: (typeof CHART_PERIODS)[number]) {
  const since = chartSince(period, NOW).toISOString().slice(0, 10);
  const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT min(d.floor_att) FROM collection_chart_days d
    WHERE d.collection_idx = ${collectionIdx} AND d.day >= ${since}::date`.execute(db);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  return /Index (Only )?Scan using collection_chart_days_pkey/.test(text) ? 'rollup key' : 'OTHER PLAN';
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'bench') : undefined;
  const db = openDb<Database>({ databaseUrl: scratch?.url, poolMax: 1 });
  try {
    await migrate(db);
    await seed(db);
    const collectionIdx = await seedCatalogue(db);
    const charts = collectionCharts(db);
    const base = await time(() => sql`SELECT 1`.execute(db));
    console.log(`${scratch ? 'PostgreSQL' : 'PGlite'}, ${RUNS} sequential calls each, node ${process.version}`);
    console.log('chart            rows  p50 ms  p99 ms | plan       | SELECT 1: p50 ms  p99 ms');
    let worst = 0;
    for (const period of CHART_PERIODS) {
      for (const kind of ['floor', 'volume'] as const) {
        const rows = (await charts[kind](collectionIdx, period, NOW)).length;
        const r = await time(() => charts[kind](collectionIdx, period, NOW));
        worst = Math.max(worst, r.p99);
        const f = (n: number) => n.toFixed(2).padStart(7);
        console.log(
          `${`${kind} / ${period}`.padEnd(15)} ${String(rows).padStart(5)} ${f(r.p50)} ${f(r.p99)} | ${(await plan(db, collectionIdx, period)).padEnd(10)} | ${f(base.p50)} ${f(base.p99)}`,
        );
      }
    }
    console.log(`worst p99 ${worst.toFixed(2)} ms (goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT MET'}`);
  } finally {
    await db.destroy();
    await scratch?.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
