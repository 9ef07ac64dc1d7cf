/** The member's alert list: `/alert/list` (newest first, with the unread count) and `/alert/read`. */
import { ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { repositoryOf } from '../../platform/db/repository';
import { defineRoute } from '../../platform/http/define-route';
import { createAlertListRepository } from './alert-list-repository';
import { createOutboxRepository } from './outbox-repository';

const outbox = repositoryOf(createOutboxRepository);
const alertList = repositoryOf(createAlertListRepository);

export default async function alertListRoutes(app: FastifyInstance) {
  defineRoute(app, '/alert/list', async ({ body, member }) => {
    const { rows, total, unread } = await alertList(app.db).listOf(member.address, body.pageNo, body.pageSize);
    return {
      returnCode: ReturnCode.Success,
      list: rows,
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
      unreadCount: unread,
    };
  });

  defineRoute(app, '/alert/read', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    unreadCount: await outbox(app.db).markRead(member.address, body.upTo, app.now(), body.alertIdx),
  }));
}
