import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { slowFirst } from '../../scripts/lib/slow-first';
import { testReporters } from '../../scripts/lib/test-reporters';

/**
 * The journeys whose outcome can depend on which services back the stack: `E2E_SCOPE=services` runs only these, in
 * CI's second pass against PostgreSQL, Redis and S3 (the first pass, on the embedded defaults, runs every journey).
 * The servers change three things: the database engine, the alert bus and the object store. The server's suite runs
 * in full on both backends and proves every use case's writes, locks and indexer handlers there; a journey adds the
 * browser and the chain, which are the same in both passes. So the second pass keeps a journey only where the
 * browser sees something that went through Redis or S3, or, once per kind of trade, the whole path from the wallet
 * through the indexer into PostgreSQL. Left out, each with the reason it cannot differ:
 * - stack-restart: it starts its own stacks on the embedded database (DATABASE_URL unset), so both passes are alike;
 * - account-hardening: two tabs (browser state) and the dev outbox's resend and change of e-mail (the outbox is the
 *   same directory in both passes; the rows are the accounts module's, tested on PostgreSQL);
 * - creator-manage: edits, hide and delete are database writes the catalog and items suites test on PostgreSQL;
 * - trading-sell, trading-transfer: the listing and transfer use cases and their indexer handlers are tested on
 *   PostgreSQL by the trading suite, and trading-buy lists, buys and cancels through the browser on PostgreSQL.
 */
export const SERVICE_JOURNEYS = [
  'account-journey', // a profile picture uploaded to the object store and shown; sign-up on PostgreSQL
  'alerts', // an alert through Redis to the page's socket
  'creator-publish', // image and video uploads to the object store, media served back
  'support-desk', // notices, an inquiry and its answer, the alert of the answer through Redis
  'trading-buy', // a listing, the purchase's reservation, the chain and the indexer on PostgreSQL
  'trading-offers', // offers escrowed, accepted and cancelled on chain, indexed on PostgreSQL
  'trading-cart', // a cart reserved in one transaction on PostgreSQL, one buyNfts, indexed
  'trading-collection-offers', // a collection offer escrowed and accepted in part on chain, indexed on PostgreSQL
  'watchlist', // follows under the member's advisory lock and the floor marks on PostgreSQL
];

const services = process.env.E2E_SCOPE === 'services';
if (process.env.E2E_SCOPE && !services) throw new Error(`E2E_SCOPE=${process.env.E2E_SCOPE}: only "services" is known`);
for (const name of SERVICE_JOURNEYS) {
  // A renamed journey must not silently drop out of the second pass.
  if (!existsSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'tests', `${name}.spec.ts`)))
    throw new Error(`SERVICE_JOURNEYS names tests/${name}.spec.ts, which does not exist`);
}

export default defineConfig({
  test: {
    // The slowest files start first (see slow-first.ts), so no long file runs alone at the end; the second is one
    // without the demo catalogue, so the other worker does not wait while the first builds the run's catalogue stack.
    sequence: {
      sequencer: slowFirst([
        'tests/every-route.spec.ts',
        'tests/creator-manage.spec.ts',
        'tests/profiles.spec.ts',
        'tests/trading-transfer.spec.ts',
      ]),
    },
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
