/**
 * The trading module's jobs, run by the leader in this order every INDEXER_POLL_MS:
 * - `trading.index`: catch the indexer up with the chain (at most 50 ranges a run); a new block heard by
 *   subscription (indexer/new-heads.ts) also runs it at once;
 * - `trading.sweep`: release reservations and permits past their deadline, expire listings (scheduler.ts; the
 *   seller's alert goes through the outbox in the same transaction);
 * - `trading.keeper`: send `endAuction` for live auctions whose end has passed on chain (keeper.ts); absent
 *   with `KEEPER=off` (the local dev chain only);
 * - `trading.offers`: release accepts past their deadline, expire offers, mark the offers of deleted items
 *   (order-book/offers/offer-sweep.ts), and the same for collection offers (collection-offers/collection-offer-sweep.ts),
 *   by the same clock-and-grace rule;
 * - `trading.offerRefunds` (with a keeper key): returns expired offers' escrow (offers/offer-refunds.ts).
 *
 * The sweep runs whether or not the indexer got through: while the chain (or our node) is unreachable,
 * reservations are still released and listings still expire. That is safe because the sweep decides by the clock
 * alone: a reservation is released (a listing expired) only RELEASE_GRACE_MS after the on-chain deadline of every
 * Buy signed for it, when the Market refuses that Buy. A Buy mined before its deadline but not yet indexed is
 * applied later as a sale of the listing (the indexer's NftBought accepts a released reservation). The indexer
 * still goes first, so a sale it can read is applied as a sale before its reservation would be released.
 */
import type { JobDefinition } from '../../platform/jobs/job';
import type { Indexer } from './indexer/sync';
import type { AuctionKeeper } from './keeper';
import { offerRefundJob } from './offers/offer-refunds';
import { sweepOffers } from './order-book/offers/offer-sweep';
import { sweepCollectionOffers } from './order-book/collection-offers/collection-offer-sweep';
import { RELEASE_GRACE_MS, runScheduler } from './scheduler';
import type { Uses } from '../../platform/deps';

export const INDEX_JOB = 'trading.index';

export function tradingJobs(
  deps: Uses<'db' | 'config' | 'trading'>,
  indexer: Indexer,
  keeper: AuctionKeeper | undefined,
): JobDefinition[] {
  const everyMs = deps.config.trading.pollMs;
  const refunds = offerRefundJob(deps, () => deps.trading.chain);
  const settle: JobDefinition[] = keeper
    ? [
        {
          name: 'trading.keeper',
          everyMs,
          run: async ({ now }) => {
            await keeper.run(now);
          },
        },
      ]
    : [];
  return [
    ...(refunds ? [refunds] : []),
    {
      name: INDEX_JOB,
      everyMs,
      run: async () => {
        await indexer.catchUp(50);
      },
    },
    {
      name: 'trading.sweep',
      everyMs,
      run: async ({ now }) => {
        await runScheduler(deps.db, now);
      },
    },
    ...settle,
    {
      name: 'trading.offers',
      everyMs,
      run: async ({ now }) => {
        const graced = new Date(now.getTime() - RELEASE_GRACE_MS);
        await sweepOffers(deps.db, graced);
        await sweepCollectionOffers(deps.db, graced);
      },
    },
  ];
}
