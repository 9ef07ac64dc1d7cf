/**
 * The chain indexer: reads the Market's and Items' logs from the deployment block and applies each range of blocks
 * once, in ONE database transaction together with the cursor, so a crash mid-batch loses nothing and a range is
 * never applied twice (the transaction moves the cursor from exactly where the range starts, or applies nothing).
 * Logs with marketplace effects (events.ts says which) are also claimed in `chain_logs` (claims-repository.ts)
 * with what their undo needs, so even a replay of blocks behind the cursor adds nothing; each is applied by its
 * handler (handlers/<event>.ts). A counter that ends nothing only raises the seller's row in `seller_counters`.
 * Waits `confirmations` blocks; before each batch it checks the cursor's block hash and, on a reorg, walks back
 * over the stored block hashes to the fork, undoes every claimed log of the orphaned blocks (newest first), ends the
 * listings that the pieces the undo took away no longer back, and drops their counter rows before reading on.
 */
import { ListingState, type TokenSymbol } from '@att/shared';
import type { Address, PublicClient } from 'viem';
import type { Db } from '../../schema';
import type { HistoryLog } from '../history-writer';
import { claimsRepository, type ClaimRow } from './claims-repository';
import { HANDLERS, counts, isClaimed } from './events';
import { encodeUndo, type LogContext } from './handler';
import { chainReader, type Fetched, type Log } from './chain-reader';
import { undoLogs } from './undo-logs';
import { withDeferredSaleSummaries } from '../order-book';

