import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrate } from '@att/server';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { ensureWebBuild } from '../../../scripts/lib/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each stack copies (embedded runs); '' with DATABASE_URL. */
    pgliteTemplateDir: string;
    /** A migrated PostgreSQL database each stack's database is created from (DATABASE_URL runs); '' without. */
    pgTemplateDatabase: string;
    /** An empty directory where the first journey that needs the demo catalogue leaves its stopped stack (stack.ts). */
    catalogueTemplateDir: string;
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
    const template = await scratchDatabase(base, 'e2e_template');
    const db = createDb({ databaseUrl: template.url, poolMax: 1 });
    await migrate(db);
    await db.destroy();
    project.provide('pgliteTemplateDir', '');
    project.provide('pgTemplateDatabase', template.name);
    project.provide('catalogueTemplateDir', '');
    return async () => template.drop();
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'att-e2e-template-'));
  const db = createDb({ pgliteDir: dir });
  await migrate(db);
  await db.destroy();
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDatabase', '');
  const catalogue = await mkdtemp(path.join(os.tmpdir(), 'att-e2e-catalogue-'));
  project.provide('catalogueTemplateDir', catalogue);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(catalogue, { recursive: true, force: true });
  };
}
