/** The console's own endpoints: who the operator is, the audit log (`auth: 'operator'`, every write audited). */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { paged } from './console-kit';
import { consoleRepo } from './console-repository';

export default async function consoleConsoleRoutes(app: FastifyInstance) {
  const repo = consoleRepo(app.db);

  defineRoute(app, '/admin/me', async ({ member }) => ({
    returnCode: ReturnCode.Success,
    data: { id: member.userName, address: member.address },
  }));

  defineRoute(app, '/admin/audit/list', async ({ body }) => paged(body, await repo.listAudit(body)));
}
