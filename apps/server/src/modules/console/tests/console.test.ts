import { ADMIN_PATHS, CURATION_ADMIN_PATHS, routes } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loggedIn, newWallet, signedBody, type TestApp } from '../../../../test/helper';

let t: TestApp;
let op: Awaited<ReturnType<typeof loggedIn>>;
let member: Awaited<ReturnType<typeof loggedIn>>;
const opWallet = newWallet();

beforeAll(async () => {
  t = await buildTestApp({ config: { operatorAddresses: new Set([opWallet.address]) } });
  op = await loggedIn(t, opWallet);
  member = await loggedIn(t);
});
afterAll(async () => t?.close());

const notice = {
  lang: 'ko',
  title: '점검 안내',
  message: '<p>점검합니다</p>',
  listType: 1,
  flagPopup: 0,
  flagForce: 0,
  state: 1,
};

/** A valid body for every console path (besides id/ticketId). */
const validBodies: Record<(typeof ADMIN_PATHS)[number], Record<string, unknown>> = {
  '/admin/me': {},
  '/admin/notice/list': {},
  '/admin/notice/save': notice,
  '/admin/faq/category/list': {},
  '/admin/faq/category/save': { name: '계정', nameEn: 'Account', sortOrder: 1 },
  '/admin/faq/list': {},
  '/admin/faq/save': { categoryIdx: 1, lang: 'ko', title: 'q', message: '<p>a</p>', state: 1 },
  '/admin/inquiry/list': {},
  '/admin/inquiry/reply': { inquiryIdx: 1, reply: '<p>답변</p>' },
  '/admin/category/save': { code: 'new-cat', name: '새', nameEn: 'New', sortOrder: 9 },
  '/admin/token/price': { symbol: 'ATT', price: '1.5' },
  '/admin/config/fee': { platformFee: '3' },
  '/admin/config/krw': { krwPerUsd: '1380' },
  '/admin/config/inactive': { on: true },
  '/admin/member/list': {},
  '/admin/member/block': { memberIdx: 1, block: 1 },
  '/admin/audit/list': {},
  '/admin/referral/payout/list': {},
};

