/**
 * Endpoints of the shared table whose implementation has not landed yet: they check auth and the body like the
 * real ones, then answer 104 (not implemented). Registered last; removed once every area has landed.
 */
import { API_BASE, ReturnCode, routes, type RoutePath } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/define-route';

export default async function pendingRoutes(app: FastifyInstance) {
  for (const path of Object.keys(routes) as RoutePath[]) {
    if (app.hasRoute({ method: 'POST', url: `${API_BASE}${path}` })) continue;
    defineRoute(app, path, async () => ({ returnCode: ReturnCode.NotImplemented }) as never);
  }
}
