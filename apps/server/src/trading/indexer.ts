/**
 * The chain indexer: reads the Market's and Items' logs from the deployment block and applies each log once, in
 * ONE database transaction per batch together with the cursor (unique per chain id + tx hash + log index, so a
 * replay adds nothing and a crash mid-batch loses nothing). Waits `confirmations` blocks; before each batch it
 * checks the cursor's block hash and, on a reorg, walks back to the fork and undoes every log of the orphaned
 * blocks (newest first) before reading on.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { sql } from 'kysely';
import { parseEventLogs, type Address, type PublicClient } from 'viem';
import type { Db } from '../db/database';
import { applyLog, undoLog, type Args, type Effects, type LogMeta } from './apply-log';

const EVENTS = new Set(['TransferSingle', 'TransferBatch', 'NftBought', 'ListingCancelled', 'CounterIncremented', 'TransferredWithMint']);
const abi = [...marketAbi, ...itemsAbi];
/** Recent block hashes kept for reorg detection. */
const KEEP_BLOCKS = 512n;
/** Rows per INSERT (7 parameters each; well under the protocol's 16-bit parameter count). */
const INSERT_CHUNK = 2000;

export interface IndexerOptions {
  db: Db;
  client: PublicClient;
  chainId: number;
  market: Address;
  items: Address;
  startBlock: number;
  confirmations: number;
  /** Blocks per getLogs call. */
  batchBlocks?: number;
  symbolOf(token: string): 'ATT' | 'KLAY' | undefined;
  onEffects?(fx: Effects): void | Promise<void>;
}

export interface StepResult {
  /** Logs applied (new ones; replayed ones are not counted). */
  applied: number;
  /** Blocks undone by a reorg in this step. */
  reorged: number;
  /** True when the cursor reached the confirmed head. */
  caughtUp: boolean;
}

const toArgs = (args: Record<string, unknown>): Args =>
  Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(',') : typeof v === 'string' ? v.toLowerCase() : String(v)]),
  );

