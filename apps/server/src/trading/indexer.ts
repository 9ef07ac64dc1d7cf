/**
 * The chain indexer: reads the Market's and Items' logs from the deployment block and applies each range of blocks
 * once, in ONE database transaction together with the cursor, so a crash mid-batch loses nothing and a range is
 * never applied twice (the transaction moves the cursor from exactly where the range starts, or applies nothing).
 * Logs with marketplace effects (sales, transfers, mints, cancels, a counter that ends listings) are also claimed
 * in `chain_logs` (unique per chain id + block + log index) with what their undo needs, so even a replay of blocks
 * behind the cursor adds nothing; a counter that ends nothing only raises the seller's row in `seller_counters`.
 * Waits `confirmations` blocks; before each batch it checks the cursor's block hash and, on a reorg, walks back
 * over the stored block hashes to the fork, undoes every claimed log of the orphaned blocks (newest first) and drops
 * their counter rows before reading on.
 */
import { itemsAbi, marketAbi } from '@att/contracts';
import { sql, type Transaction } from 'kysely';
import { numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import type { Database, Db } from '../db/database';
import { applyLog, undoLog, type Args, type Effects, type LogMeta } from './apply-log';
import { logDecoder, type DecodedLog } from './log-decoder';

const EVENTS = new Set(['TransferSingle', 'TransferBatch', 'NftBought', 'ListingCancelled', 'CounterIncremented', 'TransferredWithMint', 'ApprovalForAll']);
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
  /** The block's time (seconds), which newer nodes (geth 1.16+, anvil) send with each log; else read per block. */
  blockTimestamp?: Hex;
  removed?: boolean;
}
/** A decoded log of the Market or the Items contract (block numbers fit a double on every chain). */
interface Log {
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
  /** Seconds; undefined when the node sent none (filled from the block for logs with effects). */
  blockTime: number | undefined;
  isMarket: boolean;
  d: DecodedLog;
}
/** A log claimed in `chain_logs`; `order` is its place in the batch (undo runs newest first). */
interface Claimed {
  l: Log;
  m: LogMeta;
  order: number;
}
type Trx = Transaction<Database>;
/** a > b for decimal integer strings without leading zeros (no BigInt per log). */
const decimalAbove = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);
/** Recent block hashes kept for reorg detection. */
const KEEP_BLOCKS = 512n;
/** Ranges read ahead of the one being applied. */
const READ_AHEAD = 2;
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
  /** Logs applied (new ones; claimed logs replayed from behind the cursor are not counted). */
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
  const metaOf = (txHash: string, logIndex: number, blockNumber: bigint, blockHash: string, blockTime?: number): LogMeta => ({
    chainId: o.chainId,
    txHash,
    logIndex,
    blockNumber,
    blockHash,
    blockTime: blockTime === undefined ? undefined : new Date(blockTime * 1000),
    marketAddress: market,
    symbolOf: o.symbolOf,
  });
  const meta = (l: Log) => metaOf(l.transactionHash, l.logIndex, BigInt(l.blockNumber), l.blockHash, l.blockTime);

  /** The node's logs of our two contracts, decoded, in the order they apply: by block and transaction, and within
   * a transaction the Market's bookkeeping (reservation, listing) before the pieces move. */
  function readLogs(raw: RpcLog[]): Log[] {
    const logs: Log[] = [];
    for (const r of raw) {
      if (r.removed) continue;
      const address = r.address.toLowerCase();
      if (address !== market && address !== items) continue;
      const d = decode(r);
      if (!d) continue;
      logs.push({
        blockNumber: Number(r.blockNumber),
        blockHash: r.blockHash.toLowerCase(),
        transactionHash: r.transactionHash.toLowerCase(),
        transactionIndex: Number(r.transactionIndex),
        logIndex: Number(r.logIndex),
        blockTime: r.blockTimestamp === undefined ? undefined : Number(r.blockTimestamp),
        isMarket: address === market,
        d,
      });
    }
    return logs.sort((x, y) =>
      x.blockNumber !== y.blockNumber
        ? x.blockNumber - y.blockNumber
        : x.transactionIndex !== y.transactionIndex
          ? x.transactionIndex - y.transactionIndex
          : x.isMarket !== y.isMarket
            ? (x.isMarket ? -1 : 1)
            : x.logIndex - y.logIndex,
    );
  }

  /** Moves the cursor from `from` (the one this step read; none: the start) to `to`; false when another indexer
   * moved it first (the UPDATE waits for its transaction, then matches no row) or it was removed meanwhile. */
  async function moveCursor(trx: Trx, from: { block_number: string; block_hash: string } | undefined, to: bigint, toHash: string): Promise<boolean> {
    const r = from
      ? await trx
          .updateTable('indexer_cursor')
          .set({ block_number: to.toString(), block_hash: toHash })
          .where('chain_id', '=', o.chainId)
          .where('block_number', '=', from.block_number)
          .where('block_hash', '=', from.block_hash)
          .returning('chain_id')
          .executeTakeFirst()
      : await trx
          .insertInto('indexer_cursor')
          .values({ chain_id: o.chainId, block_number: to.toString(), block_hash: toHash })
          .onConflict((oc) => oc.column('chain_id').doNothing())
          .returning('chain_id')
          .executeTakeFirst();
    return r !== undefined;
  }

  /** Claims the logs in one statement per chunk (arrays through unnest: seven parameters whatever the size);
   * returns the keys (`block:logIndex`) of the new ones, which alone are applied. */
  async function claim(trx: Trx, rows: Claimed[]): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      const insert = (returning: boolean) => sql<{ block_number: string; log_index: number }>`
        INSERT INTO chain_logs (chain_id, tx_hash, log_index, block_number, block_hash, event, args)
        SELECT ${o.chainId}, * FROM unnest(
          ${chunk.map((r) => r.m.txHash)}::text[], ${chunk.map((r) => r.m.logIndex)}::int[],
          ${chunk.map((r) => r.m.blockNumber.toString())}::bigint[], ${chunk.map((r) => r.m.blockHash)}::text[],
          ${chunk.map((r) => r.l.d.eventName)}::text[], ${chunk.map((r) => JSON.stringify({ ...r.l.d.args, _order: String(r.order) }))}::jsonb[])
        ON CONFLICT DO NOTHING ${returning ? sql`RETURNING block_number, log_index` : sql``}`.execute(trx);
      // Catching up, every log is new: the row count says so without reading the rows back. A replay (some rows
      // were there) undoes the claim and asks which ones are new.
      await sql`SAVEPOINT claim`.execute(trx);
      const all = await insert(false);
      if (Number(all.numAffectedRows ?? -1) === chunk.length) {
        for (const r of chunk) fresh.add(`${r.l.blockNumber}:${r.l.logIndex}`);
      } else {
        await sql`ROLLBACK TO SAVEPOINT claim`.execute(trx);
        for (const r of (await insert(true)).rows) fresh.add(`${r.block_number}:${r.log_index}`);
      }
      await sql`RELEASE SAVEPOINT claim`.execute(trx);
    }
    return fresh;
  }

  /** One statement for the rest of the batch: each seller's highest counter per block (a replay writes the same
   * values), the hash of every block the batch read (the range's end and each log's block), and hashes older than
   * KEEP_BLOCKS dropped. */
  async function saveBlocks(trx: Trx, logs: Log[], blocks: Map<number, string>, to: bigint): Promise<void> {
    // Logs come by block: one map of sellers per block, flushed when the block changes.
    const counters: { seller: string; block: number; counter: string }[] = [];
    let inBlock = new Map<string, { seller: string; block: number; counter: string }>();
    let block = -1;
    for (const l of logs) {
      if (l.d.eventName !== 'CounterIncremented') continue;
      if (l.blockNumber !== block) {
        counters.push(...inBlock.values());
        inBlock = new Map();
        block = l.blockNumber;
      }
      const seller = l.d.args.seller!;
      const counter = l.d.args.counter!;
      const seen = inBlock.get(seller);
      if (!seen) inBlock.set(seller, { seller, block: l.blockNumber, counter });
      else if (decimalAbove(counter, seen.counter)) seen.counter = counter;
    }
    counters.push(...inBlock.values());
    await sql`
      WITH counters AS (
        INSERT INTO seller_counters (chain_id, seller_address, block_number, counter)
        SELECT ${o.chainId}, * FROM unnest(${counters.map((r) => r.seller)}::text[], ${counters.map((r) => String(r.block))}::bigint[], ${counters.map((r) => r.counter.toString())}::numeric[])
        ON CONFLICT (chain_id, seller_address, block_number) DO UPDATE SET counter = greatest(seller_counters.counter, excluded.counter)
      ), pruned AS (
        DELETE FROM indexer_blocks WHERE chain_id = ${o.chainId} AND block_number < ${(to - KEEP_BLOCKS).toString()}
      )
      INSERT INTO indexer_blocks (chain_id, block_number, block_hash)
      SELECT ${o.chainId}, * FROM unnest(${[...blocks.keys()].map(String)}::bigint[], ${[...blocks.values()]}::text[])
      ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash`.execute(trx);
  }

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
      // A failed call throws (the worker retries the step): only a block the chain does not have counts as gone.
      const onChain = await blockHash(BigInt(b.block_number));
      if (onChain === b.block_hash) {
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
          metaOf(l.tx_hash, l.log_index, BigInt(l.block_number), l.block_hash),
          l.event,
          args,
          JSON.parse(_undo ?? '{}') as Args,
        );
      }
      await trx.deleteFrom('chain_logs').where('chain_id', '=', o.chainId).where('block_number', '>', forkNumber.toString()).execute();
      await trx.deleteFrom('seller_counters').where('chain_id', '=', o.chainId).where('block_number', '>', forkNumber.toString()).execute();
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

  /** History rows are dated by their block. A node that sends no time with its logs is asked per block, only for
   * the blocks of logs with marketplace effects (a counter alone writes no history). */
  async function fillBlockTimes(logs: Log[]): Promise<void> {
    const missing = new Set<number>();
    for (const l of logs) if (l.blockTime === undefined && l.d.eventName !== 'CounterIncremented' && l.d.eventName !== 'ApprovalForAll') missing.add(l.blockNumber);
    if (missing.size === 0) return;
    const times = new Map<number, number>();
    await Promise.all(
      [...missing].map(async (n) => {
        const b = (await o.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as { timestamp?: Hex } | null;
        if (b?.timestamp) times.set(n, Number(b.timestamp));
      }),
    );
    for (const l of logs) if (l.blockTime === undefined) l.blockTime = times.get(l.blockNumber);
  }

  /** The chain's hash of a block (lower-case), read raw: the indexer needs no formatted block. */
  async function blockHash(n: bigint): Promise<string | undefined> {
    const b = (await o.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] })) as { hash?: string } | null;
    return b?.hash?.toLowerCase();
  }

  interface Fetched {
    from: bigint;
    to: bigint;
    toHash: string;
    /** The chain's hash of block `from - 1` when the range was read: the reorg check of the step that uses it. */
    parentHash: string | undefined;
    raw: RpcLog[];
  }
  /**
   * The hash of `to` first, then the logs, then the hash of the block before `from`. The hash of `to` before the
   * logs: a reorg between the two leaves a stale cursor hash, which the next step's check catches (the other order
   * could pair orphaned logs with the new chain's hash). The parent's hash after the logs: a reorg of the cursor's
   * block before the logs were read shows in it, so logs of a new chain are never applied on top of the old one.
   */
  async function fetchRange(from: bigint, to: bigint): Promise<Fetched> {
    const toHash = await blockHash(to);
    if (!toHash) throw new Error(`block ${to} not found`);
    const raw = (await o.client.request({
      method: 'eth_getLogs',
      params: [{ address: [o.market, o.items], fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
    })) as RpcLog[];
    const parentHash = from > 0n ? await blockHash(from - 1n) : undefined;
    return { from, to, toHash, parentHash, raw };
  }
  /** The next ranges, read while the current batch is written: the node works on the ranges after this one while
   * we apply it (catch-up overlaps the node's work with ours). */
  let ahead: { from: bigint; to: bigint; p: Promise<Fetched> }[] = [];
  const readAhead = (after: bigint, safe: bigint) => {
    for (let next = (ahead.at(-1)?.to ?? after) + 1n; ahead.length < READ_AHEAD && next <= safe; next = ahead.at(-1)!.to + 1n) {
      const to = next + span - 1n < safe ? next + span - 1n : safe;
      const p = fetchRange(next, to);
      p.catch(() => undefined); // surfaced when the step uses it
      ahead.push({ from: next, to, p });
    }
  };

  /** One batch: reorg check, then up to `batchBlocks` confirmed blocks applied in one transaction. */
  async function step(): Promise<StepResult> {
    const [head, c] = await Promise.all([o.client.getBlockNumber({ cacheTime: 0 }), cursor()]);
    const safe = head - BigInt(o.confirmations);
    const from = c ? BigInt(c.block_number) + 1n : BigInt(o.startBlock);
    const next = ahead[0]?.from === from && ahead[0].to <= safe ? ahead.shift() : undefined;
    // Nothing read ahead fits (the cursor moved elsewhere; the head went back in a reorg to a shorter chain).
    if (!next) ahead = [];
    // Too many logs for one answer (node limits, response size): halve the range and try again next step.
    const shrink = (err: unknown): StepResult => {
      ahead = [];
      if (span === 1n) throw err;
      span = span / 2n;
      return { applied: 0, reorged: 0, caughtUp: false };
    };
    if (from > safe) {
      // Caught up: the cursor's block must still be the chain's.
      if (c && (await blockHash(BigInt(c.block_number))) !== c.block_hash) return { applied: 0, reorged: await unwind(), caughtUp: false };
      return { applied: 0, reorged: 0, caughtUp: true };
    }
    if (next) readAhead(next.to, safe);
    let fetched: Fetched;
    try {
      fetched = next ? await next.p : await fetchRange(from, from + span - 1n < safe ? from + span - 1n : safe);
    } catch (err) {
      return shrink(err);
    }
    // The cursor's block must still be the chain's, as read after the range's logs (a reorg before them shows
    // here; one after is caught by the next step's check, as the cursor's hash was read before the logs).
    if (c && fetched.parentHash !== c.block_hash) {
      ahead = [];
      return { applied: 0, reorged: await unwind(), caughtUp: false };
    }
    const { to, toHash, raw } = fetched;
    if (span < batch) span = span * 2n > batch ? batch : span * 2n;
    readAhead(to, safe);
    const logs = readLogs(raw);
    await fillBlockTimes(logs);
    // Every block a log sits in must still be the chain's (the head may have moved under us).
    const blocks = new Map<number, string>([[Number(to), toHash]]);
    for (const l of logs) blocks.set(l.blockNumber, l.blockHash);
    const fx: Effects = { alerts: [] };
    let applied = 0;
    const moved = await o.db.transaction().execute(async (trx) => {
      // The cursor moves first, from exactly where this range starts: its row lock orders two indexers on one
      // database (a leader that lost the lock mid-tick), and one that finds the cursor moved applies nothing.
      if (!(await moveCursor(trx, c, to, toHash))) return false;
      // A counter of a seller without a live listing ends nothing: it only raises the seller's counter (below).
      const counterSellers = [...new Set(logs.filter((l) => l.d.eventName === 'CounterIncremented').map((l) => l.d.args.seller!))];
      const liveSellers = new Set<string>();
      if (counterSellers.length > 0) {
        const live = await trx.selectFrom('listings').select('seller_address').distinct().where('state', '=', 1).where('seller_address', 'in', counterSellers).execute();
        for (const r of live) liveSellers.add(r.seller_address);
      }
      // Logs with marketplace effects are claimed once (unique per chain, block and log index) and keep what their
      // undo needs; the rest are applied once because the range is, atomically with the cursor.
      const claimed: Claimed[] = [];
      // An approval matters only when it takes the Market's right away (the seller's minted listings end); any
      // other is not the marketplace's business and counts for nothing.
      logs.forEach((l, order) => {
        if (l.d.eventName === 'ApprovalForAll' && (l.d.args.approved !== 'false' || l.d.args.operator !== market)) return;
        if (l.d.eventName !== 'CounterIncremented' || liveSellers.has(l.d.args.seller!)) claimed.push({ l, m: meta(l), order });
        else applied++;
      });
      const fresh = await claim(trx, claimed);
      const undos: { m: LogMeta; args: string }[] = [];
      for (const { l, m, order } of claimed) {
        if (!fresh.has(`${l.blockNumber}:${l.logIndex}`)) continue;
        applied++;
        const undo = await applyLog(trx, { ...m, liveSellers }, l.d.eventName, l.d.args, fx);
        if (Object.keys(undo).length > 0) undos.push({ m, args: JSON.stringify({ ...l.d.args, _order: String(order), _undo: JSON.stringify(undo) }) });
      }
      if (undos.length > 0) {
        await sql`
          UPDATE chain_logs c SET args = u.args
          FROM unnest(${undos.map((u) => u.m.blockNumber.toString())}::bigint[], ${undos.map((u) => u.m.logIndex)}::int[], ${undos.map((u) => u.args)}::jsonb[])
            AS u(block_number, log_index, args)
          WHERE c.chain_id = ${o.chainId} AND c.block_number = u.block_number AND c.log_index = u.log_index`.execute(trx);
      }
      await saveBlocks(trx, logs, blocks, to);
      return true;
    });
    if (!moved) {
      ahead = [];
      return { applied: 0, reorged: 0, caughtUp: false };
    }
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
