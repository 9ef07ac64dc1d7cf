/**
 * LISTEN through `listen`: a notification sent in a transaction arrives when it commits, never for one rolled back;
 * on PostgreSQL it crosses instances (another pool on the same database sends it), on PGlite it stays in the process.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../test/helper';
import { openDb } from './connection';
import { listen } from './notify';

describe('database notifications', () => {
  it(
    process.env.DATABASE_URL
      ? "PostgreSQL: another instance's committed NOTIFY wakes the listener; a rolled-back one does not"
      : 'PGlite: a committed NOTIFY wakes the listener; a rolled-back one does not',
    async () => {
      const { db, url, drop } = await freshDb();
      // The sender: another pool on the same database (another instance), or on PGlite the one database.
      const sender = url ? openDb({ databaseUrl: url, poolMax: 1 }) : db;
      const heard: string[] = [];
      const stop = await listen(db, 'att_test', () => heard.push('woken'));
      try {
        await sender
          .transaction()
          .execute(async (trx) => {
            await sql`SELECT pg_notify('att_test', '')`.execute(trx);
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await sender.transaction().execute(async (trx) => {
          await sql`SELECT pg_notify('att_test', '')`.execute(trx);
          // Not before the commit.
          expect(heard).toEqual([]);
        });
        await vi.waitUntil(() => heard.length > 0, { timeout: 10_000, interval: 10 });
        // A second committed one: had the rolled-back one been delivered, three would arrive.
        await sql`SELECT pg_notify('att_test', '')`.execute(sender);
        await vi.waitUntil(() => heard.length > 1, { timeout: 10_000, interval: 10 });
        await sql`SELECT 1`.execute(db);
        expect(heard).toHaveLength(2);
      } finally {
        await stop();
        if (sender !== db) await sender.destroy();
        await drop();
      }
    },
  );
});
