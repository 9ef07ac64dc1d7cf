/** Every curation and report console call refuses non-operators and hostile bodies. */
import { CURATION_ADMIN_PATHS } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { auditActions, member, op, setUpApp, t } from './curation-fixture';

setUpApp();

describe('every curation console call', () => {
  const bodies: Record<(typeof CURATION_ADMIN_PATHS)[number], Record<string, unknown>> = {
    '/admin/curation/list': {},
    '/admin/curation/save': { curationType: 4, name: 'n', nameEn: 'n', visible: 1 },
    '/admin/curation/move': { curationIdx: 1, direction: 1 },
    '/admin/curation/entry/add': { curationIdx: 1, productIdx: 1 },
    '/admin/curation/entry/update': { entryIdx: 1, title: 't', detail: 'd', connectUrl: 'https://example.com/' },
    '/admin/curation/entry/remove': { entryIdx: 1 },
    '/admin/report/list': {},
    '/admin/report/handle': { reportIdx: 1, action: 'dismiss' },
  };

  it.each(CURATION_ADMIN_PATHS)(
    '%s refuses logged-out callers (27) and members who are not operators (2), writing nothing',
    async (path) => {
      const before = (await auditActions()).length;
      expect((await t.post(path, bodies[path])).returnCode).toBe(27);
      expect((await t.post(path, { ...bodies[path], id: op.id, ticketId: 'forged' })).returnCode).toBe(27);
      expect((await t.post(path, { ...bodies[path], ...member.auth })).returnCode).toBe(2);
      expect((await t.post(path, { ...member.auth, garbage: true })).returnCode).toBe(2);
      expect((await auditActions()).length).toBe(before);
    },
  );

  it.each(CURATION_ADMIN_PATHS)('%s answers 5 or 6 to a hostile body, never 101', async (path) => {
    const hostile = {
      pageNo: 'x',
      curationIdx: -1,
      entryIdx: 'a',
      reportIdx: 1.5,
      direction: 0,
      action: 7,
      curationType: '0',
      name: ['a'],
    };
    for (const body of [hostile, { ...hostile, pageNo: 1e12, searchText: 'x'.repeat(10_000) }]) {
      const r = await t.post(path, { ...op.auth, ...bodies[path], ...body });
      expect([5, 6]).toContain(r.returnCode);
    }
  });
});
