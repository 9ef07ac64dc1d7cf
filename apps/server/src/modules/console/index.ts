/** The operator console: operator endpoints of its own (who am I, the audit log) and the audit every console write records. */
import type { FastifyInstance } from 'fastify';
import adminRoutes from './routes';

export async function consoleRoutes(app: FastifyInstance) {
  await app.register(adminRoutes);
}

export { audit, insertAudited, plain, updateAudited, type Operator, type Page } from './console-repository';
export { cleanHtml, operatorOf, paged, saved } from './console-kit';
