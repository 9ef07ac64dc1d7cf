/**
 * The chain indexer: reads the Market's and Items' logs from the deployment block and applies each log once, in
 * ONE database transaction per batch together with the cursor (unique per chain id + tx hash + log index, so a
 * replay adds nothing and a crash mid-batch loses nothing). Waits `confirmations` blocks; before each batch it
 * checks the cursor's block hash and, on a reorg, walks back to the fork and undoes every log of the orphaned
 * blocks (newest first) before reading on.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { sql } from 'kysely';
import { numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import type { Db } from '../db/database';
import { applyLog, undoLog, type Args, type Effects, type LogMeta } from './apply-log';
import { logDecoder, type DecodedLog } from './log-decoder';

const EVENTS = new Set(['TransferSingle', 'TransferBatch', 'NftBought', 'ListingCancelled', 'CounterIncremented', 'TransferredWithMint']);
const decode = logDecoder([...marketAbi, ...itemsAbi], EVENTS);
/** A log as the node sends it (quantities in hex): read without viem's per-log formatting, which the indexer
 * does not need (it decodes topics and data itself). */
interface RpcLog {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed?: boolean;
}
interface Log {
  address: string;
  blockNumber: bigint;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
}
const fromRpc = (l: RpcLog): Log => ({
  address: l.address.toLowerCase(),
  blockNumber: BigInt(l.blockNumber),
  blockHash: l.blockHash.toLowerCase(),
  transactionHash: l.transactionHash.toLowerCase(),
  transactionIndex: Number(l.transactionIndex),
  logIndex: Number(l.logIndex),
});
/** Recent block hashes kept for reorg detection. */
const KEEP_BLOCKS = 512n;
/** Rows per claiming INSERT (its arrays are parameters: the size only bounds one statement's memory). */
const INSERT_CHUNK = 10_000;

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

  interface Fetched {
    from: bigint;
    to: bigint;
    toHash: string;
    raw: RpcLog[];
  }
  /** The block hash of `to` first, then the logs: a reorg between the two leaves a stale cursor hash, which the
   * next step's check catches (the other order could pair orphaned logs with the new chain's hash). */
  async function fetchRange(from: bigint, to: bigint): Promise<Fetched> {
    const toBlock = await o.client.getBlock({ blockNumber: to });
    const raw = (await o.client.request({
      method: 'eth_getLogs',
      params: [{ address: [o.market, o.items], fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
    })) as RpcLog[];
    return { from, to, toHash: toBlock.hash.toLowerCase(), raw };
  }
  /** The next range, read while the current batch is written (catch-up overlaps the node's work with ours). */
  let ahead: { from: bigint; p: Promise<Fetched> } | undefined;
  const readAhead = (from: bigint, to: bigint) => {
    const p = fetchRange(from, to);
    p.catch(() => undefined); // surfaced when the step uses it
    ahead = { from, p };
  };

  /** One batch: reorg check, then up to `batchBlocks` confirmed blocks applied in one transaction. */
  async function step(): Promise<StepResult> {
    const head = await o.client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(o.confirmations);
    const c = await cursor();
    if (c) {
      const b = await o.client.getBlock({ blockNumber: BigInt(c.block_number) }).catch(() => undefined);
      if (b?.hash?.toLowerCase() !== c.block_hash) {
        ahead = undefined;
        const reorged = await unwind();
        return { applied: 0, reorged, caughtUp: false };
      }
    }
    const from = c ? BigInt(c.block_number) + 1n : BigInt(o.startBlock);
    if (from > safe) return { applied: 0, reorged: 0, caughtUp: true };
    let fetched: Fetched;
    try {
      const pending = ahead?.from === from ? ahead.p : undefined;
      ahead = undefined;
      fetched = (pending && (await pending).to <= safe ? await pending : undefined) ?? (await fetchRange(from, from + span - 1n < safe ? from + span - 1n : safe));
    } catch (err) {
      // Too many logs for one answer (node limits, response size): halve the range and try again next step.
      ahead = undefined;
      if (span === 1n) throw err;
      span = span / 2n;
      return { applied: 0, reorged: 0, caughtUp: false };
    }
    const { to, toHash, raw } = fetched;
    if (span < batch) span = span * 2n > batch ? batch : span * 2n;
    if (to < safe) readAhead(to + 1n, to + span < safe ? to + span : safe);
    const logs: { l: Log; d: DecodedLog; isMarket: boolean }[] = [];
    for (const r of raw) {
      const d = r.removed ? undefined : decode(r);
      if (!d) continue;
      const l = fromRpc(r);
      if (l.address === market || l.address === items) logs.push({ l, d, isMarket: l.address === market });
    }
    logs
      // Within a transaction the Market's bookkeeping (reservation, listing) before the pieces move.
      .sort((x, y) =>
        x.l.blockNumber !== y.l.blockNumber
          ? Number(x.l.blockNumber - y.l.blockNumber)
          : x.l.transactionIndex !== y.l.transactionIndex
            ? x.l.transactionIndex - y.l.transactionIndex
            : x.isMarket !== y.isMarket
              ? (x.isMarket ? -1 : 1)
              : x.l.logIndex - y.l.logIndex,
      );
    // Every block a log sits in must still be the chain's (the head may have moved under us).
    const blocks = new Map<bigint, string>([[to, toHash]]);
    for (const { l } of logs) blocks.set(l.blockNumber, l.blockHash);
    const fx: Effects = { alerts: [] };
    let applied = 0;
    await o.db.transaction().execute(async (trx) => {
      // Claim every log of the batch in one statement (unique per chain, block and log index); only new ones are
      // applied. Arrays through unnest: seven parameters whatever the batch size.
      const rows = logs.map(({ l, d }, order) => ({ m: meta(l), d, order }));
      const fresh = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const claim = (returning: boolean) => sql<{ block_number: string; log_index: number }>`
          INSERT INTO chain_logs (chain_id, tx_hash, log_index, block_number, block_hash, event, args)
          SELECT ${o.chainId}, * FROM unnest(
            ${chunk.map((r) => r.m.txHash)}::text[], ${chunk.map((r) => r.m.logIndex)}::int[],
            ${chunk.map((r) => r.m.blockNumber.toString())}::bigint[], ${chunk.map((r) => r.m.blockHash)}::text[],
            ${chunk.map((r) => r.d.eventName)}::text[], ${chunk.map((r) => JSON.stringify({ ...r.d.args, _order: String(r.order) }))}::jsonb[])
          ON CONFLICT DO NOTHING ${returning ? sql`RETURNING block_number, log_index` : sql``}`.execute(trx);
        // Catching up, every log is new: the row count says so without reading the rows back. A replay (some
        // rows were there) undoes the claim and asks which ones are new.
        await sql`SAVEPOINT claim`.execute(trx);
        const all = await claim(false);
        if (Number(all.numAffectedRows ?? -1) === chunk.length) {
          for (const r of chunk) fresh.add(`${r.m.blockNumber}:${r.m.logIndex}`);
        } else {
          await sql`ROLLBACK TO SAVEPOINT claim`.execute(trx);
          for (const r of (await claim(true)).rows) fresh.add(`${r.block_number}:${r.log_index}`);
        }
        await sql`RELEASE SAVEPOINT claim`.execute(trx);
      }
      const counterSellers = [...new Set(rows.filter((r) => r.d.eventName === 'CounterIncremented').map((r) => r.d.args.seller!))];
      const liveSellers = new Set<string>();
      if (counterSellers.length > 0) {
        const live = await trx.selectFrom('listings').select('seller_address').distinct().where('state', '=', 1).where('seller_address', 'in', counterSellers).execute();
        for (const r of live) liveSellers.add(r.seller_address);
      }
      const undos: { m: LogMeta; args: string }[] = [];
      for (const { m, d, order } of rows) {
        if (!fresh.has(`${m.blockNumber}:${m.logIndex}`)) continue;
        applied++;
        // A counter of a seller without a live listing ends nothing (checked here, without a round trip per log).
        if (d.eventName === 'CounterIncremented' && !liveSellers.has(d.args.seller!)) continue;
        const undo = await applyLog(trx, { ...m, liveSellers }, d.eventName, d.args, fx);
        if (Object.keys(undo).length > 0) undos.push({ m, args: JSON.stringify({ ...d.args, _order: String(order), _undo: JSON.stringify(undo) }) });
      }
      if (undos.length > 0) {
        await sql`
          UPDATE chain_logs c SET args = u.args
          FROM unnest(${undos.map((u) => u.m.blockNumber.toString())}::bigint[], ${undos.map((u) => u.m.logIndex)}::int[], ${undos.map((u) => u.args)}::jsonb[])
            AS u(block_number, log_index, args)
          WHERE c.chain_id = ${o.chainId} AND c.block_number = u.block_number AND c.log_index = u.log_index`.execute(trx);
      }
      await trx
        .insertInto('indexer_blocks')
        .values([...blocks].map(([n, hash]) => ({ chain_id: o.chainId, block_number: n.toString(), block_hash: hash })))
        .onConflict((oc) => oc.columns(['chain_id', 'block_number']).doUpdateSet((eb) => ({ block_hash: eb.ref('excluded.block_hash') })))
        .execute();
      await trx.deleteFrom('indexer_blocks').where('chain_id', '=', o.chainId).where('block_number', '<', (to - KEEP_BLOCKS).toString()).execute();
      await trx
        .insertInto('indexer_cursor')
        .values({ chain_id: o.chainId, block_number: to.toString(), block_hash: toHash })
        .onConflict((oc) => oc.column('chain_id').doUpdateSet({ block_number: to.toString(), block_hash: toHash }))
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
