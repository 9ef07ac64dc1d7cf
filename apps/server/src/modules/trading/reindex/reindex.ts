/**
 * `npm run reindex`: rebuilds everything chain-derived from the deployment block into the same tables, without
 * trusting their old rows: the indexer's own tables, the chain's history rows, holders' pieces, items' minted and
 * trade columns, listings' remaining and on-chain ends, reservations' settlements, permits' uses. Steps:
 * 1. read the chain's blocks with marketplace logs and what they name (chain-references.ts; no transaction open);
 * 2. one transaction takes every chain effect back (indexer tables and chain history rows forgotten, items and
 *    inventory as published, the order book parked: order-book-replay.ts; offers parked: offers-repository.ts);
 * 3. the real indexer (sync.ts, the handlers) replays the chain up to each point where the order book acted, and
 *    the order book's events are put back in place there, until the confirmed head;
 * 4. the alerts the replay queued are dropped (members were told when it happened).
 * The caller holds the jobs lease, so no indexer, sweep or dispatcher of a running server works meanwhile.
 * Events of the order book and the chain less than a second apart may be put in either order (the chain's block
 * times are whole seconds); `npm run check-chain` lists any difference that leaves.
 */
import type { PublicClient } from 'viem';
import { dropReplayedAlerts, lastAlertId } from '../../alerts';
import { resetChainEffects } from '../../items';
import type { Db } from '../../schema';
import { deleteChainHistory } from '../history-writer';
import { claimsRepository } from '../indexer/claims-repository';
import { createIndexer } from '../indexer/sync';
import type { TradingChain } from '../market-chain';
import { chainReferences } from './chain-references';
import { parkOffers } from '../order-book/offers/offers-repository';
import { parkCollectionOffers } from '../order-book/collection-offers/collection-offers-repository';
import { parkOrderBook, replayOrderBook, type OrderBookEvent } from './order-book-replay';

export interface ReindexOptions {
  db: Db;
  chain: Pick<TradingChain, 'client' | 'market' | 'items' | 'symbolOf'>;
  chainId: number;
  startBlock: number;
  confirmations: number;
  log?: (line: string) => void;
}

export interface ReindexResult {
  head: number;
  blocksWithLogs: number;
  orderBookEvents: number;
  segments: number;
  droppedAlerts: number;
}

/** The client as seen by the replaying indexer: the chain's head is where the replay may go next. */
function headLimited(client: PublicClient, limit: () => number): PublicClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'getBlockNumber') return async () => BigInt(limit());
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

export async function reindex(o: ReindexOptions): Promise<ReindexResult> {
  const log = o.log ?? (() => undefined);
  const { client, market, items } = o.chain;
  const head = Number(await client.getBlockNumber({ cacheTime: 0 })) - o.confirmations;
  const blocks = await chainReferences(client, { market, items, from: o.startBlock, to: head });
  log(`chain ${o.chainId}: blocks ${o.startBlock}-${head}, ${blocks.length} with marketplace logs`);

  const watermark = await lastAlertId(o.db);
  const events = await o.db.transaction().execute(async (trx) => {
    await claimsRepository(o.db, o.chainId).forget(trx);
    await deleteChainHistory(trx, o.chainId);
    await resetChainEffects(trx);
    await parkOffers(trx);
    await parkCollectionOffers(trx);
    return parkOrderBook(trx);
  });
  log(`chain effects taken back; ${events.length} order-book events to put back in place`);

  let limit = o.startBlock - 1;
  const indexer = createIndexer({
    db: o.db,
    client: headLimited(client, () => limit),
    chainId: o.chainId,
    market,
    items,
    startBlock: o.startBlock,
    confirmations: 0,
    symbolOf: o.chain.symbolOf,
  });
  const byListing = new Map<string, OrderBookEvent>();
  const byPermit = new Map<string, OrderBookEvent>();
  for (const e of events) {
    if (e.kind === 'list') byListing.set(e.listingHash, e);
    if (e.kind === 'permit') byPermit.set(e.transferId, e);
  }
  const done = new Set<OrderBookEvent>();
  let next = 0;
  let segments = 0;
  /** Replays the chain to `to`, then puts `due` back in place. */
  const segment = async (to: number, due: OrderBookEvent[]) => {
    limit = to;
    await indexer.catchUp();
    // A listing made in a block's second that the block's logs also name is due twice: put it back once.
    const fresh = [...new Set(due)].filter((e) => !done.has(e));
    if (fresh.length === 0) return;
    await o.db.transaction().execute(async (trx) => {
      for (const e of fresh) {
        done.add(e);
        await replayOrderBook(trx, e);
      }
    });
    segments++;
  };
  for (const b of blocks) {
    const due: OrderBookEvent[] = [];
    // Whatever the order book did up to this block's second comes first, and a row the block's logs name is in place.
    while (next < events.length && events[next]!.at < (b.time + 1) * 1000) due.push(events[next++]!);
    for (const h of b.listingHashes) if (byListing.has(h)) due.push(byListing.get(h)!);
    for (const id of b.permitIds) if (byPermit.has(id)) due.push(byPermit.get(id)!);
    if (due.some((e) => !done.has(e))) await segment(b.number - 1, due);
  }
  await segment(head, events.slice(next));
  limit = head;
  await indexer.catchUp();
  const droppedAlerts = await dropReplayedAlerts(o.db, o.chainId, watermark);
  log(`replayed to block ${head} in ${segments} segments; ${droppedAlerts} replayed alerts dropped`);
  return { head, blocksWithLogs: blocks.length, orderBookEvents: events.length, segments, droppedAlerts };
}
