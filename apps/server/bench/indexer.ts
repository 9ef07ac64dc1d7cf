/**
 * Indexer catch-up benchmark (part of `npm run bench -w @att/server`): a fresh anvil with the contracts, 20,000
 * Market events (BENCH_INDEXER_EVENTS; `incrementCounter` from the ten dev wallets, mined 1,000 per block), then
 * (1) the indexer catching up from the deployment block into a fresh PGlite (PostgreSQL when DATABASE_URL is set),
 * each range applied in one transaction with the cursor (these counters end no listing: no `chain_logs` claim, one
 * `seller_counters` row per seller and block), and (2) the same logs fetched bare with viem's getLogs over the same
 * block ranges. One untimed pass of each side first (the node's caches and the JIT equally warm for both), then
 * BENCH_INDEXER_RUNS (5) interleaved rounds: bare, then a full catch-up into emptied indexer tables. Prints the
 * medians' events/s, each round's time, and the ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANVIL_KEYS, DEV_ROLE_KEYS, chainFor, deployAll, marketAbi, startAnvil } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import pg from 'pg';
import { createPublicClient, encodeFunctionData, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createDb } from '../src/modules/schema';
import { migrate } from '../src/platform/db/migrate';
import { createIndexer } from '../src/modules/trading/indexer/sync';

const EVENTS = Number(process.env.BENCH_INDEXER_EVENTS ?? 20_000);
const PER_BLOCK = 1000;
/** Blocks per getLogs call (5,000 logs, about 2.8 MB of JSON: under viem's 10 MB answer limit). */
const BATCH_BLOCKS = 5;
/** Interleaved timed rounds of each side (after one untimed pass of each). */
const RUNS = Number(process.env.BENCH_INDEXER_RUNS ?? 5);

async function main() {
  const anvil = await startAnvil({ chainId: DEV_CHAIN_ID });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-bench-indexer-'));
  // PostgreSQL: a throwaway database on DATABASE_URL's server (a replay into an old one would apply nothing).
  const serverUrl = process.env.DATABASE_URL;
  const dbName = `bench_indexer_${process.pid}`;
  let dbUrl: string | undefined;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const db = createDb(dbUrl ? { databaseUrl: dbUrl } : { pgliteDir: dataDir });
  try {
    const client = createPublicClient({
      chain: chainFor(anvil.rpcUrl, DEV_CHAIN_ID),
      transport: http(anvil.rpcUrl, { batch: { batchSize: 200 } }),
      cacheTime: 0,
    }) as PublicClient;
    const rpc = (method: string, params: unknown[] = []) =>
      client.request({ method: method as never, params: params as never });
    const deployer = privateKeyToAccount(DEV_ROLE_KEYS.deployer).address;
    await rpc('anvil_setBalance', [deployer, '0x3635C9ADC5DEA00000']);
    const d = await deployAll({
      rpcUrl: anvil.rpcUrl,
      chainId: DEV_CHAIN_ID,
      deployerKey: DEV_ROLE_KEYS.deployer,
      validator: privateKeyToAccount(DEV_ROLE_KEYS.validator).address,
      feeReceiver: privateKeyToAccount(DEV_ROLE_KEYS.feeReceiver).address,
    });
    await migrate(db);

    console.log(`Sending ${EVENTS} incrementCounter transactions…`);
    const t0 = performance.now();
    await rpc('evm_setAutomine', [false]);
    const senders = ANVIL_KEYS.map((k) => privateKeyToAccount(k).address);
    const data = encodeFunctionData({ abi: marketAbi, functionName: 'incrementCounter' });
    const nonces = await Promise.all(
      senders.map((address) => client.getTransactionCount({ address, blockTag: 'pending' })),
    );
    for (let sent = 0; sent < EVENTS; sent += PER_BLOCK) {
      const n = Math.min(PER_BLOCK, EVENTS - sent);
      await Promise.all(
        Array.from({ length: n }, (_, i) => {
          const s = (sent + i) % senders.length;
          const nonce = `0x${(nonces[s]!++).toString(16)}`;
          return rpc('eth_sendTransaction', [{ from: senders[s], to: d.market, data, gas: '0x186a0', nonce }]);
        }),
      );
      await rpc('evm_mine');
    }
    await rpc('evm_setAutomine', [true]);
    const head = await client.getBlockNumber();
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s; head block ${head}`);

    const bareFetch = async () => {
      let n = 0;
      for (let from = BigInt(d.deployBlock); from <= head; from += BigInt(BATCH_BLOCKS)) {
        const to = from + BigInt(BATCH_BLOCKS) - 1n < head ? from + BigInt(BATCH_BLOCKS) - 1n : head;
        n += (await client.getLogs({ address: [d.market, d.items], fromBlock: from, toBlock: to })).length;
      }
      return n;
    };
    // Both sides warm and interleaved: one untimed pass of each first (the node's caches and the JIT equally warm),
    // then RUNS rounds of bare getLogs and a full catch-up into emptied indexer tables, medians reported (the load
    // of a shared machine drifts; a median of interleaved rounds holds it the same for both).
    const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
      const t = performance.now();
      const r = await f();
      return [r, performance.now() - t];
    };
    const catchUp = async () => {
      for (const table of ['indexer_cursor', 'seller_counters', 'chain_logs', 'indexer_blocks'] as const) {
        await db.deleteFrom(table).where('chain_id', '=', DEV_CHAIN_ID).execute();
      }
      const indexer = createIndexer({
        db,
        client,
        chainId: DEV_CHAIN_ID,
        market: d.market,
        items: d.items,
        startBlock: d.deployBlock,
        confirmations: 0,
        batchBlocks: BATCH_BLOCKS,
        symbolOf: () => undefined,
      });
      return indexer.catchUp();
    };
    await bareFetch();
    await catchUp();
    const bareRuns: number[] = [];
    const indexRuns: number[] = [];
    let bare = 0;
    let applied = 0;
    for (let i = 0; i < RUNS; i++) {
      const [n, ms] = await timed(bareFetch);
      bare = n;
      bareRuns.push(ms);
      const [a, ims] = await timed(catchUp);
      applied = a;
      indexRuns.push(ims);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const bareMs = median(bareRuns);
    const indexMs = median(indexRuns);

    const rate = (n: number, ms: number) => (n / (ms / 1000)).toFixed(0);
    console.log(
      `\nIndexer catch-up over ${applied} Market events (CounterIncremented), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
    );
    const runs = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(' / ');
    console.log(
      `  indexer   ${(indexMs / 1000).toFixed(2)} s  ${rate(applied, indexMs)} events/s (median of ${RUNS} catch-ups: ${runs(indexRuns)} s)`,
    );
    console.log(
      `  bare viem ${(bareMs / 1000).toFixed(2)} s  ${rate(bare, bareMs)} events/s (getLogs of the same ${bare} logs; median of ${RUNS}: ${runs(bareRuns)} s)`,
    );
    console.log(`  ratio     ${(bareMs / indexMs).toFixed(2)} (indexer rate / bare rate; target >= 0.5)`);
    if (applied < EVENTS) throw new Error(`indexed ${applied} of ${EVENTS} events`);
  } finally {
    await db.destroy();
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    await anvil.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
