import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { startStack, type Stack } from '../../../scripts/lib/stack';
import { webDist } from '../../../scripts/lib/web-build';
import { freshDatabase } from './fresh-database';

type StackOpts = {
  demoSupport?: boolean;
  demoCatalogue?: boolean;
  demoCuration?: boolean;
  /** `false`: the server runs without its auction keeper (`KEEPER=off`, the dev chain only), so members settle. */
  keeper?: boolean;
};

/**
 * A throwaway copy of the real stack: its own anvil chain, database (PGlite, or a fresh PostgreSQL database
 * when DATABASE_URL is set), outbox and uploads, serving the production web build.
 */
export async function startTestStack(opts: StackOpts = {}): Promise<Stack & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'att-e2e-'));
  const db = await freshDatabase();
  // Embedded, a stack with the demo catalogue starts as a copy of the run's catalogue stack (chain state, database,
  // uploads): seeding 324 items with media and real trades is 20-40 s of a journey's start, done once per run instead.
  const catalogue = !db && opts.demoCatalogue ? await catalogueTemplate() : undefined;
  if (catalogue) {
    cpSync(catalogue, dataDir, { recursive: true });
  } else {
    // The embedded database starts as a copy of the run's migrated one (the server finds nothing to migrate).
    const template = inject('pgliteTemplateDir');
    if (!db && template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  }
  const stack = await startStack({
    dataDir,
    webDist,
    env: { DATABASE_URL: db?.url, SMTP_URL: undefined, KEEPER: opts.keeper === false ? 'off' : undefined },
    logLevel: 'warn',
    // The copied chain state is loaded (and the seeds find their data there and skip).
    persistChain: Boolean(catalogue),
    demoSupport: opts.demoSupport,
    demoCatalogue: opts.demoCatalogue,
    demoCuration: opts.demoCuration,
  });
  return {
    ...stack,
    dataDir,
    async stop() {
      await stack.stop();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long a worker waits for another worker's catalogue stack: the seeding takes 20-40 s, over 2 min loaded. */
const CATALOGUE_BUDGET_MS = 360_000;

/**
 * The data directory of a stopped stack seeded with the demo catalogue, built once per run by the first worker that
 * asks (an atomic mkdir of `building` elects it; it renames its directory to `ready` when done). A worker that
 * finds it being built waits for `ready`, or fails naming the builder's error (`failed`).
 */
async function catalogueTemplate(): Promise<string> {
  const root = inject('catalogueTemplateDir');
  const ready = path.join(root, 'ready');
  const failed = path.join(root, 'failed');
  let builder = false;
  try {
    mkdirSync(path.join(root, 'building'));
    builder = true;
  } catch {
    // another worker builds it
  }
  if (builder) {
    const dir = path.join(root, 'dir');
    try {
      mkdirSync(path.join(dir, 'db'), { recursive: true });
      cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
      const stack = await startStack({
        dataDir: dir,
        persistChain: true,
        env: { DATABASE_URL: undefined, SMTP_URL: undefined },
        logLevel: 'warn',
        demoCatalogue: true,
      });
      await stack.stop();
      renameSync(dir, ready);
    } catch (err) {
      mkdirSync(failed, { recursive: true });
      throw err;
    }
    return ready;
  }
  const deadline = Date.now() + CATALOGUE_BUDGET_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed))
      throw new Error(
        "the run's demo catalogue stack failed to start in another worker (its error is in that journey)",
      );
    if (Date.now() > deadline)
      throw new Error(`the run's demo catalogue stack was not ready within ${CATALOGUE_BUDGET_MS / 1000} s`);
    await sleep(250);
  }
  return ready;
}
