import { INQUIRY_LIMIT, noticeSchema } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function addNotice(
  values: Partial<{
    lang: 'ko' | 'en';
    title: string;
    message: string;
    list_type: number;
    flag_popup: number;
    flag_force: number;
    state: number;
    created_at: Date;
  }>,
) {
  const row = await t.db
    .insertInto('notices')
    .values({
      lang: 'ko',
      title: 'title',
      message: '<p>body</p>',
      list_type: 1,
      flag_popup: 0,
      flag_force: 0,
      state: 1,
      ...values,
    })
    .returning('notice_idx')
    .executeTakeFirstOrThrow();
  return row.notice_idx;
}

describe('/support/notice/list and /support/notice/info', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const base = Date.UTC(2026, 0, 1);
    for (let i = 1; i <= 24; i++) {
      ids[`n${i}`] = await addNotice({
        title: `공지 ${i}번`,
        message: `<p>본문 ${i}</p>`,
        created_at: new Date(base + i * 60_000),
      });
    }
    ids.pinned = await addNotice({ title: '고정 안내', list_type: 2, created_at: new Date(base) });
    ids.hidden = await addNotice({ title: '숨김 공지', state: 0, flag_popup: 1 });
    ids.en = await addNotice({
      lang: 'en',
      title: 'English 100% notice',
      message: '<p>maintenance window</p>',
      flag_popup: 1,
    });
    ids.forced = await addNotice({ title: '강제 팝업', flag_popup: 1, flag_force: 1, created_at: new Date(base) });
  });

  it('pages published notices, pinned first, numbered from the total', async () => {
    const r = await t.post('/support/notice/list', { pageNo: 1, pageSize: 10, searchType: 1, searchText: '' });
    expect(r.returnCode).toBe(0);
    expect(r.body.page).toEqual({ totalRecordSize: 27, pageNo: 1, pageCount: 3 });
    const list = r.body.list as { idx: number; no: number; listType: number; title: string; createDate: string }[];
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ idx: ids.pinned, listType: 2, no: 27 });
    expect(list.map((n) => n.no)).toEqual([27, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
    expect(list.some((n) => n.idx === ids.hidden)).toBe(false);
    const last = await t.post('/support/notice/list', { pageNo: 3, pageSize: 10 });
    expect((last.body.list as unknown[]).length).toBe(7);
    expect((last.body.list as { no: number }[]).at(-1)!.no).toBe(1);
    const beyond = await t.post('/support/notice/list', { pageNo: 9 });
    expect(beyond.body.list).toEqual([]);
    expect(beyond.body.page).toEqual({ totalRecordSize: 27, pageNo: 9, pageCount: 3 });
  });

  it('uses the spec defaults (page 1, size 10) for an empty body', async () => {
    const r = await t.post('/support/notice/list');
    expect(r.returnCode).toBe(0);
    expect((r.body.list as unknown[]).length).toBe(10);
  });

  it('searches titles (type 1) and bodies (type 2), with LIKE wildcards taken literally, and by language', async () => {
    const byTitle = await t.post('/support/notice/list', { searchType: 1, searchText: '12번' });
    expect((byTitle.body.list as { idx: number }[]).map((n) => n.idx)).toEqual([ids.n12]);
    const byBody = await t.post('/support/notice/list', { searchType: 2, searchText: '본문 7<' });
    expect((byBody.body.list as { idx: number }[]).map((n) => n.idx)).toEqual([ids.n7]);
    const percent = await t.post('/support/notice/list', { searchType: 1, searchText: '100%' });
    expect((percent.body.list as { idx: number }[]).map((n) => n.idx)).toEqual([ids.en]);
    const wildcard = await t.post('/support/notice/list', { searchType: 1, searchText: '%' });
    expect((wildcard.body.list as { idx: number }[]).map((n) => n.idx)).toEqual([ids.en]);
    const en = await t.post('/support/notice/list', { lang: 'en' });
    expect(en.body.page).toMatchObject({ totalRecordSize: 1 });
    const none = await t.post('/support/notice/list', { searchText: '없는 검색어' });
    expect(none.body).toMatchObject({ returnCode: 0, list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } });
  });

  it('lists popup notices in the type 1 form: published popups only, forced first, no page', async () => {
    const r = await t.post('/support/notice/list', { type: 1 });
    expect(r.returnCode).toBe(0);
    expect(r.body.page).toBeUndefined();
    const list = r.body.list as { idx: number; flagForce: number; flagPopup: number; message: string }[];
    expect(list.map((n) => n.idx)).toEqual([ids.forced, ids.en]);
    expect(list[0]!.flagForce).toBe(1);
    expect(list.every((n) => n.flagPopup === 1 && n.message.length > 0)).toBe(true);
    const ko = await t.post('/support/notice/list', { type: 1, lang: 'ko' });
    expect((ko.body.list as { idx: number }[]).map((n) => n.idx)).toEqual([ids.forced]);
  });

  it('returns one published notice; 8 for a hidden or missing one', async () => {
    const r = await t.post('/support/notice/info', { noticeIdx: ids.n3 });
    expect(r.returnCode).toBe(0);
    expect(noticeSchema.parse(r.body.data)).toMatchObject({
      idx: ids.n3,
      title: '공지 3번',
      message: '<p>본문 3</p>',
      listType: 1,
    });
    expect((await t.post('/support/notice/info', { noticeIdx: ids.hidden })).returnCode).toBe(8);
    expect((await t.post('/support/notice/info', { noticeIdx: 999_999 })).returnCode).toBe(8);
  });

  it.each([
    ['/support/notice/info', {}, 6],
    ['/support/notice/info', { noticeIdx: 'x' }, 5],
    ['/support/notice/info', { noticeIdx: 0 }, 5],
    ['/support/notice/info', { noticeIdx: 1.5 }, 5],
    ['/support/notice/list', { pageNo: 0 }, 5],
    ['/support/notice/list', { pageSize: 101 }, 5],
    ['/support/notice/list', { searchType: 3 }, 5],
    ['/support/notice/list', { searchText: 'x'.repeat(101) }, 5],
    ['/support/notice/list', { type: 2 }, 5],
    ['/support/notice/list', { lang: 'jp' }, 5],
    ['/support/notice/list', [1], 3],
  ])('%s %j answers %i', async (path, body, code) => {
    expect((await t.post(path, body)).returnCode).toBe(code);
  });
});

