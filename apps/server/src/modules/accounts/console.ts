/** The accounts' operator endpoints: the member list, blocking (`auth: 'operator'`, every write audited). */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { operatorOf, paged } from '../console';
import { accountsConsoleRepo } from './console-repository';

export default async function accountsConsoleRoutes(app: FastifyInstance) {
  const repo = accountsConsoleRepo(app.db);

  defineRoute(app, '/admin/member/list', async ({ body }) => paged(body, await repo.listMembers(body)));

  defineRoute(app, '/admin/member/block', async ({ body, member }) => {
    if (body.memberIdx === member.memberIdx) return { returnCode: ReturnCode.NoAuthority };
    const result = await repo.setMemberBlocked(operatorOf(member), body.memberIdx, body.block === 1, app.now());
    if (result === null) return { returnCode: ReturnCode.NoData };
    if (result === 'deleted') return { returnCode: ReturnCode.PreviousStateWrong };
    return { returnCode: ReturnCode.Success };
  });
}
