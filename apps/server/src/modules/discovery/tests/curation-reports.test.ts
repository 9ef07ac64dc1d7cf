/** The report queue: an operator hides a reported item or collection, blocks a member, dismisses; one action per report. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from '../../../../test/helper';
import {
  all,
  auditActions,
  clock,
  collection,
  ids,
  item,
  later,
  member,
  op,
  opWallet,
  seedSections,
  setUpApp,
  t,
} from './curation-fixture';

setUpApp();
beforeAll(seedSections);

describe('console: report queue', () => {
  let reporter: number;
  const report = async (type: number, targetIdx: number) =>
    (
      await t.db
        .insertInto('reports')
        .values({
          reporter_idx: reporter,
          report_category_idx: 1,
          type,
          target_idx: targetIdx,
          message: '신고합니다',
          created_at: clock,
        })
        .returning('report_idx')
        .executeTakeFirstOrThrow()
    ).report_idx;
  const handle = (reportIdx: number, action: string) =>
    t.post('/admin/report/handle', { ...op.auth, reportIdx, action });
  const reportsOf = async (state?: number) =>
    (await t.post('/admin/report/list', { ...op.auth, state })).body.list as {
      reportIdx: number;
      state: number;
      targetHidden: boolean;
      targetName: string | null;
    }[];

  beforeAll(async () => {
    reporter = (
      await t.db
        .selectFrom('members')
        .select('member_idx')
        .where('address', '=', opWallet.address)
        .executeTakeFirstOrThrow()
    ).member_idx;
  });

  it('hides a reported item: gone from the home and the collection list; every open report on it is actioned', async () => {
    const c = await collection();
    const target = await item(c);
    const r1 = await report(3, target);
    later();
    expect(ids((await all()).find((s) => s.curationType === 4))).toContain(target);
    const open = await reportsOf(0);
    expect(open.find((r) => r.reportIdx === r1)).toMatchObject({
      state: 0,
      targetHidden: false,
      targetName: expect.any(String),
    });
    expect((await handle(r1, 'block')).returnCode).toBe(5);
    expect((await handle(r1, 'hide')).returnCode).toBe(0);
    expect((await handle(r1, 'hide')).returnCode).toBe(20);
    expect((await handle(r1, 'dismiss')).returnCode).toBe(20);
    expect(ids((await all()).find((s) => s.curationType === 4))).not.toContain(target);
    const list = await t.post('/nft/info/collection/Item', { collectionIdx: c, pageNo: 1, pageSize: 20 });
    expect((list.body.list as { productId: number }[]).map((i) => i.productId)).not.toContain(target);
    expect((await reportsOf(1)).find((r) => r.reportIdx === r1)).toMatchObject({ state: 1, targetHidden: true });
    expect((await auditActions()).slice(-2)).toEqual(['item.hide', 'report.hide']);
    // The owner cannot show it again (20); hiding it again is harmless.
    expect((await t.post('/nft/hideCancel', { ...member.auth, productId: target })).returnCode).toBe(20);
    expect((await t.post('/nft/hide', { ...member.auth, productId: target })).returnCode).toBe(0);
    expect(
      (await t.db.selectFrom('items').select('hide_state').where('item_idx', '=', target).executeTakeFirstOrThrow())
        .hide_state,
    ).toBe(1);
  });

  it('hides a reported collection and blocks a reported member (43 after); dismisses', async () => {
    const c = await collection();
    const r1 = await report(1, c);
    expect((await handle(r1, 'hide')).returnCode).toBe(0);
    later();
    expect(ids((await all()).find((s) => s.curationType === 1))).not.toContain(c);
    const victim = await loggedIn(t);
    const victimIdx = (
      await t.db.selectFrom('members').select('member_idx').where('user_name', '=', victim.id).executeTakeFirstOrThrow()
    ).member_idx;
    const r2 = await report(2, victimIdx);
    expect((await handle(r2, 'hide')).returnCode).toBe(5);
    expect((await handle(r2, 'block')).returnCode).toBe(0);
    expect((await t.post('/user/info', victim.auth)).returnCode).toBe(43);
    const r3 = await report(2, reporter);
    expect((await handle(r3, 'block')).returnCode).toBe(2);
    expect((await handle(r3, 'dismiss')).returnCode).toBe(0);
    expect((await reportsOf(2)).map((r) => r.reportIdx)).toEqual([r3]);
    const r4 = await report(3, 99_999);
    expect((await handle(r4, 'hide')).returnCode).toBe(8);
    expect((await handle(99_999, 'dismiss')).returnCode).toBe(8);
    expect((await handle(r4, 'delete')).returnCode).toBe(5);
    expect((await t.post('/admin/report/list', { ...op.auth, state: 3 })).returnCode).toBe(5);
    expect((await t.post('/admin/report/list', { ...op.auth, searchText: victim.id })).body.page).toMatchObject({
      totalRecordSize: 1,
    });
  });

  it('two operators acting on one report at once act once', async () => {
    const c = await collection();
    const r1 = await report(1, c);
    const codes = await Promise.all([handle(r1, 'hide'), handle(r1, 'dismiss'), handle(r1, 'hide')]);
    expect(codes.map((c) => c.returnCode).sort()).toEqual([0, 20, 20]);
  });
});
