/**
 * Support desk, members' side (spec 3): notices (paged list, popup list, detail), FAQ, and the member's own 1:1
 * inquiries. Codes: 8 no such notice; 26 too many inquiries in an hour.
 */
import { INQUIRY_LIMIT, INQUIRY_WINDOW_MS, ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { supportRepo } from './support-repository';

export default async function supportRoutes(app: FastifyInstance) {
  const repo = supportRepo(app.db);

  defineRoute(app, '/support/notice/list', async ({ body }) => {
    if (body.type === 1) return { returnCode: ReturnCode.Success, list: await repo.popupNotices(body.lang) };
    const { rows, total } = await repo.listNotices(body);
    return {
      returnCode: ReturnCode.Success,
      list: rows,
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
    };
  });

  defineRoute(app, '/support/notice/info', async ({ body }) => {
    const notice = await repo.findNotice(body.noticeIdx);
    if (!notice) return { returnCode: ReturnCode.NoData };
    return { returnCode: ReturnCode.Success, data: notice };
  });

  defineRoute(app, '/support/faq/category', async () => ({
    returnCode: ReturnCode.Success,
    list: await repo.faqCategories(),
  }));

  defineRoute(app, '/support/faq/list', async ({ body }) => ({
    returnCode: ReturnCode.Success,
    list: await repo.listFaq({
      categoryIdx: body.filterCategoryIdx,
      searchType: body.searchType,
      searchText: body.searchText,
      lang: body.lang,
    }),
  }));

  defineRoute(app, '/support/inquiry/list', async ({ body, member }) => {
    const { rows, total } = await repo.listInquiries(member.memberIdx, body.pageNo, body.pageSize);
    return {
      returnCode: ReturnCode.Success,
      list: rows,
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
    };
  });

  defineRoute(app, '/support/inquiry/register', async ({ body, member }) => {
    const now = app.now();
    const result = await repo.registerInquiry(
      member.memberIdx,
      { title: body.title, message: body.message },
      { now, since: new Date(now.getTime() - INQUIRY_WINDOW_MS), limit: INQUIRY_LIMIT },
    );
    return { returnCode: result === 'ok' ? ReturnCode.Success : ReturnCode.RetryLater };
  });
}
