/**
 * Trading: `app.trading.chain` (the Market, the validator signer; opened on first use) and, when the config says
 * so, the indexer and the scheduler, started after the server is ready and stopped with it. Both run only in the
 * instance holding the trading leader lock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tradingChain, type TradingChain } from '../trading/chain';
import { startTradingWorkers, type TradingWorkers } from '../trading/workers';

declare module 'fastify' {
  interface FastifyInstance {
    trading: { readonly chain: TradingChain; workers?: TradingWorkers };
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
    if (app.config.trading.indexer) {
      app.addHook('onReady', async () => {
        trading.workers = startTradingWorkers(app);
      });
      app.addHook('onClose', async () => {
        await trading.workers?.stop();
      });
    }
  },
  { name: 'trading', dependencies: ['app-config'] },
);
