/**
 * `npm run bench -w @att/server` (second part): rankings and the transaction feed at catalogue scale, on
 * PostgreSQL only (DATABASE_URL of a throwaway server; skipped without it). A new database `bench_<random>` gets
 * 100,000 items in 500 collections, 300 members, 100,000 inventory rows and 200,000 history rows, all set-based
 * (INSERT ... SELECT generate_series; the 0008 triggers build the ranking aggregates on the way), then for each
 * case: requests/s and p50/p99 at BENCH_CONNECTIONS (default 50) through the API (autocannon) and, in the same
 * run, the same SQL statements the repository issues for that request, through the pg driver alone (the same
 * pool size as the app's, the same concurrency), with the ratio API / bare SQL. BENCH_SECONDS (default 5);
 * BENCH_KEEP_DB=1 keeps the database for EXPLAIN.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@att/shared';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/modules/schema';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { seed } from '../src/seed';
import { createHistoryRepository } from '../src/modules/discovery/history-repository';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The app's pool size (createDb's default); the bare-SQL run uses the same. */
const POOL = 10;

async function seedCatalogue(db: Kysely<Database>) {
  const t0 = Date.now();
  await sql`INSERT INTO members (user_name, name_skeleton, address, email, email_verified_at)
    SELECT 'bench_' || g, 'bench_' || g, '0x' || lpad(to_hex(g), 40, '0'), 'bench' || g || '@example.com', now()
    FROM generate_series(1, 300) g`.execute(db);
  await sql`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    SELECT m.member_idx, 'Bench collection ' || g, (g % 11) * 100, 'logo' || g || '.png'
    FROM generate_series(1, 500) g JOIN members m ON m.user_name = 'bench_' || (1 + g % 300)`.execute(db);
  await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps, created_at)
    SELECT g, c.collection_idx, c.member_idx, '벤치 아이템 Bench item ' || g, 1 + g % 8, 1, 'png', 'item' || g || '.png', 1 + (g % 5) * 2, c.royalty_bps,
           now() - (g % 365) * interval '1 day'
    FROM generate_series(1, 100000) g JOIN collections c ON c.name = 'Bench collection ' || (1 + g % 500)`.execute(db);
  await sql`INSERT INTO inventory (item_idx, holder_address, amount)
    SELECT i.item_idx, m.address, i.total_supply FROM items i JOIN members m ON m.member_idx = i.creator_idx`.execute(
    db,
  );
  await sql`INSERT INTO trade_history (event_type, item_idx, collection_idx, amount, unit_price, symbol, usd_value, from_address, to_address, royalty,
                                       chain_id, tx_hash, log_index, created_at)
    SELECT e.t, i.item_idx, i.collection_idx, 1 + g % 3, p.price, p.sym, trunc(p.price / 1e18 * (CASE p.sym WHEN 'ATT' THEN 0.0123 ELSE 0.1532 END) * (1 + g % 3), 4),
           '0x' || lpad(to_hex(1 + g % 300), 40, '0'), CASE WHEN g % 4 = 0 THEN '0x' || lpad(to_hex(100000 + g % 997), 40, '0') ELSE '0x' || lpad(to_hex(1 + (g * 7) % 300), 40, '0') END,
           p.price / 20, 1001, '0x' || lpad(to_hex(g), 64, '0'), 0, now() - (g % 90) * interval '1 day' - (g % 86399) * interval '1 second'
    FROM generate_series(1, 200000) g
    JOIN items i ON i.token_id = 1 + (g * 7919) % 100000
    CROSS JOIN LATERAL (SELECT (ARRAY[0, 1, 1, 1, 2, 2, 3, 4, 9, 15, 20, 12, 17, 7])[1 + g % 14] AS t) e
    CROSS JOIN LATERAL (SELECT ((1 + g % 1000)::numeric * 1e18) AS price, CASE WHEN g % 3 = 0 THEN 'KLAY' ELSE 'ATT' END AS sym) p`.execute(
    db,
  );
  await sql`VACUUM ANALYZE`.execute(db);
  const n = await sql<{
    h: number;
    d: number;
  }>`SELECT (SELECT count(*) FROM trade_history)::int AS h, (SELECT count(*) FROM collection_trade_daily)::int AS d`.execute(
    db,
  );
  console.log(
    `seeded 100,000 items / 500 collections / ${n.rows[0]!.h} history rows (${n.rows[0]!.d} daily aggregate rows) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