async function auditCount() {
  const r = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('every console call', () => {
  it('covers every /admin path of the routes table', () => {
    // The curation block's console paths are covered by curation/curation-routes.test.ts.
    expect(
      Object.keys(routes)
        .filter((p) => p.startsWith('/admin/'))
        .sort(),
    ).toEqual([...ADMIN_PATHS, ...CURATION_ADMIN_PATHS].sort());
    expect(Object.keys(validBodies).sort()).toEqual([...ADMIN_PATHS].sort());
  });

  it.each(ADMIN_PATHS)(
    '%s refuses logged-out callers (27), members who are not operators (2) and blocked operators (43)',
    async (path) => {
      const before = await auditCount();
      const body = validBodies[path];
      expect((await t.post(path, body)).returnCode).toBe(27);
      expect((await t.post(path, { ...body, id: op.id, ticketId: 'forged' })).returnCode).toBe(27);
      expect((await t.post(path, { ...body, id: member.id, ticketId: op.ticketId })).returnCode).toBe(29);
      expect((await t.post(path, { ...body, ...member.auth })).returnCode).toBe(2);
      // A member who is not an operator learns nothing from the body's schema either.
      expect((await t.post(path, { ...member.auth, garbage: true, pageNo: 'x', lang: 7 })).returnCode).toBe(2);
      expect(
        (await t.post(path, { ...body, id: member.id }, { authorization: `Bearer ${member.ticketId}` })).returnCode,
      ).toBe(2);
      expect(await auditCount()).toBe(before);
    },
  );

  it('a blocked operator gets 43, an expired ticket 28', async () => {
    const w = newWallet();
    const t2 = await buildTestApp({ config: { operatorAddresses: new Set([w.address]) } });
    try {
      const o = await loggedIn(t2, w);
      expect((await t2.post('/admin/me', o.auth)).returnCode).toBe(0);
      await t2.db
        .updateTable('tickets')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('address', '=', w.address)
        .execute();
      expect((await t2.post('/admin/me', o.auth)).returnCode).toBe(28);
      const o2 = (await t2.post('/ticket/request', await signedBody(t2, w))).body.data as {
        id: string;
        ticketId: string;
      };
      await t2.db.updateTable('members').set({ state: 'blocked' }).where('address', '=', w.address).execute();
      expect((await t2.post('/admin/notice/list', o2)).returnCode).toBe(43);
    } finally {
      await t2.close();
    }
  });

  it('/admin/me names the operator', async () => {
    expect((await t.post('/admin/me', op.auth)).body).toEqual({
      returnCode: 0,
      data: { id: op.id, address: op.wallet.address },
    });
  });
});

describe('notices', () => {
  it('creates, edits, pins and hides a notice; each change is audited with before and after', async () => {
    const created = await t.post('/admin/notice/save', { ...op.auth, ...notice, title: '  새 공지  ' });
    expect(created.returnCode).toBe(0);
    const idx = (created.body.data as { idx: number }).idx;
    const info = await t.post('/support/notice/info', { noticeIdx: idx });
    expect(info.body.data).toMatchObject({ title: '새 공지', listType: 1, flagPopup: 0 });

    const edited = await t.post('/admin/notice/save', {
      ...op.auth,
      ...notice,
      noticeIdx: idx,
      lang: 'en',
      title: 'Pinned',
      listType: 2,
      flagPopup: 1,
      flagForce: 1,
    });
    expect(edited.body).toEqual({ returnCode: 0, data: { idx } });
    const popups = await t.post('/support/notice/list', { type: 1 });
    expect(popups.body.list).toEqual([expect.objectContaining({ idx, lang: 'en', listType: 2, flagForce: 1 })]);

    await t.post('/admin/notice/save', { ...op.auth, ...notice, noticeIdx: idx, state: 0 });
    expect((await t.post('/support/notice/info', { noticeIdx: idx })).returnCode).toBe(8);
    const adminList = await t.post('/admin/notice/list', { ...op.auth, searchText: '점검' });
    expect(adminList.body.list).toEqual([expect.objectContaining({ idx, state: 0 })]);

    const audit = await t.post('/admin/audit/list', { ...op.auth, searchText: 'notice' });
    const rows = audit.body.list as {
      action: string;
      operator: string;
      operatorId: string;
      targetIdx: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown>;
    }[];
    expect(rows.map((r) => r.action)).toEqual(['notice.update', 'notice.update', 'notice.create']);
    expect(rows[2]).toMatchObject({
      operator: op.wallet.address,
      operatorId: op.id,
      targetIdx: String(idx),
      before: null,
      after: expect.objectContaining({ title: '새 공지' }),
    });
    expect(rows[1]!.before).toMatchObject({ title: '새 공지', lang: 'ko', flag_force: 0 });
    expect(rows[1]!.after).toMatchObject({ title: 'Pinned', lang: 'en', flag_force: 1, list_type: 2 });
  });

  it('sanitizes the body before storing it; an empty result is refused', async () => {
    const r = await t.post('/admin/notice/save', {
      ...op.auth,
      ...notice,
      message: '<p onclick="x()">hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    const idx = (r.body.data as { idx: number }).idx;
    const stored = await t.db
      .selectFrom('notices')
      .select('message')
      .where('notice_idx', '=', idx)
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe('<p>hi<img src="x"></p>');
    expect(
      (await t.post('/admin/notice/save', { ...op.auth, ...notice, message: '<script>alert(1)</script>' })).returnCode,
    ).toBe(5);
  });

  it.each([
    [{ noticeIdx: 999_999 }, 8],
    [{ flagForce: 1, flagPopup: 0 }, 5],
    [{ title: '   ' }, 5],
    [{ title: 'x'.repeat(201) }, 5],
    [{ message: 'x'.repeat(10_001) }, 5],
    [{ lang: 'jp' }, 5],
    [{ listType: 3 }, 5],
    [{ state: 2 }, 5],
    [{ title: undefined }, 6],
  ])('%j answers %i and writes nothing', async (patch, code) => {
    const before = await auditCount();
    expect((await t.post('/admin/notice/save', { ...op.auth, ...notice, ...patch })).returnCode).toBe(code);
    expect(await auditCount()).toBe(before);
  });

  it('answers 3 for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/attnftmarket/api/v1/admin/notice/save',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${op.ticketId}` },
      payload: '[1]',
    });
    expect(JSON.parse(res.body)).toEqual({ returnCode: 3 });
  });
});

describe('FAQ', () => {
  it('creates and renames categories, creates and edits items', async () => {
    const c1 = await t.post('/admin/faq/category/save', {
      ...op.auth,
      name: '이용 안내',
      nameEn: 'Using',
      sortOrder: 2,
    });
    const c2 = await t.post('/admin/faq/category/save', { ...op.auth, name: '거래', nameEn: 'Trade', sortOrder: 1 });
    const cat1 = (c1.body.data as { idx: number }).idx;
    const cat2 = (c2.body.data as { idx: number }).idx;
    expect(
      (
        await t.post('/admin/faq/category/save', {
          ...op.auth,
          faqCategoryIdx: cat1,
          name: '이용',
          nameEn: 'Usage',
          sortOrder: 3,
        })
      ).returnCode,
    ).toBe(0);
    expect(
      (
        await t.post('/admin/faq/category/save', {
          ...op.auth,
          faqCategoryIdx: 999_999,
          name: 'x',
          nameEn: 'x',
          sortOrder: 3,
        })
      ).returnCode,
    ).toBe(8);
    const cats = await t.post('/admin/faq/category/list', op.auth);
    expect(cats.body.list).toEqual([
      { faqCategoryIdx: cat2, name: '거래', nameEn: 'Trade', sortOrder: 1 },
      { faqCategoryIdx: cat1, name: '이용', nameEn: 'Usage', sortOrder: 3 },
    ]);

    const item = await t.post('/admin/faq/save', {
      ...op.auth,
      categoryIdx: cat2,
      lang: 'ko',
      title: '수수료?',
      message: '<p>2.5%</p>',
      state: 1,
    });
    const faqIdx = (item.body.data as { idx: number }).idx;
    const edit = await t.post('/admin/faq/save', {
      ...op.auth,
      faqIdx,
      categoryIdx: cat1,
      lang: 'ko',
      title: '수수료는?',
      message: '<p>3%<script>x</script></p>',
      sortOrder: 4,
      state: 1,
    });
    expect(edit.returnCode).toBe(0);
    const pub = await t.post('/support/faq/list', { filterCategoryIdx: cat1 });
    expect(pub.body.list).toEqual([
      expect.objectContaining({ faqIdx, title: '수수료는?', message: '<p>3%</p>', categoryName: '이용' }),
    ]);
    const list = await t.post('/admin/faq/list', { ...op.auth, categoryIdx: cat1 });
    expect(list.body).toMatchObject({
      returnCode: 0,
      page: { totalRecordSize: 1 },
      list: [expect.objectContaining({ faqIdx, sortOrder: 4, state: 1 })],
    });

    expect(
      (
        await t.post('/admin/faq/save', {
          ...op.auth,
          categoryIdx: 999_999,
          lang: 'ko',
          title: 'q',
          message: '<p>a</p>',
          state: 1,
        })
      ).returnCode,
    ).toBe(8);
    expect(
      (
        await t.post('/admin/faq/save', {
          ...op.auth,
          faqIdx: 999_999,
          categoryIdx: cat1,
          lang: 'ko',
          title: 'q',
          message: '<p>a</p>',
          state: 1,
        })
      ).returnCode,
    ).toBe(8);
    expect(
      (
        await t.post('/admin/faq/save', {
          ...op.auth,
          categoryIdx: cat1,
          lang: 'ko',
          title: 'q',
          message: '',
          state: 1,
        })
      ).returnCode,
    ).toBe(5);
    expect(
      (await t.post('/admin/faq/category/save', { ...op.auth, name: '', nameEn: 'x', sortOrder: 1 })).returnCode,
    ).toBe(5);
    expect((await t.post('/admin/faq/category/save', { ...op.auth, nameEn: 'x', sortOrder: 1 })).returnCode).toBe(6);
  });
});

describe('inquiries', () => {
  it('an operator answers; the member sees the reply and gets an alert', async () => {
    const asker = await loggedIn(t);
    await t.post('/support/inquiry/register', { ...asker.auth, title: '환불 문의', message: '어떻게 하나요?' });
    const waiting = await t.post('/admin/inquiry/list', { ...op.auth, state: 0, searchText: '환불' });
    const row = (waiting.body.list as { inquiryIdx: number; memberId: string; state: number }[])[0]!;
    expect(row).toMatchObject({ memberId: asker.id, state: 0 });

    const sent: string[] = [];
    const unsubscribe = t.app.alerts.subscribe(
      asker.wallet.address,
      { send: (d) => sent.push(d), close: () => undefined },
      'test',
    );
    const r = await t.post('/admin/inquiry/reply', {
      ...op.auth,
      inquiryIdx: row.inquiryIdx,
      reply: '<p>안내드립니다 <a href="javascript:alert(1)">링크</a></p>',
    });
    expect(r.returnCode).toBe(0);
    // Through Redis the alert comes back asynchronously: wait for it before unsubscribing.
    await vi.waitUntil(() => sent.length > 0, { timeout: 20_000, interval: 20 });
    unsubscribe();
    expect(sent.map((s) => JSON.parse(s) as unknown)).toEqual([
      { id: expect.stringMatching(/^\d+$/), type: 7, status: 0, data: { inquiryIdx: row.inquiryIdx } },
    ]);

    const mine = await t.post('/support/inquiry/list', asker.auth);
    expect((mine.body.list as unknown[])[0]).toMatchObject({
      state: 1,
      reply: '<p>안내드립니다 <a>링크</a></p>',
      replyDate: expect.any(String),
    });
    const answered = await t.post('/admin/inquiry/list', { ...op.auth, state: 1, searchText: asker.id });
    expect(answered.body.list).toEqual([
      expect.objectContaining({ inquiryIdx: row.inquiryIdx, repliedBy: op.wallet.address }),
    ]);
    expect(
      (await t.post('/admin/inquiry/reply', { ...op.auth, inquiryIdx: 999_999, reply: '<p>x</p>' })).returnCode,
    ).toBe(8);
    expect((await t.post('/admin/inquiry/reply', { ...op.auth, inquiryIdx: row.inquiryIdx })).returnCode).toBe(6);
  });
});
