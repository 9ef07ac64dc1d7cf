/** Social: likes, likers, reports and the operators' report queue. */
import type { FastifyInstance } from 'fastify';
import socialConsoleRoutes from './console';
import socialRoutes from './routes';

export async function socialModuleRoutes(app: FastifyInstance) {
  await app.register(socialRoutes);
  await app.register(socialConsoleRoutes);
}
export { socialLeaver } from './member-leaver';
