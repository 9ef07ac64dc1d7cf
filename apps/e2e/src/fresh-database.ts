import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * With DATABASE_URL set, a throwaway database on that server so journeys never meet earlier data, created from the
 * run's migrated template (global-setup); without it, undefined (the stack uses its own PGlite directory, copied
 * from the run's migrated one).
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplateDatabase');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
