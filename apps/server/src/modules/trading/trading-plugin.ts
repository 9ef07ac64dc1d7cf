/**
 * Trading: `app.trading.chain` (the Market, the validator signer; opened on first use) and, when the config says
 * so, the indexer and the auction keeper, whose jobs (jobs.ts) the leader runs. Outside the local dev chain the
 * indexer does not start without KEEPER_KEY (ended auctions would wait for someone to settle them by hand), nor
 * with `KEEPER=off`, which on the dev chain leaves the keeper out so journeys see members settle from the item page.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEV_ROLE_KEYS } from '@att/contracts';
import { DEV_CHAIN_ID } from '@att/shared';
import { ConfigError, ZERO_ADDRESS } from '../../platform/config';
import { registerChainHealth, registerKeeperHealth } from './chain-health';
import { createIndexer, type Indexer } from './indexer/sync';
import { INDEX_JOB, tradingJobs } from './jobs';
import { newHeadsUrl, watchNewHeads, type NewHeads } from './indexer/new-heads';
import { auctionKeeper, type AuctionKeeper } from './keeper';
import { tradingChain, type TradingChain } from './market-chain';

declare module 'fastify' {
  interface FastifyInstance {
    trading: { readonly chain: TradingChain; indexer?: Indexer; keeper?: AuctionKeeper; newHeads?: NewHeads };
  }
}

export default fp(
  async (app) => {
    let chain: TradingChain | undefined;
    const trading: FastifyInstance['trading'] = {
      get chain() {
        chain ??= tradingChain(app.config);
        return chain;
      },
    };
    app.decorate('trading', trading);
    if (app.config.contracts.market !== ZERO_ADDRESS && app.config.trading.indexer)
      registerChainHealth(app, () => trading.chain);
    if (app.config.trading.indexer) {
      const c = trading.chain;
      const indexer = createIndexer({
        db: app.db,
        client: c.client,
        chainId: app.config.chainId,
        market: c.market,
        items: c.items,
        startBlock: app.config.trading.startBlock,
        confirmations: app.config.trading.confirmations,
        symbolOf: c.symbolOf,
        now: () => app.now(),
      });
      trading.indexer = indexer;
      const devChain = app.config.chainId === DEV_CHAIN_ID;
      if (app.config.trading.keeperOff) {
        if (!devChain)
          throw new ConfigError(
            'KEEPER=off is for the local dev chain only: elsewhere ended auctions would wait for a member to settle them',
          );
        app.log.warn(
          'KEEPER=off: no auction keeper runs; ended auctions wait for a member to settle them from the item page',
        );
      } else {
        // The keeper settles ended auctions: on the local dev chain the dev keeper account, elsewhere KEEPER_KEY or no start.
        const key = app.config.keeperKey ?? (devChain ? DEV_ROLE_KEYS.keeper : undefined);
        if (!key)
          throw new ConfigError(
            'KEEPER_KEY is not set: the indexer runs, and its auction settlement job (trading.keeper) sends endAuction from that account',
          );
        trading.keeper = auctionKeeper({
          db: app.db,
          chain: c,
          key,
          rpcUrls: app.config.chainRpcUrls,
          chainId: app.config.chainId,
          log: (msg, summary) => app.log.debug({ chainError: summary }, msg),
        });
        registerKeeperHealth(app, () => trading.chain, trading.keeper.address as `0x${string}`);
      }
      for (const job of tradingJobs(app, indexer, trading.keeper)) app.jobs.register(job);
      // A new block wakes the indexer at once where the node offers newHeads (the poll stays, as the fallback).
      const wsUrl = newHeadsUrl(app.config.trading.ws, app.config.chainRpcUrls[0]!);
      if (wsUrl && app.config.role !== 'web') {
        app.addHook('onReady', async () => {
          trading.newHeads = watchNewHeads({
            url: wsUrl,
            guessed: app.config.trading.ws === 'auto' && !/^wss?:/.test(app.config.chainRpcUrls[0]!),
            onBlock: () => app.jobs.wake(INDEX_JOB),
            log: (msg, err) => app.log.info({ err }, msg),
          });
        });
        app.addHook('onClose', async () => trading.newHeads?.stop());
      }
    }
  },
  { name: 'trading', dependencies: ['app-config', 'db', 'jobs', 'alerts', 'metrics', 'health'] },
);
