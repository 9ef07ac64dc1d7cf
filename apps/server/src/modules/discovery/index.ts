/** Discovery: the home curation, marketplace grids and search, collection grids, rankings, the transaction feed and the collection charts. */
import type { FastifyInstance } from 'fastify';
import collectionChartRoutes from './collection-chart-routes';
import collectionGridRoutes from './collection-grid-routes';
import curationRoutes from './curation-routes';
import historyRoutes from './history-routes';
import itemListRoutes from './item-list-routes';

export async function discoveryRoutes(app: FastifyInstance) {
  await app.register(itemListRoutes);
  await app.register(collectionGridRoutes);
  await app.register(curationRoutes);
  await app.register(historyRoutes);
  await app.register(collectionChartRoutes);
}

export { dropHomeCache } from './home-sections';
