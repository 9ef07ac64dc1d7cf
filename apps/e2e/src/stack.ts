import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startStack, type Stack } from '../../../scripts/lib/stack';
import { webDist } from '../../../scripts/lib/web-build';
import { freshDatabase } from './fresh-database';

/**
 * A throwaway copy of the real stack: its own anvil chain, database (PGlite, or a fresh PostgreSQL database
 * when DATABASE_URL is set), outbox and uploads, serving the production web build.
 */
export async function startTestStack(
  opts: { demoSupport?: boolean; demoCatalogue?: boolean; demoCuration?: boolean } = {},
): Promise<Stack & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'att-e2e-'));
  const db = await freshDatabase();
  // The embedded database starts as a copy of the run's migrated one (the server finds nothing to migrate).
  const template = inject('pgliteTemplateDir');
  if (!db && template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  const stack = await startStack({
    dataDir,
    webDist,
    env: { DATABASE_URL: db?.url, SMTP_URL: undefined },
    logLevel: 'warn',
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
