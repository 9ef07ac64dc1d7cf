/** Trading: the order book (list, withdraw, reserve, transfer, offers, collection offers), the chain indexer and the order book's jobs. */
import type { FastifyInstance } from 'fastify';
import offerRoutes from './offers/offer-routes';
import collectionOfferRoutes from './collection-offers/collection-offer-routes';
import tradingRoutes from './routes';

export { default as tradingPlugin } from './trading-plugin';
export { deploymentChecks } from './deployment-check';
export { tradingChain } from './market-chain';
export { reindex, type ReindexOptions, type ReindexResult } from './reindex/reindex';
export { checkChain } from './reindex/chain-check';
/** How many blocks back the indexer can still undo (a reorg deeper than this is not followed). */
export { KEEP_BLOCKS as REORG_DEPTH, indexerCursor } from './indexer/claims-repository';
export { cheapestListings, type CheapestListing } from './order-book';
export { bestCollectionOffers, bestItemOffers, type BestOffer } from './order-book/best-offers';
export { chartSince, collectionCharts, type CollectionCharts } from './collection-charts';
export { historyRows, tradesSince } from './history-reads';

export async function tradingModuleRoutes(app: FastifyInstance) {
  await app.register(tradingRoutes);
  await app.register(offerRoutes);
  await app.register(collectionOfferRoutes);
}
export { tradingLeaver } from './member-leaver';
