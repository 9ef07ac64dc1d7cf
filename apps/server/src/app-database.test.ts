/** The db plugin opening its own database from config: PGlite in DATA_DIR/db (kept across restarts), or DATABASE_URL. */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { freshDb, testConfig } from '../test/helper';

async function categories(app: Awaited<ReturnType<typeof buildApp>>) {
  const r = await app.inject({ method: 'POST', url: `${API_BASE}/nft/category/list` });
  return (JSON.parse(r.body) as { list: unknown[] }).list.length;
}

describe('db plugin', () => {
  it('opens PGlite in DATA_DIR/db, migrates, seeds, and keeps data across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'att-db-plugin-'));
    try {
      const config = testConfig(dataDir);
      const first = await buildApp(config);
      expect(await categories(first)).toBe(8);
      await first.db.updateTable('token_prices').set({ usd_price: '7.5' }).where('symbol', '=', 'ATT').execute();
      await first.close();
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);

      const second = await buildApp(config);
      const r = await second.inject({ method: 'POST', url: `${API_BASE}/config/token/info` });
      expect((JSON.parse(r.body) as { list: { price: string }[] }).list[0]!.price).toBe('7.5');
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // initdb of an on-disk PGlite plus every migration, twice: 12 s on an idle 2-core machine, 30+ under load.
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)('opens PostgreSQL from DATABASE_URL and closes its pool', async () => {
    const fresh = await freshDb();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'att-db-plugin-'));
    try {
      await fresh.db.destroy();
      const app = await buildApp(testConfig(dataDir, { databaseUrl: fresh.url }));
      expect(await categories(app)).toBe(8);
      await app.close();
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      await fresh.drop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
