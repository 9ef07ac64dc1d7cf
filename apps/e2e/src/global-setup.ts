import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrate } from '@att/server';
import { ensureWebBuild } from '../../../scripts/lib/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each stack copies (embedded runs); '' with DATABASE_URL. */
    pgliteTemplateDir: string;
    /** A migrated PostgreSQL database each stack's database is created from (DATABASE_URL runs); '' without. */
    pgTemplateDatabase: string;
  }
}

/**
 * The journeys run against the production build the server serves. Every stack starts from a database migrated
 * once here (a copied PGlite directory, or PostgreSQL's CREATE DATABASE … TEMPLATE) instead of running initdb and
 * the migrations itself: 6 s a stack on an idle machine, 20 s and more on a loaded one.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `e2e_template_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), poolMax: 1 });
    await migrate(db);
    await db.destroy();
    project.provide('pgliteTemplateDir', '');
    project.provide('pgTemplateDatabase', name);
    return async () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'att-e2e-template-'));
  const db = createDb({ pgliteDir: dir });
  await migrate(db);
  await db.destroy();
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDatabase', '');
  return async () => rm(dir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
