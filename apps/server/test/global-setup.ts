/**
 * Once per run (PGlite only): a migrated, seeded PGlite data directory dumped to a temp file. Each test file
 * loads its fresh in-memory database from it in about half a second instead of running initdb (3-5 s).
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

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
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
