/**
 * The operator console (`/admin/...`): every route is `auth: 'operator'` (27/28/29 bad ticket, 43 blocked,
 * 2 not on OPERATOR_ADDRESSES). HTML bodies are sanitized here before they are stored (and the web sanitizes
 * again when it renders them); a body with nothing left after sanitizing is invalid (5). Every write lands
 * in the audit log inside the same transaction (see console-repository).
 */
import { INQUIRY_ANSWERED_ALERT, ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { defineRoute } from '../http/define-route';
import type { AuthedMember } from '../http/auth';
import type { Operator } from '../repositories/console-repository';
import { isBlankHtml, sanitizeHtml } from '../services/html';

const operator = (m: AuthedMember): Operator => ({ memberIdx: m.memberIdx, address: m.address });

/** Sanitized HTML, or 5 when nothing readable is left. */
function cleanHtml(html: string): string {
  const clean = sanitizeHtml(html);
  if (isBlankHtml(clean)) throw new AppError(ReturnCode.ValidationFailed, 'empty after sanitizing');
  return clean;
}

function paged<T>(body: { pageNo: number; pageSize: number }, r: { rows: T[]; total: number }) {
  return {
    returnCode: ReturnCode.Success,
    list: r.rows,
    page: { totalRecordSize: r.total, pageNo: body.pageNo, pageCount: pageCountOf(r.total, body.pageSize) },
  };
}

const saved = (idx: number) => ({ returnCode: ReturnCode.Success, data: { idx } });

export default async function adminRoutes(app: FastifyInstance) {
  const repo = app.repos.console;

  defineRoute(app, '/admin/me', async ({ member }) => ({ returnCode: ReturnCode.Success, data: { id: member.userName, address: member.address } }));

  defineRoute(app, '/admin/notice/list', async ({ body }) => paged(body, await repo.listNotices(body)));

  defineRoute(
    app,
    '/admin/notice/save',
    async ({ body, member }) => {
      const { id: _id, ticketId: _t, ...input } = body;
      const idx = await repo.saveNotice(operator(member), { ...input, message: cleanHtml(input.message) }, app.now());
      return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
    },
  );

  defineRoute(app, '/admin/faq/category/list', async () => ({ returnCode: ReturnCode.Success, list: await repo.faqCategories() }));

  defineRoute(
    app,
    '/admin/faq/category/save',
    async ({ body, member }) => {
      const idx = await repo.saveFaqCategory(operator(member), body, app.now());
      return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
    },
  );

  defineRoute(app, '/admin/faq/list', async ({ body }) => paged(body, await repo.listFaq(body)));

  defineRoute(
    app,
    '/admin/faq/save',
    async ({ body, member }) => {
      const { id: _id, ticketId: _t, ...input } = body;
      const idx = await repo.saveFaq(operator(member), { ...input, message: cleanHtml(input.message) }, app.now());
      return typeof idx === 'number' ? saved(idx) : { returnCode: ReturnCode.NoData };
    },
  );

  defineRoute(app, '/admin/inquiry/list', async ({ body }) => paged(body, await repo.listInquiries(body)));

  defineRoute(
    app,
    '/admin/inquiry/reply',
    async ({ body, member }) => {
      const address = await repo.replyInquiry(operator(member), body.inquiryIdx, cleanHtml(body.reply), app.now());
      if (address === null) return { returnCode: ReturnCode.NoData };
      await app.alerts
        .publish(address, { type: INQUIRY_ANSWERED_ALERT, inquiryIdx: body.inquiryIdx })
        .catch((err: unknown) => app.log.warn({ err }, 'inquiry alert not sent'));
      return { returnCode: ReturnCode.Success };
    },
  );

  defineRoute(
    app,
    '/admin/category/save',
    async ({ body, member }) => {
      const idx = await repo.saveCategory(operator(member), body, app.now());
      if (idx === 'codeTaken') return { returnCode: ReturnCode.DataExists };
      return idx === null ? { returnCode: ReturnCode.NoData } : saved(idx);
    },
  );

  defineRoute(
    app,
    '/admin/token/price',
    async ({ body, member }) => {
      await repo.setTokenPrice(operator(member), body.symbol, body.price, app.now());
      return { returnCode: ReturnCode.Success };
    },
  );

  defineRoute(
    app,
    '/admin/config/fee',
    async ({ body, member }) => {
      await repo.setPlatformFee(operator(member), body.platformFee, app.config.platformFee, app.now());
      return { returnCode: ReturnCode.Success };
    },
  );

  defineRoute(app, '/admin/member/list', async ({ body }) => paged(body, await repo.listMembers(body)));

  defineRoute(
    app,
    '/admin/member/block',
    async ({ body, member }) => {
      if (body.memberIdx === member.memberIdx) return { returnCode: ReturnCode.NoAuthority };
      const result = await repo.setMemberBlocked(operator(member), body.memberIdx, body.block === 1, app.now());
      if (result === null) return { returnCode: ReturnCode.NoData };
      if (result === 'deleted') return { returnCode: ReturnCode.PreviousStateWrong };
      return { returnCode: ReturnCode.Success };
    },
  );

  defineRoute(app, '/admin/audit/list', async ({ body }) => paged(body, await repo.listAudit(body)));
}
