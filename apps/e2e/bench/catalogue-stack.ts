/**
 * The benches' stack: anvil, PGlite and the demo catalogue serving the production web build (or the build named by
 * the bench's `distEnv` variable, for a before/after), and Debian's Chromium; both stopped after `run`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../../../scripts/lib/stack';
import { ensureWebBuild, webDist } from '../../../scripts/lib/web-build';
import { launchBrowser } from '../src/browser';

export async function withCatalogueStack(
  name: string,
  distEnv: string,
  run: (stack: Stack, browser: Browser, dist: string) => Promise<void>,
): Promise<void> {
  const other = process.env[distEnv];
  const dist = other ? path.resolve(other) : webDist;
  if (!other) ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `att-${name}-`));
  const stack = await startStack({
    dataDir,
    webDist: dist,
    logLevel: 'warn',
    demoCatalogue: true,
    env: { SMTP_URL: undefined },
  });
  const browser = await launchBrowser();
  try {
    await run(stack, browser, dist);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
