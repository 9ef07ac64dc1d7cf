/**
 * An instance's PostgreSQL connections: at most DATABASE_POOL_SIZE pooled ones for requests and jobs, and the
 * session work a transaction-mode pooler cannot carry (the jobs lease, LISTEN) on DATABASE_DIRECT_URL. Told apart
 * here by the URL's user: the direct URL logs in as a role of its own. PostgreSQL only (PGlite is one connection).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDb, testConfig } from '../test/helper';
import { buildApp } from './app';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL connections of an instance', () => {
  it('the pool holds DATABASE_POOL_SIZE connections at most; the jobs lease and LISTEN use DATABASE_DIRECT_URL', async () => {
    const { db: admin, url, drop } = await freshDb();
    const role = `att_direct_${randomBytes(4).toString('hex')}`;
    await sql.raw(`CREATE ROLE ${role} LOGIN SUPERUSER`).execute(admin);
    const u = new URL(url!);
    u.username = role;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'att-connections-'));
    const app = await buildApp(
      testConfig(dataDir, { databaseUrl: url, database: { directUrl: u.toString(), poolSize: 3 } }),
    );
    try {
      await app.ready();
      // Eight statements at once through the pool: three connections serve them all.
      const pids = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const r = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(app.db);
          return r.rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBeLessThanOrEqual(3);
      expect(new Set(pids).size).toBeGreaterThan(1);

      const session = async () =>
        (
          await sql<{ app: string; usename: string }>`
            SELECT application_name AS app, usename FROM pg_stat_activity
            WHERE datname = current_database() AND application_name LIKE 'att-%'`.execute(admin)
        ).rows;
      let rows = await session();
      while (!(rows.some((r) => r.app === 'att-jobs-lease') && rows.some((r) => r.app.startsWith('att-listen-'))))
        rows = await new Promise<typeof rows>((resolve) => setImmediate(() => void session().then(resolve)));
      expect(
        rows.every((r) => r.usename === role),
        JSON.stringify(rows),
      ).toBe(true);
      // The pooled connections are the pool's user's, not the direct role's.
      const pooled = await sql<{ usename: string }>`SELECT current_user AS usename`.execute(app.db);
      expect(pooled.rows[0]!.usename).not.toBe(role);
    } finally {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
      const cleanup = new URL(serverUrl!);
      const { Client } = (await import('pg')).default;
      const c = new Client({ connectionString: cleanup.toString() });
      await c.connect();
      await c.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
      await c.end();
    }
  }, 60_000);
});
