/**
 * Home curation: `/nft/curation/all` (no login; the whole reply cached for HOME_CACHE_MS, dropped at once by any
 * console edit of this module) and the console's curation calls (`auth: 'operator'`, audited).
 */
import { ReturnCode, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import type { AuthedMember } from '../../platform/http/auth';
import type { Operator } from '../console';
import { createCurationConsole } from './console';
import { createHomeSections, homeCache } from './home-sections';

const operator = (m: AuthedMember): Operator => ({ memberIdx: m.memberIdx, address: m.address });

function paged<T>(body: { pageNo: number; pageSize: number }, r: { rows: T[]; total: number }) {
  return {
    returnCode: ReturnCode.Success,
    list: r.rows,
    page: { totalRecordSize: r.total, pageNo: body.pageNo, pageCount: pageCountOf(r.total, body.pageSize) },
  };
}

export default async function curationRoutes(app: FastifyInstance) {
  const home = createHomeSections(app.db);
  const consoleRepo = createCurationConsole(app.db);
  const cache = homeCache(app);
  /** Runs a console write and drops the cached home reply (whatever the outcome: a no-op costs one reload). */
  const edit = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      cache.invalidate();
    }
  };

  defineRoute(app, '/nft/curation/all', async () => {
    const now = app.now();
    return { returnCode: ReturnCode.Success, list: await cache.get(now.getTime(), () => home.all(now)) };
  });

  defineRoute(app, '/admin/curation/list', async ({ body }) => paged(body, await consoleRepo.listSections(body)));

  defineRoute(app, '/admin/curation/save', async ({ body, member }) => {
    const { id: _id, ticketId: _t, ...input } = body;
    const idx = await edit(consoleRepo.saveSection(operator(member), input, app.now()));
    if (idx === null) return { returnCode: ReturnCode.NoData };
    if (idx === 'typeChange') return { returnCode: ReturnCode.ValidationFailed };
    return { returnCode: ReturnCode.Success, data: { idx } };
  });

  defineRoute(app, '/admin/curation/move', async ({ body, member }) => {
    const r = await edit(consoleRepo.moveSection(operator(member), body.curationIdx, body.direction, app.now()));
    if (r === null) return { returnCode: ReturnCode.NoData };
    return { returnCode: r === 'edge' ? ReturnCode.PreviousStateWrong : ReturnCode.Success };
  });

  defineRoute(app, '/admin/curation/entry/add', async ({ body, member }) => {
    const { id: _id, ticketId: _t, ...input } = body;
    const r = await edit(consoleRepo.addEntry(operator(member), input, app.now()));
    if (r === null || r === 'noTarget') return { returnCode: ReturnCode.NoData };
    if (r === 'wrongKind' || r === 'full') return { returnCode: ReturnCode.ValidationFailed };
    if (r === 'exists') return { returnCode: ReturnCode.DataExists };
    return { returnCode: ReturnCode.Success, data: { idx: r } };
  });

  defineRoute(app, '/admin/curation/entry/update', async ({ body, member }) => {
    const { id: _id, ticketId: _t, ...input } = body;
    const r = await edit(consoleRepo.updateTip(operator(member), input, app.now()));
    if (r === null) return { returnCode: ReturnCode.NoData };
    if (r === 'notTip') return { returnCode: ReturnCode.ValidationFailed };
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/admin/curation/entry/remove', async ({ body, member }) => {
    const removed = await edit(consoleRepo.removeEntry(operator(member), body.entryIdx, app.now()));
    return { returnCode: removed ? ReturnCode.Success : ReturnCode.NoData };
  });
}
