/**
 * `npm run reindex [-- --yes]` rebuilds everything chain-derived from the deployment block (modules/trading/reindex);
 * `npm run check-chain` (`--check`) lists every difference between the database and the chain and exits 1 when
 * there is one. Both read the production environment (`npm run serve`'s: DATABASE_URL, CHAIN_ID, CHAIN_RPC_URL,
 * DEPLOYMENT_FILE). The rebuild takes the jobs lease first and keeps it while it runs (its commits fenced by it), so no
 * server's indexer, sweep or alert dispatch runs meanwhile; it refuses when a running server holds it, or held it
 * until less than a lease ago (stop the servers first: the API would serve the tables half rebuilt).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from './modules/schema';
import { checkChain, reindex, tradingChain, type ReindexOptions } from './modules/trading';
import { ConfigError, loadConfig } from './platform/config';
import { migrate } from './platform/db/migrate';
import { leadership } from './platform/jobs/leader';
import { serveEnv } from './production';

async function main() {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, yes: { type: 'boolean', default: false } },
  });
  let config;
  try {
    config = loadConfig(serveEnv(process.env));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.deployment) {
    console.error('DEPLOYMENT_FILE is not set: the contracts and the deployment block come from it');
    process.exit(1);
  }
  const db = createDb(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  const o: ReindexOptions = {
    db,
    chain: tradingChain(config),
    chainId: config.chainId,
    startBlock: config.trading.startBlock,
    confirmations: config.trading.confirmations,
    log: (line) => console.log(line),
  };
  try {
    if (values.check) {
      const diffs = await checkChain(o);
      for (const d of diffs) console.log(d);
      console.log(diffs.length === 0 ? 'database and chain agree' : `${diffs.length} difference(s)`);
      process.exitCode = diffs.length === 0 ? 0 : 1;
      return;
    }
    if (!values.yes) {
      console.error(
        'reindex rewrites the chain-derived tables: stop the servers, back up the database, then run with --yes',
      );
      process.exitCode = 1;
      return;
    }
    await migrate(db);
    const lock = leadership(db);
    try {
      if (!(await lock.isLeader())) {
        console.error(
          'a running server holds the jobs lease (or held it seconds ago): stop every server instance first, then try again',
        );
        process.exitCode = 1;
        return;
      }
      const t0 = performance.now();
      const r = await lock.run(() => reindex(o));
      console.log(
        `reindexed to block ${r.head} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${r.blocksWithLogs} blocks with logs, ${r.orderBookEvents} order-book events)`,
      );
    } finally {
      await lock.release();
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
