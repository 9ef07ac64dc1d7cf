/**
 * Likes, likers and reports (spec 2 "Own profile"/"Other user's profile", sections
 * 3-9; spec 3 like and report). Codes: 258 no such item; 262/263 like state already as asked (with the current
 * state in `data`); 261 no such report category; 254/255/258 no such report target; 290 an open report on that
 * target exists; 26 more than REPORT_LIMIT reports an hour; 108 more than REPORT_PER_MINUTE requests a minute.
 * The profile's offer lists are the trading module's (offers/offer-routes.ts).
 */
import {
  REPORT_LIMIT,
  REPORT_PER_MINUTE,
  REPORT_WINDOW_MS,
  ReturnCode,
  pageCountOf,
  type ReturnCodeValue,
} from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { createSocialRepository } from './social-repository';

const TARGET_MISSING: Record<1 | 2 | 3, ReturnCodeValue> = {
  1: ReturnCode.CollectionNotFound,
  2: ReturnCode.MemberNotFound,
  3: ReturnCode.ProductNotFound,
};

export default async function socialRoutes(app: FastifyInstance) {
  const repo = createSocialRepository(app.db);

  defineRoute(app, '/nft/like', async ({ body, member }) => {
    const r = await repo.like(body.productIdx, member.memberIdx, app.now());
    if (r.countHeart === null) return { returnCode: ReturnCode.ProductNotFound };
    return {
      returnCode: r.changed ? ReturnCode.Success : ReturnCode.ItemAlreadyLiked,
      data: { likeState: 1, countHeart: r.countHeart },
    };
  });

  defineRoute(app, '/nft/cancelLike', async ({ body, member }) => {
    const r = await repo.unlike(body.productIdx, member.memberIdx);
    if (r.countHeart === null) return { returnCode: ReturnCode.ProductNotFound };
    return {
      returnCode: r.changed ? ReturnCode.Success : ReturnCode.ItemNotLiked,
      data: { likeState: 0, countHeart: r.countHeart },
    };
  });

  defineRoute(app, '/nft/like/member/list', async ({ body }) => {
    if (!(await repo.itemExists(body.productIdx))) return { returnCode: ReturnCode.ProductNotFound };
    const { rows, total } = await repo.likers(body.productIdx, body);
    return {
      returnCode: ReturnCode.Success,
      list: rows.map((r) => ({ ...r, likeDate: r.likeDate.toISOString() })),
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
    };
  });

  defineRoute(app, '/support/report/category', async ({ body }) => {
    const rows = await repo.reportCategories();
    return {
      returnCode: ReturnCode.Success,
      list: rows.map((r) => ({ ...r, name: body.lang === 'en' ? r.nameEn : r.nameKo })),
    };
  });

  defineRoute(
    app,
    '/support/report/register',
    async ({ body, member }) => {
      if (!(await repo.reportCategoryExists(body.reportCategoryIdx)))
        return { returnCode: ReturnCode.ReportCategoryMissing };
      if (!(await repo.reportTargetExists(body.type, body.targetIdx))) return { returnCode: TARGET_MISSING[body.type] };
      const now = app.now();
      const outcome = await repo.fileReport(
        {
          reporterIdx: member.memberIdx,
          categoryIdx: body.reportCategoryIdx,
          type: body.type,
          targetIdx: body.targetIdx,
          message: body.message,
        },
        { now, since: new Date(now.getTime() - REPORT_WINDOW_MS), limit: REPORT_LIMIT },
      );
      const code = { ok: ReturnCode.Success, duplicate: ReturnCode.ReportAlreadyOpen, limited: ReturnCode.RetryLater }[
        outcome
      ];
      return { returnCode: code };
    },
    { perMinute: REPORT_PER_MINUTE },
  );
}