interface Captured {
  sql: string;
  params: readonly unknown[];
}

/** The statements the repository runs for one request, captured from Kysely's log. */
async function captureSql(
  url: string,
  run: (repo: ReturnType<typeof createHistoryRepository>) => Promise<unknown>,
): Promise<Captured[]> {
  const captured: Captured[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => {
      if (e.level === 'query') captured.push({ sql: e.query.sql, params: e.query.parameters });
    },
  });
  await run(createHistoryRepository(db));
  await db.destroy();
  return captured;
}

/** `connections` workers replaying the statements through one pg pool for `seconds`. */
async function bare(url: string, statements: Captured[]): Promise<{ rps: number; p50: number; p99: number }> {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        for (const s of statements) await pool.query(s.sql, s.params as unknown[]);
        latencies.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('feed-ranking bench: skipped (set DATABASE_URL to a throwaway PostgreSQL server)');
    return;
  }
  const scratch = await scratchDatabase(serverUrl, 'bench');
  const { name } = scratch;
  const dbUrl = scratch.url;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-bench-feed-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    PORT: '0',
  });
  const app = await buildApp(config);
  try {
    await seed(app.db);
    await seedCatalogue(app.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE}`;
    const today = new Date().toISOString().slice(0, 10);

    const cases: {
      name: string;
      path: string;
      body: object;
      run: (r: ReturnType<typeof createHistoryRepository>) => Promise<unknown>;
    }[] = [
      {
        name: 'ranking (total volume)',
        path: '/nft/ranking/list',
        body: { pageNo: 1, pageSize: 100, rankOrderColumn: 1, rankOrderType: 1 },
        run: (r) => r.ranking({ pageNo: 1, pageSize: 100, column: 1, order: 1, today }),
      },
      {
        name: 'ranking (7-day change)',
        path: '/nft/ranking/list',
        body: { pageNo: 1, pageSize: 100, rankOrderColumn: 3, rankOrderType: 1 },
        run: (r) => r.ranking({ pageNo: 1, pageSize: 100, column: 3, order: 1, today }),
      },
      {
        name: 'transactions (all)',
        path: '/nft/info/transaction/all',
        body: { pageNo: 1, pageSize: 20 },
        run: (r) => r.list({ kind: 'all' }, {}, { pageNo: 1, pageSize: 20 }),
      },
      {
        name: 'transactions (trades, KLAY)',
        path: '/nft/info/transaction/all',
        body: { pageNo: 1, pageSize: 20, filterStatus: [3], filterCoin: ['KLAY'] },
        run: (r) => r.list({ kind: 'all' }, { filterStatus: [3], filterCoin: ['KLAY'] }, { pageNo: 1, pageSize: 20 }),
      },
    ];
    console.log(`PostgreSQL, ${connections} connections, ${seconds} s per case, pool ${POOL}, node ${process.version}`);
    console.log('case                          API req/s  p50 ms  p99 ms | SQL req/s  p50 ms  p99 ms | API/SQL');
    for (const c of cases) {
      const statements = await captureSql(dbUrl, c.run);
      const r = await autocannon({
        url: `${base}${c.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
        connections,
        duration: seconds,
        // The load generator in its own thread, off the server's event loop (as bench/marketplace.ts).
        workers: 1,
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const b = await bare(dbUrl, statements);
      const f = (n: number, w = 7) => n.toFixed(1).padStart(w);
      console.log(
        `${c.name.padEnd(28)} ${f(r.requests.average, 10)} ${f(r.latency.p50)} ${f(r.latency.p99)} | ${f(b.rps, 9)} ${f(b.p50)} ${f(b.p99)} | ${(r.requests.average / b.rps).toFixed(2).padStart(7)}`,
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else {
      await scratch.drop();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
