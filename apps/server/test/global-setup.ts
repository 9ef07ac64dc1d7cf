/**
 * Once per run: a migrated, seeded database each test file's fresh one is copied from. PGlite: a data directory
 * dumped to a temp file, loaded in about half a second instead of running initdb (3-5 s). PostgreSQL
 * (DATABASE_URL): a template database, copied by CREATE DATABASE … TEMPLATE instead of migrating each.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS } from '../src/platform/db/connection';
import { createDb } from '../src/modules/schema';
import { migrate } from '../src/platform/db/migrate';
import { seed } from '../src/seed';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const template = await scratchDatabase(process.env.DATABASE_URL, 'test_template');
    const db = createDb({ databaseUrl: template.url, poolMax: 1 });
    await migrate(db);
    await seed(db);
    await db.destroy();
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplateDatabase', template.name);
    return async () => template.drop();
  }
  project.provide('pgTemplateDatabase', '');
  const dir = await mkdtemp(path.join(tmpdir(), 'att-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = createDb({ pglite });
  await migrate(db);
  await seed(db);
  const dump = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