describe('/support/faq/category and /support/faq/list', () => {
  const cat: Record<string, number> = {};
  beforeAll(async () => {
    for (const [key, ko, en, order] of [
      ['account', '계정', 'Account', 2],
      ['trade', '거래', 'Trading', 1],
    ] as const) {
      const r = await t.db
        .insertInto('faq_categories')
        .values({ name_ko: ko, name_en: en, sort_order: order })
        .returning('faq_category_idx')
        .executeTakeFirstOrThrow();
      cat[key] = r.faq_category_idx;
    }
    await t.db
      .insertInto('faq_items')
      .values([
        {
          faq_category_idx: cat.account!,
          lang: 'ko',
          title: '지갑은 어떻게 연결하나요?',
          message: '<p>카이아 월렛을 설치하세요.</p>',
          sort_order: 1,
        },
        {
          faq_category_idx: cat.trade!,
          lang: 'ko',
          title: '수수료는 얼마인가요?',
          message: '<p>플랫폼 수수료 2.5%</p>',
          sort_order: 1,
        },
        {
          faq_category_idx: cat.trade!,
          lang: 'en',
          title: 'What is the fee?',
          message: '<p>2.5% platform fee</p>',
          sort_order: 2,
        },
        { faq_category_idx: cat.trade!, lang: 'ko', title: '숨긴 질문', message: '<p>x</p>', state: 0 },
      ])
      .execute();
  });

  it('lists categories in order', async () => {
    const r = await t.post('/support/faq/category', {});
    expect(r.body).toEqual({
      returnCode: 0,
      list: [
        { faqCategoryIdx: cat.trade, name: '거래', nameEn: 'Trading' },
        { faqCategoryIdx: cat.account, name: '계정', nameEn: 'Account' },
      ],
    });
  });

  it('lists published items, filtered by category, language and search', async () => {
    const all = await t.post('/support/faq/list', { filterCategoryIdx: null, searchType: 1, searchText: '' });
    expect((all.body.list as { title: string }[]).map((f) => f.title)).toEqual([
      '수수료는 얼마인가요?',
      'What is the fee?',
      '지갑은 어떻게 연결하나요?',
    ]);
    const trade = await t.post('/support/faq/list', { filterCategoryIdx: cat.account });
    expect(trade.body.list).toEqual([
      expect.objectContaining({
        categoryIdx: cat.account,
        categoryName: '계정',
        categoryNameEn: 'Account',
        title: '지갑은 어떻게 연결하나요?',
        message: '<p>카이아 월렛을 설치하세요.</p>',
      }),
    ]);
    const content = await t.post('/support/faq/list', { searchType: 2, searchText: '플랫폼' });
    expect((content.body.list as unknown[]).length).toBe(1);
    const title = await t.post('/support/faq/list', { searchType: 1, searchText: '플랫폼' });
    expect(title.body.list).toEqual([]);
    const en = await t.post('/support/faq/list', { lang: 'en' });
    expect((en.body.list as { title: string }[]).map((f) => f.title)).toEqual(['What is the fee?']);
  });

  it.each([
    [{ filterCategoryIdx: 'a' }, 5],
    [{ searchType: 0 }, 5],
    [{ searchText: 5 }, 5],
  ])('%j answers %i', async (body, code) => {
    expect((await t.post('/support/faq/list', body)).returnCode).toBe(code);
  });
});

