/**
 * The trading leader's loop: catch the indexer up, run the scheduler, publish the alerts they produced, sleep
 * `pollMs`. Errors (a chain that is down, a lost database connection) are logged and retried on the next tick.
 *
 * The scheduler runs whether or not the indexer got through: while the chain (or our node) is unreachable,
 * reservations are still released and listings still expire. That is safe because the scheduler decides by the
 * clock alone: a reservation is released (a listing expired) only RELEASE_GRACE_MS after the on-chain deadline of
 * every Buy signed for it, when the Market refuses that Buy. A Buy mined before its deadline but not yet indexed is
 * applied later as a sale of the listing (the indexer's NftBought accepts a released reservation). The indexer still
 * goes first, so a sale it can read is applied as a sale before its reservation would be released.
 */
import type { FastifyInstance } from 'fastify';
import { createIndexer, type Indexer } from './indexer';
import { leadership } from './leader';
import { runScheduler } from './scheduler';

export interface TradingWorkers {
  indexer: Indexer;
  /** Resolves after the next full tick (tests wait on it). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startTradingWorkers(app: FastifyInstance): TradingWorkers {
  const chain = app.trading.chain;
  const indexer = createIndexer({
    db: app.db,
    client: chain.client,
    chainId: app.config.chainId,
    market: chain.market,
    items: chain.items,
    startBlock: app.config.trading.startBlock,
    confirmations: app.config.trading.confirmations,
    symbolOf: chain.symbolOf,
    onEffects: async (fx) => {
      for (const a of fx.alerts) await app.alerts.publish(a.address, { type: a.type, productIdx: a.productIdx }).catch(() => undefined);
    },
  });
  const leader = leadership(app.config.databaseUrl, (err) => app.log.warn({ err }, 'trading leader connection'));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  let running: Promise<void> | undefined;

  const once = async () => {
    if (await leader.isLeader()) {
      await indexer.catchUp(50).catch((err: unknown) => app.log.warn({ err }, 'trading indexer catch-up failed; the scheduler runs anyway'));
      const r = await runScheduler(app.db, app.now());
      for (const l of r.listingsExpired) await app.alerts.publish(l.seller, { type: 4, productIdx: l.itemIdx }).catch(() => undefined);
    }
  };
  const loop = async () => {
    if (stopped) return;
    running = once()
      .catch((err: unknown) => app.log.warn({ err }, 'trading worker tick failed'))
      .finally(() => {
        running = undefined;
        const w = waiters;
        waiters = [];
        w.forEach((f) => f());
        if (!stopped) timer = setTimeout(() => void loop(), app.config.trading.pollMs);
      });
  };
  void loop();
  return {
    indexer,
    tick: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await leader.release();
    },
  };
}
