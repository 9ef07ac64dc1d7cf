/** The support desk's operator endpoints: notices, FAQ, inquiry answers (`auth: 'operator'`, every write audited). */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { cleanHtml, operatorOf, paged, saved } from '../console';
import { supportConsoleRepo } from './console-repository';

export default async function supportConsoleRoutes(app: FastifyInstance) {
  const repo = supportConsoleRepo(app.db);

  defineRoute(app, '/admin/notice/list', async ({ body }) => paged(body, await repo.listNotices(body)));

  defineRoute(app, '/admin/notice/save', async ({ body, member }) => {
    const { id: _id, ticketId: _t, ...input } = body;
    const idx = await repo.saveNotice(operatorOf(member), { ...input, message: cleanHtml(input.message) }, app.now());
    return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
  });

  defineRoute(app, '/admin/faq/category/list', async () => ({
    returnCode: ReturnCode.Success,
    list: await repo.faqCategories(),
  }));

  defineRoute(app, '/admin/faq/category/save', async ({ body, member }) => {
    const idx = await repo.saveFaqCategory(operatorOf(member), body, app.now());
    return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
  });

  defineRoute(app, '/admin/faq/list', async ({ body }) => paged(body, await repo.listFaq(body)));

  defineRoute(app, '/admin/faq/save', async ({ body, member }) => {
    const { id: _id, ticketId: _t, ...input } = body;
    const idx = await repo.saveFaq(operatorOf(member), { ...input, message: cleanHtml(input.message) }, app.now());
    return typeof idx === 'number' ? saved(idx) : { returnCode: ReturnCode.NoData };
  });

  defineRoute(app, '/admin/inquiry/list', async ({ body }) => paged(body, await repo.listInquiries(body)));

  defineRoute(app, '/admin/inquiry/reply', async ({ body, member }) => {
    const address = await repo.replyInquiry(operatorOf(member), body.inquiryIdx, cleanHtml(body.reply), app.now());
    return { returnCode: address === null ? ReturnCode.NoData : ReturnCode.Success };
  });
}
