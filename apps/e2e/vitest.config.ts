import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/lib/slow-first';
import { testReporters } from '../../scripts/lib/test-reporters';

/**
 * The journeys whose outcome can depend on which services back the stack: they write through the database (locks,
 * transactions, the indexer), upload to the object store, send mail through the outbox or hear alerts through
 * Redis. `E2E_SCOPE=services` runs only these: CI's second pass against PostgreSQL, Redis and S3 (the first pass,
 * on the embedded defaults, runs every journey). The others read pages and walk the UI: what they prove about the
 * services is proven on both backends by the server's suite, which runs in full in both passes.
 */
export const SERVICE_JOURNEYS = [
  'account-journey', // mail through the outbox, a profile picture upload
  'account-hardening', // the outbox's resend and change of e-mail; two tabs on one session
  'alerts', // an alert through Redis to the page's socket
  'creator-publish', // image and video uploads to the object store, media served back
  'creator-manage', // edits, hide and delete; the metadata the chain reads
  'support-desk', // notices, an inquiry and its answer, the alert of the answer
  'trading-buy', // the purchase's reservation, the chain and the indexer
  'trading-sell', // listings signed and cancelled on chain, then indexed
  'trading-transfer', // transfers with the server's permit, indexed
  'trading-offers', // offers escrowed, accepted and cancelled on chain, then indexed
  'stack-restart', // the database and chain kept across a restart
];

const services = process.env.E2E_SCOPE === 'services';
if (process.env.E2E_SCOPE && !services) throw new Error(`E2E_SCOPE=${process.env.E2E_SCOPE}: only "services" is known`);
for (const name of SERVICE_JOURNEYS) {
  // A renamed journey must not silently drop out of the second pass.
  if (!existsSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'tests', `${name}.spec.ts`))) throw new Error(`SERVICE_JOURNEYS names tests/${name}.spec.ts, which does not exist`);
}

export default defineConfig({
  test: {
    // The slowest files start first (see slow-first.ts), so no long file runs alone at the end.
    sequence: { sequencer: slowFirst(['tests/every-route.spec.ts', 'tests/profiles.spec.ts', 'tests/creator-manage.spec.ts', 'tests/trading-transfer.spec.ts']) },
    reporters: testReporters('e2e'),
    include: services ? SERVICE_JOURNEYS.map((name) => `tests/${name}.spec.ts`) : ['tests/**/*.spec.ts'],
    globalSetup: ['./src/global-setup.ts'],
    // Two files at a time, each with its own stack (chain, database, server) and browser: a journey spends much of
    // its time waiting on the chain, the indexer and page loads, so two overlap well on 2 cores (E2E_WORKERS=1 for
    // one at a time).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    // The files of one worker share its loaded modules (the server, viem, playwright) and PGlite's compiled WebAssembly
    // instead of loading them again per file: on four small journeys in one worker, 87 s -> 54 s. Each file still
    // starts its own stack and browser and stops them; the harness resets its page log per test.
    isolate: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
