/**
 * `npm run bench -w @att/server`: the app on a fresh PGlite (in a temp dir; PostgreSQL when DATABASE_URL is set), listening on 127.0.0.1, loaded
 * with autocannon for a bounded time per endpoint. Prints requests/s and latency (p50/p99) per endpoint.
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune it. The rate limit is off for the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, TICKET_TTL_MS } from '@att/shared';
import autocannon from 'autocannon';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { seed } from '../src/seed';
import { newTicket } from '../src/platform/secrets';
import { sessionsRepo } from '../src/modules/accounts/sessions-repository';
import { membersRepo } from '../src/modules/accounts/members-repository';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    PORT: '0',
  });
  const app = await buildApp(config);
  try {
    const address = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const userName = `bench_${address.slice(2, 12)}`;
    await seed(app.db, { members: [{ address, userName, email: `${userName}@example.com` }] });
    const member = await membersRepo(app.db).findByAddress(address);
    if (!member) throw new Error('bench member missing');
    const ticket = newTicket();
    const now = new Date();
    await sessionsRepo(app.db).createTicket(
      ticket,
      member.memberIdx,
      address,
      new Date(now.getTime() + TICKET_TTL_MS),
      now,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}${API_BASE}`;

    const cases: { name: string; body: object }[] = [
      { name: '/user/exist', body: { address } },
      { name: '/config/front', body: {} },
      { name: '/ticket/check', body: { address, id: userName, ticketId: ticket } },
    ];
    const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
    console.log(`${db}, ${connections} connections, ${seconds} s per endpoint, node ${process.version}`);
    console.log('endpoint             req/s    p50 ms   p99 ms   non-2xx  errors');
    for (const c of cases) {
      const r = await autocannon({
        url: `${base}${c.name}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
        connections,
        duration: seconds,
      });
      console.log(
        `${c.name.padEnd(18)} ${r.requests.average.toFixed(0).padStart(7)} ${r.latency.p50.toFixed(1).padStart(9)} ${r.latency.p99
          .toFixed(1)
          .padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`,
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
