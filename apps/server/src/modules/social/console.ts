/** The report queue's operator endpoints (`auth: 'operator'`, audited); a handled report drops the cached home. */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { operatorOf, paged } from '../console';
import { dropHomeCache } from '../discovery';
import { reportQueue, type HandleResult } from './console-repository';

const HANDLE_CODES: Record<HandleResult, number> = {
  done: ReturnCode.Success,
  noReport: ReturnCode.NoData,
  noTarget: ReturnCode.NoData,
  handled: ReturnCode.PreviousStateWrong,
  wrongAction: ReturnCode.ValidationFailed,
  self: ReturnCode.NoAuthority,
};

export default async function socialConsoleRoutes(app: FastifyInstance) {
  const queue = reportQueue(app.db);

  defineRoute(app, '/admin/report/list', async ({ body }) => paged(body, await queue.listReports(body)));

  defineRoute(app, '/admin/report/handle', async ({ body, member }) => {
    try {
      return {
        returnCode: HANDLE_CODES[await queue.handleReport(operatorOf(member), body.reportIdx, body.action, app.now())],
      };
    } finally {
      dropHomeCache(app);
    }
  });
}