export function createIndexer(o: IndexerOptions) {
  const market = o.market.toLowerCase();
  const items = o.items.toLowerCase();
  const batch = BigInt(o.batchBlocks ?? 2000);
  let span = batch;
  const meta = (l: { transactionHash: string; logIndex: number; blockNumber: bigint; blockHash: string }): LogMeta => ({
    chainId: o.chainId,
    txHash: l.transactionHash.toLowerCase(),
    logIndex: l.logIndex,
    blockNumber: l.blockNumber,
    blockHash: l.blockHash.toLowerCase(),
    marketAddress: market,
    symbolOf: o.symbolOf,
  });

  async function cursor() {
    return o.db.selectFrom('indexer_cursor').selectAll().where('chain_id', '=', o.chainId).executeTakeFirst();
  }

  /** Walks back over the stored block hashes to the newest one the chain still has; undoes everything after it. */
  async function unwind(): Promise<number> {
    const stored = await o.db
      .selectFrom('indexer_blocks')
      .select(['block_number', 'block_hash'])
      .where('chain_id', '=', o.chainId)
      .orderBy('block_number', 'desc')
      .execute();
    let fork: { number: bigint; hash: string } | undefined;
    for (const b of stored) {
      const onChain = await o.client.getBlock({ blockNumber: BigInt(b.block_number) }).catch(() => undefined);
      if (onChain?.hash?.toLowerCase() === b.block_hash) {
        fork = { number: BigInt(b.block_number), hash: b.block_hash };
        break;
      }
    }
    const forkNumber = fork?.number ?? BigInt(o.startBlock) - 1n;
    await o.db.transaction().execute(async (trx) => {
      const orphaned = await trx
        .selectFrom('chain_logs')
        .selectAll()
        .where('chain_id', '=', o.chainId)
        .where('block_number', '>', forkNumber.toString())
        .orderBy('block_number', 'desc')
        .orderBy(sql`(args->>'_order')::int`, 'desc')
        .execute();
      for (const l of orphaned) {
        const { _undo, ...args } = l.args as Args & { _undo?: string };
        await undoLog(
          trx,
          meta({ transactionHash: l.tx_hash, logIndex: l.log_index, blockNumber: BigInt(l.block_number), blockHash: l.block_hash }),
          l.event,
          args,
          JSON.parse(_undo ?? '{}') as Args,
        );
      }
      await trx.deleteFrom('chain_logs').where('chain_id', '=', o.chainId).where('block_number', '>', forkNumber.toString()).execute();
      await trx.deleteFrom('indexer_blocks').where('chain_id', '=', o.chainId).where('block_number', '>', forkNumber.toString()).execute();
      if (fork) {
        await trx.updateTable('indexer_cursor').set({ block_number: fork.number.toString(), block_hash: fork.hash }).where('chain_id', '=', o.chainId).execute();
      } else {
        await trx.deleteFrom('indexer_cursor').where('chain_id', '=', o.chainId).execute();
      }
    });
    const start = stored[0] ? BigInt(stored[0].block_number) : forkNumber;
    return Number(start - forkNumber);
  }

  /** One batch: reorg check, then up to `batchBlocks` confirmed blocks applied in one transaction. */
  async function step(): Promise<StepResult> {
    const head = await o.client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(o.confirmations);
    const c = await cursor();
    if (c) {
      const b = await o.client.getBlock({ blockNumber: BigInt(c.block_number) }).catch(() => undefined);
      if (b?.hash?.toLowerCase() !== c.block_hash) {
        const reorged = await unwind();
        return { applied: 0, reorged, caughtUp: false };
      }
    }
    const from = c ? BigInt(c.block_number) + 1n : BigInt(o.startBlock);
    if (from > safe) return { applied: 0, reorged: 0, caughtUp: true };
    const to = from + span - 1n < safe ? from + span - 1n : safe;
    let raw;
    try {
      raw = await o.client.getLogs({ address: [o.market, o.items], fromBlock: from, toBlock: to });
    } catch (err) {
      // Too many logs for one answer (node limits, response size): halve the range and try again next step.
      if (span === 1n) throw err;
      span = span / 2n;
      return { applied: 0, reorged: 0, caughtUp: false };
    }
    if (span < batch) span = span * 2n > batch ? batch : span * 2n;
    const toBlock = await o.client.getBlock({ blockNumber: to });
    const logs = parseEventLogs({ abi, logs: raw, strict: false })
      .filter((l) => l.eventName && EVENTS.has(l.eventName) && !l.removed)
      .map((l) => ({ ...l, isMarket: l.address.toLowerCase() === market }))
      .filter((l) => l.isMarket || l.address.toLowerCase() === items)
      // Within a transaction the Market's bookkeeping (reservation, listing) before the pieces move.
      .sort((x, y) =>
        x.blockNumber !== y.blockNumber
          ? Number(x.blockNumber - y.blockNumber)
          : x.transactionIndex !== y.transactionIndex
            ? x.transactionIndex - y.transactionIndex
            : x.isMarket !== y.isMarket
              ? (x.isMarket ? -1 : 1)
              : x.logIndex - y.logIndex,
      );
    // Every block a log sits in must still be the chain's (the head may have moved under us).
    const blocks = new Map<bigint, string>([[to, toBlock.hash.toLowerCase()]]);
    for (const l of raw) blocks.set(l.blockNumber, l.blockHash.toLowerCase());
    const fx: Effects = { alerts: [] };
    let applied = 0;
    await o.db.transaction().execute(async (trx) => {
      // Claim every log of the batch at once (unique per chain, tx and log index); only new ones are applied.
      const rows = logs.map((l, order) => ({ l, m: meta(l), args: toArgs((l.args ?? {}) as Record<string, unknown>), order }));
      const fresh = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const inserted = await trx
          .insertInto('chain_logs')
          .values(
            chunk.map(({ l, m, args, order }) => ({
              chain_id: o.chainId,
              tx_hash: m.txHash,
              log_index: m.logIndex,
              block_number: m.blockNumber.toString(),
              block_hash: m.blockHash,
              event: l.eventName!,
              args: JSON.stringify({ ...args, _order: String(order) }),
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning(['tx_hash', 'log_index'])
          .execute();
        for (const r of inserted) fresh.add(`${r.tx_hash}:${r.log_index}`);
      }
      const counterSellers = [...new Set(rows.filter((r) => r.l.eventName === 'CounterIncremented').map((r) => r.args.seller!))];
      const liveSellers = new Set<string>();
      if (counterSellers.length > 0) {
        const live = await trx.selectFrom('listings').select('seller_address').distinct().where('state', '=', 1).where('seller_address', 'in', counterSellers).execute();
        for (const r of live) liveSellers.add(r.seller_address);
      }
      for (const { l, m, args, order } of rows) {
        if (!fresh.has(`${m.txHash}:${m.logIndex}`)) continue;
        const undo = await applyLog(trx, { ...m, liveSellers }, l.eventName!, args, fx);
        if (Object.keys(undo).length > 0) {
          await trx
            .updateTable('chain_logs')
            .set({ args: JSON.stringify({ ...args, _order: String(order), _undo: JSON.stringify(undo) }) })
            .where('chain_id', '=', o.chainId)
            .where('tx_hash', '=', m.txHash)
            .where('log_index', '=', m.logIndex)
            .execute();
        }
        applied++;
      }
      for (const [n, hash] of blocks) {
        await trx
          .insertInto('indexer_blocks')
          .values({ chain_id: o.chainId, block_number: n.toString(), block_hash: hash })
          .onConflict((oc) => oc.columns(['chain_id', 'block_number']).doUpdateSet({ block_hash: hash }))
          .execute();
      }
      await trx.deleteFrom('indexer_blocks').where('chain_id', '=', o.chainId).where('block_number', '<', (to - KEEP_BLOCKS).toString()).execute();
      await trx
        .insertInto('indexer_cursor')
        .values({ chain_id: o.chainId, block_number: to.toString(), block_hash: toBlock.hash.toLowerCase() })
        .onConflict((oc) => oc.column('chain_id').doUpdateSet({ block_number: to.toString(), block_hash: toBlock.hash.toLowerCase() }))
        .execute();
    });
    if (fx.alerts.length > 0) await o.onEffects?.(fx);
    return { applied, reorged: 0, caughtUp: to >= safe };
  }

  /** Steps until caught up (or `maxSteps`). */
  async function catchUp(maxSteps = 10_000): Promise<number> {
    let applied = 0;
    for (let i = 0; i < maxSteps; i++) {
      const r = await step();
      applied += r.applied;
      if (r.caughtUp) break;
    }
    return applied;
  }

  return { step, catchUp, cursor };
}
export type Indexer = ReturnType<typeof createIndexer>;
