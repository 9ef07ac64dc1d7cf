/**
 * `npm run bench -w @att/server` (capacity): the request rate one web instance (ROLE=web, the default pool of 10)
 * sustains with p99 under 100 ms, on PostgreSQL only (`DATABASE_URL`; a throwaway `bench_capacity_<random>`
 * database with the catalogue of bench/catalogue.ts), for the marketplace list as a visitor first asks for it
 * (`/nft/instance/list`, no filter) and, in the same run, the bare `/config/front`. The load comes from a worker
 * thread (autocannon `workers: 1`), not the app's event loop: clients that each send their next request when the
 * last is answered, for BENCH_SECONDS (default 5) per step; their number doubles from 1 until a step fails (p99 ≥
 * 100 ms or a request failing). Printed: the busiest passing step's requests/s, p50 and p99, and its clients. The
 * figures are this machine's (the load generator shares its cores with the app and PostgreSQL: note the load
 * average printed beside them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@att/shared';
import autocannon from 'autocannon';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { buildApp } from '../src/app';
import { createDb } from '../src/modules/schema';
import { loadConfig } from '../src/platform/config';
import { migrate } from '../src/platform/db/migrate';
import { seed } from '../src/seed';
import { ITEMS, LISTINGS, seedCatalogue } from './catalogue';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const P99_MS = 100;

interface Step {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  ok: boolean;
}

/** `connections` clients, each sending its next request when the last is answered, for BENCH_SECONDS. */
async function step(url: string, connections: number): Promise<Step> {
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    connections,
    duration: seconds,
    workers: 1,
  });
  const failed = r.non2xx + r.errors + r.timeouts;
  const s = { connections, rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99 };
  if (process.env.BENCH_VERBOSE) console.log('  step', JSON.stringify({ ...s, failed }));
  return { ...s, ok: s.p99 < P99_MS && failed === 0 };
}

/** The busiest step under the p99 bound: clients doubled from 1 until a step fails. */
async function capacity(url: string): Promise<Step | undefined> {
  const passed: Step[] = [];
  for (let c = 1; c <= 512; c *= 2) {
    const s = await step(url, c);
    if (!s.ok) break;
    passed.push(s);
  }
  return passed.sort((x, y) => y.rps - x.rps)[0];
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'bench/capacity: skipped (needs DATABASE_URL of a PostgreSQL server; it creates and drops its own database)',
    );
    return;
  }
  const scratch = await scratchDatabase(serverUrl, 'bench_capacity');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-bench-capacity-'));
  const setupDb = createDb({ databaseUrl: scratch.url, poolMax: 2 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(setupDb);
    await seed(setupDb);
    const ms = await seedCatalogue(setupDb);
    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', ROLE: 'web' }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE}`;
    console.log(
      `capacity of one web instance at p99 < ${P99_MS} ms: PostgreSQL, ${ITEMS} items, ${LISTINGS} listings (seeded in ${(ms / 1000).toFixed(1)} s), ${seconds} s per step, node ${process.version}`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    console.log('case'.padEnd(34), 'req/s   p50 ms  p99 ms  clients');
    for (const [name, route] of [
      ['marketplace list (instance/list)', '/nft/instance/list'],
      ['bare baseline (config/front)', '/config/front'],
    ] as const) {
      // Warm the path (the count cache, the planner, the pool) before measuring.
      await autocannon({
        url: `${base}${route}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        connections: 10,
        duration: 2,
      });
      const s = await capacity(`${base}${route}`);
      console.log(
        name.padEnd(34),
        s
          ? `${s.rps.toFixed(0).padStart(5)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(7)}`
          : 'below 50/s',
      );
    }
  } finally {
    await app?.close();
    await setupDb.destroy();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
