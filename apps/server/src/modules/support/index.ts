/** Support: notices, FAQ, 1:1 inquiries. */
import type { FastifyInstance } from 'fastify';
import supportConsoleRoutes from './console';
import supportRoutes from './routes';

export async function supportModuleRoutes(app: FastifyInstance) {
  await app.register(supportRoutes);
  await app.register(supportConsoleRoutes);
}
export { supportLeaver } from './member-leaver';
