/**
 * Transaction history and rankings (spec 2): the feed (global or one collection: 254 when unknown), a member's own
 * and another member's history (255 when unknown), one item's history (258), the creator's royalties and the
 * collection ranking. Page sizes are clamped by the shared schemas; history pages also page by cursor.
 */
import { ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { defineRoute } from '../../platform/http/define-route';
import type { HistoryPageResult } from './history-repository';
import { historyRepo } from './history-repository';
import { assertLiveCollection } from './live-collection';
import { membersRepo } from '../accounts';

function pageOf<T>(r: HistoryPageResult<T>, body: { pageNo: number; pageSize: number }) {
  return {
    totalRecordSize: r.total,
    pageNo: body.pageNo,
    pageCount: pageCountOf(r.total, body.pageSize),
    pageSize: body.pageSize,
    listCount: r.rows.length,
    nextCursor: r.nextCursor,
  };
}

export default async function historyRoutes(app: FastifyInstance) {
  const repo = historyRepo(app.db);

  defineRoute(app, '/nft/info/transaction/all', async ({ body }) => {
    if (body.collectionIdx !== undefined) await assertLiveCollection(app.db, body.collectionIdx);
    const r = await repo.list({ kind: 'all', collectionIdx: body.collectionIdx }, body, body);
    return { returnCode: ReturnCode.Success, list: r.rows, page: pageOf(r, body) };
  });

  defineRoute(app, '/nft/info/transaction/mine', async ({ body, member }) => {
    const r = await repo.list({ kind: 'address', address: member.address }, body, body);
    return { returnCode: ReturnCode.Success, list: r.rows, page: pageOf(r, body) };
  });

  defineRoute(app, '/nft/info/transaction/other', async ({ body }) => {
    const m = await membersRepo(app.db).findByIdx(body.memberIdx);
    // A former member's trades stay public (on chain): their profile's history tab lists them under the address.
    if (!m) throw new AppError(ReturnCode.MemberNotFound);
    const r = await repo.list({ kind: 'address', address: m.address }, body, body);
    return { returnCode: ReturnCode.Success, list: r.rows, page: pageOf(r, body) };
  });

  defineRoute(app, '/nft/info/transaction', async ({ body }) => {
    const item = await app.db
      .selectFrom('items')
      .select('item_idx')
      .where('item_idx', '=', body.productIdx)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!item) throw new AppError(ReturnCode.ProductNotFound);
    const r = await repo.list({ kind: 'item', itemIdx: body.productIdx }, {}, body);
    return { returnCode: ReturnCode.Success, list: r.rows, page: pageOf(r, body) };
  });

  defineRoute(app, '/nft/info/user/royalty', async ({ body, member }) => {
    const r = await repo.royalties(member.memberIdx, body, body);
    return { returnCode: ReturnCode.Success, list: r.rows, page: pageOf(r, body) };
  });

  defineRoute(app, '/nft/ranking/list', async ({ body }) => {
    const today = app.now().toISOString().slice(0, 10);
    const r = await repo.ranking({
      pageNo: body.pageNo,
      pageSize: body.pageSize,
      column: body.rankOrderColumn,
      order: body.rankOrderType,
      today,
    });
    return {
      returnCode: ReturnCode.Success,
      list: r.rows,
      page: { totalRecordSize: r.total, pageNo: body.pageNo, pageCount: pageCountOf(r.total, body.pageSize) },
    };
  });
}
