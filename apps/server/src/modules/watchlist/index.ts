/** Watchlist: the collections and items a member follows, with floors, their 24-hour change and best offers, and the floor alert of a followed collection. */
import type { FastifyInstance } from 'fastify';
import watchlistRoutes from './routes';

export async function watchlistModuleRoutes(app: FastifyInstance) {
  await app.register(watchlistRoutes);
}
export { watchlistLeaver } from './member-leaver';
export { default as watchlistPlugin } from './watchlist-plugin';