const decimalAbove = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);
/** Ranges read ahead of the one being applied. */
const READ_AHEAD = 2;

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
  symbolOf(token: string): TokenSymbol | undefined;
  /** The clock rows are stamped by (default: the system's). */
  now?: () => Date;
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
  const batch = BigInt(o.batchBlocks ?? 2000);
  let span = batch;
  const claims = claimsRepository(o.db, o.chainId);
  const { readLogs, fillBlockTimes, blockHash, fetchRange } = chainReader(o.client, o.market, o.items);
  const logOf = (
    txHash: string,
    logIndex: number,
    blockNumber: bigint,
    blockHash: string,
    blockTime?: number,
  ): HistoryLog => ({
    chainId: o.chainId,
    txHash,
    logIndex,
    blockNumber,
    blockHash,
    blockTime: blockTime === undefined ? undefined : new Date(blockTime * 1000),
  });
  const historyLog = (l: Log) => logOf(l.transactionHash, l.logIndex, BigInt(l.blockNumber), l.blockHash, l.blockTime);
  const context = (trx: LogContext['trx'], log: HistoryLog, extra: Partial<LogContext> = {}): LogContext => ({
    trx,
    log,
    marketAddress: market,
    itemsAddress: o.items.toLowerCase(),
    symbolOf: o.symbolOf,
    now: o.now,
    ...extra,
  });

  /** Each seller's highest counter per block of the batch (logs come by block: one map per block). */
  function counterRows(logs: Log[]): { seller: string; block: number; counter: string }[] {
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
    return counters;
  }

  /** Walks back over the stored block hashes to the newest one the chain still has; undoes everything after it. */
  async function unwind(): Promise<number> {
    const stored = await claims.storedBlocks();
    let fork: { number: bigint; hash: string } | undefined;
    for (const b of stored) {
      // A failed call throws (the job retries): only a block the chain does not have counts as gone.
      const onChain = await blockHash(BigInt(b.block_number));
      if (onChain === b.block_hash) {
        fork = { number: BigInt(b.block_number), hash: b.block_hash };
        break;
      }
    }
    const forkNumber = fork?.number ?? BigInt(o.startBlock) - 1n;
    await o.db.transaction().execute(async (trx) => {
      const orphaned = (await claims.orphaned(trx, forkNumber)).map((l) => ({
        event: l.event,
        args: l.args as Record<string, string>,
        log: logOf(l.tx_hash, l.log_index, BigInt(l.block_number), l.block_hash),
      }));
      await withDeferredSaleSummaries(trx, () =>
        undoLogs(trx, orphaned, (log, extra) => context(trx, log, extra), logOf('', 0, forkNumber, '')),
      );
      await claims.rewind(trx, fork, forkNumber);
    });
    const start = stored[0] ? BigInt(stored[0].block_number) : forkNumber;
    return Number(start - forkNumber);
  }

  /** The next ranges, read while the current batch is written: the node works on the ranges after this one while
   * we apply it (catch-up overlaps the node's work with ours). */
  let ahead: { from: bigint; to: bigint; p: Promise<Fetched> }[] = [];
  const readAhead = (after: bigint, safe: bigint) => {
    for (
      let next = (ahead.at(-1)?.to ?? after) + 1n;
      ahead.length < READ_AHEAD && next <= safe;
      next = ahead.at(-1)!.to + 1n
    ) {
      const to = next + span - 1n < safe ? next + span - 1n : safe;
      const p = fetchRange(next, to);
      p.catch(() => undefined); // surfaced when the step uses it
      ahead.push({ from: next, to, p });
    }
  };

  /** One batch: reorg check, then up to `batchBlocks` confirmed blocks applied in one transaction. */
  async function step(): Promise<StepResult> {
    const [head, c] = await Promise.all([o.client.getBlockNumber({ cacheTime: 0 }), claims.cursor()]);
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
      if (c && (await blockHash(BigInt(c.block_number))) !== c.block_hash)
        return { applied: 0, reorged: await unwind(), caughtUp: false };
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
    let applied = 0;
    const moved = await o.db.transaction().execute(async (trx) => {
      // The cursor moves first, from exactly where this range starts: its row lock orders two indexers on one
      // database (a leader that lost the lock mid-tick), and one that finds the cursor moved applies nothing.
      if (!(await claims.moveCursor(trx, c, to, toHash))) return false;
      // A counter of a seller without a live listing ends nothing: it only raises the seller's counter (below).
      const counterSellers = [
        ...new Set(logs.filter((l) => l.d.eventName === 'CounterIncremented').map((l) => l.d.args.seller!)),
      ];
      const liveSellers = new Set<string>();
      if (counterSellers.length > 0) {
        const live = await trx
          .selectFrom('listings')
          .select('seller_address')
          .distinct()
          .where('state', '=', ListingState.Live)
          .where('seller_address', 'in', counterSellers)
          .execute();
        for (const r of live) liveSellers.add(r.seller_address);
      }
      // Logs with marketplace effects are claimed once (unique per chain, block and log index) and keep what their
      // undo needs; the rest are applied once because the range is, atomically with the cursor.
      const claimed: { l: Log; row: ClaimRow }[] = [];
      logs.forEach((l, order) => {
        if (!counts(l.d.eventName, l.d.args, market)) return;
        if (isClaimed(l.d.eventName, l.d.args, market, liveSellers)) {
          claimed.push({
            l,
            row: {
              txHash: l.transactionHash,
              logIndex: l.logIndex,
              blockNumber: BigInt(l.blockNumber),
              blockHash: l.blockHash,
              event: l.d.eventName,
              args: { ...l.d.args, _order: String(order) },
            },
          });
        } else applied++;
      });
      const fresh = await claims.claim(
        trx,
        claimed.map((c) => c.row),
      );
      const undos: { blockNumber: bigint; logIndex: number; args: string }[] = [];
      // The items' sale summaries the range changes are refreshed once each, after its last handler.
      await withDeferredSaleSummaries(trx, async () => {
        for (const { l, row } of claimed) {
          if (!fresh.has(`${l.blockNumber}:${l.logIndex}`)) continue;
          applied++;
          const handler = HANDLERS[l.d.eventName]!;
          const undo = await handler.apply(context(trx, historyLog(l), { liveSellers }), l.d.args);
          // Written through the handler's schema: what is stored is what its undo will read back.
          if (undo !== undefined)
            undos.push({
              blockNumber: row.blockNumber,
              logIndex: row.logIndex,
              args: JSON.stringify({ ...row.args, _undo: encodeUndo(handler, undo) }),
            });
        }
      });
      await claims.saveUndos(trx, undos);
      await claims.saveBlocks(trx, counterRows(logs), blocks, to);
      return true;
    });
    if (!moved) {
      ahead = [];
      return { applied: 0, reorged: 0, caughtUp: false };
    }
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

  return { step, catchUp, cursor: claims.cursor };
}
export type Indexer = ReturnType<typeof createIndexer>;