describe('/support/inquiry/register and /support/inquiry/list', () => {
  it('stores trimmed inquiries and lists only the own ones, newest first, 7 per page', async () => {
    const m = await loggedIn(t);
    const other = await loggedIn(t);
    for (let i = 1; i <= 8; i++) {
      expect(
        (await t.post('/support/inquiry/register', { ...m.auth, title: `  문의 ${i} `, message: `내용 ${i}` }))
          .returnCode,
      ).toBe(0);
    }
    await t.post('/support/inquiry/register', { ...other.auth, title: '남의 문의', message: '비밀' });
    const p1 = await t.post('/support/inquiry/list', { ...m.auth, pageNo: 1, pageSize: 7 });
    expect(p1.returnCode).toBe(0);
    expect(p1.body.page).toEqual({ totalRecordSize: 8, pageNo: 1, pageCount: 2 });
    const list = p1.body.list as { title: string; state: number; reply: string | null; replyDate: string | null }[];
    expect(list).toHaveLength(7);
    expect(list[0]).toMatchObject({ title: '문의 8', state: 0, reply: null, replyDate: null });
    const p2 = await t.post('/support/inquiry/list', { ...m.auth, pageNo: 2 });
    expect((p2.body.list as { title: string }[]).map((x) => x.title)).toEqual(['문의 1']);
  });

  it('takes the ticket from the Authorization header too', async () => {
    const m = await loggedIn(t);
    const r = await t.post('/support/inquiry/list', { id: m.id }, { authorization: `Bearer ${m.ticketId}` });
    expect(r.returnCode).toBe(0);
  });

  it('enforces the lengths: title 1-100, message 1-1000 characters', async () => {
    const m = await loggedIn(t);
    const post = (title: unknown, message: unknown) =>
      t.post('/support/inquiry/register', { ...m.auth, title, message });
    expect((await post('가'.repeat(100), '나'.repeat(1000))).returnCode).toBe(0);
    expect((await post('😀'.repeat(100), 'ok')).returnCode).toBe(0);
    expect((await post('가'.repeat(101), 'ok')).returnCode).toBe(5);
    expect((await post('ok', '나'.repeat(1001))).returnCode).toBe(5);
    expect((await post('   ', 'ok')).returnCode).toBe(5);
    expect((await post('ok', '')).returnCode).toBe(5);
    expect((await post(1, 'ok')).returnCode).toBe(5);
    expect((await t.post('/support/inquiry/register', { ...m.auth, title: 'ok' })).returnCode).toBe(6);
  });

  it('refuses callers without a valid ticket, and blocked members', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/support/inquiry/list', {})).returnCode).toBe(27);
    expect((await t.post('/support/inquiry/register', { title: 'a', message: 'b' })).returnCode).toBe(27);
    expect((await t.post('/support/inquiry/list', { id: m.id, ticketId: 'forged' })).returnCode).toBe(27);
    const other = await loggedIn(t);
    expect((await t.post('/support/inquiry/list', { id: other.id, ticketId: m.ticketId })).returnCode).toBe(29);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('address', '=', m.wallet.address).execute();
    expect((await t.post('/support/inquiry/list', m.auth)).returnCode).toBe(43);
    expect((await t.post('/support/inquiry/register', { ...m.auth, title: 'a', message: 'b' })).returnCode).toBe(43);
  });

  it(`holds the limit of ${INQUIRY_LIMIT} an hour under parallel requests`, async () => {
    const m = await loggedIn(t);
    const replies = await Promise.all(
      Array.from({ length: INQUIRY_LIMIT + 5 }, (_, i) =>
        t.post('/support/inquiry/register', { ...m.auth, title: `t${i}`, message: 'm' }),
      ),
    );
    const codes = replies.map((r) => r.returnCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(INQUIRY_LIMIT);
    expect(codes.filter((c) => c === 26)).toHaveLength(5);
    const list = await t.post('/support/inquiry/list', m.auth);
    expect(list.body.page).toMatchObject({ totalRecordSize: INQUIRY_LIMIT });
  });
});
