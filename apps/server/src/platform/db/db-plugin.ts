/**
 * The database: given (tests pass an in-memory PGlite) or opened from config (PostgreSQL when DATABASE_URL,
 * else PGlite in `${DATA_DIR}/db`), migrated to latest, then handed to `prepare` (the app seeds its reference
 * data there) before it is decorated as `app.db`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { LogEvent } from 'kysely';
import type { AnyDb } from './connection';
import { openDb } from './connection';
import { migrate } from './migrate';
import { currentRequestId } from '../observability/request-context';

/** A statement slower than this is logged (warn) with its request's id. */
const SLOW_QUERY_MS = 500;

export interface DbPluginOptions {
  db?: AnyDb;
  prepare?: (db: AnyDb) => Promise<void>;
}

export default fp<DbPluginOptions>(
  async (app, opts) => {
    let db = opts.db;
    if (!db) {
      const { databaseUrl, dataDir } = app.config;
      const log = (e: LogEvent) => {
        if (e.level === 'query' && e.queryDurationMillis < SLOW_QUERY_MS) return;
        const fields = {
          reqId: currentRequestId(),
          ms: Math.round(e.queryDurationMillis),
          sql: e.query.sql.slice(0, 300),
        };
        if (e.level === 'error') app.log.debug({ ...fields, err: e.error }, 'database: statement failed');
        else app.log.warn(fields, 'database: slow statement');
      };
      if (databaseUrl) {
        db = openDb({
          databaseUrl,
          directUrl: app.config.database.directUrl,
          poolMax: app.config.database.poolSize,
          onIdleError: (err) => app.log.warn({ err }, 'database: idle connection lost'),
          queryTag: () => {
            const id = currentRequestId();
            return id && `request_id=${id}`;
          },
          log,
        });
      } else {
        const dir = path.join(dataDir, 'db');
        await mkdir(dir, { recursive: true });
        db = openDb({ pgliteDir: dir, log });
      }
      const owned = db;
      app.addHook('onClose', async () => owned.destroy());
    }
    await migrate(db);
    await opts.prepare?.(db);
    app.decorate('db', db);
  },
  { name: 'db', dependencies: ['app-config'] },
);
