/**
 * The database: given (tests pass an in-memory PGlite) or opened from config (PostgreSQL when DATABASE_URL,
 * else PGlite in `${DATA_DIR}/db`). Migrates to latest and seeds the reference data on start.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { createDb, type Db } from '../db/database';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp<{ db?: Db }>(
  async (app, opts) => {
    let db = opts.db;
    if (!db) {
      const { databaseUrl, dataDir } = app.config;
      if (databaseUrl) {
        db = createDb({ databaseUrl, onIdleError: (err) => app.log.warn({ err }, 'database: idle connection lost') });
      } else {
        const dir = path.join(dataDir, 'db');
        await mkdir(dir, { recursive: true });
        db = createDb({ pgliteDir: dir });
      }
      const owned = db;
      app.addHook('onClose', async () => owned.destroy());
    }
    await migrate(db);
    await seed(db);
    app.decorate('db', db);
  },
  { name: 'db', dependencies: ['app-config'] },
);
