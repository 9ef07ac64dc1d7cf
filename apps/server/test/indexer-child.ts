/**
 * The indexer alone in a child process (indexer-restart.test.ts kills it with SIGKILL mid-way): PGlite at argv[2],
 * chain at argv[3], Market argv[4], Items argv[5], ATT argv[6], start block argv[7]. One block per batch; prints
 * "step <applied>" after each committed batch.
 */
import { chainFor } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { createDb } from '../src/modules/schema';
import { createIndexer } from '../src/modules/trading/indexer/sync';

const [dir, rpc, market, items, att, start] = process.argv.slice(2) as [
  string,
  string,
  Address,
  Address,
  Address,
  string,
];
const db = createDb({ pgliteDir: dir });
const client = createPublicClient({
  chain: chainFor(rpc, DEV_CHAIN_ID),
  transport: http(rpc),
  cacheTime: 0,
}) as PublicClient;
const indexer = createIndexer({
  db,
  client,
  chainId: DEV_CHAIN_ID,
  market,
  items,
  startBlock: Number(start),
  confirmations: 0,
  batchBlocks: 1,
  symbolOf: (t) => (BigInt(t) === 0n ? 'KLAY' : t.toLowerCase() === att.toLowerCase() ? 'ATT' : undefined),
});
for (;;) {
  const r = await indexer.step();
  process.stdout.write(`step ${r.applied}\n`);
  if (r.caughtUp) {
    process.stdout.write('done\n');
    break;
  }
}
await db.destroy();
