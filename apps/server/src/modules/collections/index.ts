/** Collections: register, update, delete, info and the member's and marketplace's collection lists. */
import type { FastifyInstance } from 'fastify';
import collectionRoutes from './routes';

export async function collectionsRoutes(app: FastifyInstance) {
  await app.register(collectionRoutes);
}

export { collectionsRepo, type CollectionRow } from './collections-repository';
export { hideCollectionByOperator } from './operator-hide';
export { collectionStats } from './collection-stats';
export { visibleCollections } from './visible-collections';
