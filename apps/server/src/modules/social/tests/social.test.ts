import type { ItemDetail, Liker, ReportCategory } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { apiCollection, apiItem } from '../../../../test/items';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;
let collectionIdx: number;
let offsetMs = 0;

async function memberIdxOf(name: string): Promise<number> {
  const row = await t.db
    .selectFrom('members')
    .select('member_idx')
    .where('user_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.member_idx;
}

const newItem = () => apiItem(t, alice.auth, collectionIdx, '좋아요 작품');

async function likeRows(itemIdx: number) {
  const rows = await t.db.selectFrom('item_likes').select('member_idx').where('item_idx', '=', itemIdx).execute();
  const item = await t.db
    .selectFrom('items')
    .select('like_count')
    .where('item_idx', '=', itemIdx)
    .executeTakeFirstOrThrow();
  return { rows: rows.length, count: item.like_count };
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => new Date(Date.now() + offsetMs) } });
  alice = await loggedIn(t);
  bob = await loggedIn(t);
  collectionIdx = await apiCollection(t, alice.auth, `Social ${process.pid}`);
});
afterAll(async () => t?.close());

describe('/nft/like and /nft/cancelLike', () => {
  it('likes and unlikes, answers 263/262 with the current state when already so, and the detail shows likeState', async () => {
    const id = await newItem();
    expect(await t.post('/nft/like', { ...bob.auth, productIdx: id })).toMatchObject({
      returnCode: 0,
      body: { data: { likeState: 1, countHeart: 1 } },
    });
    expect(await t.post('/nft/like', { ...bob.auth, productIdx: id })).toMatchObject({
      returnCode: 263,
      body: { data: { likeState: 1, countHeart: 1 } },
    });
    expect(((await t.post('/nft/detail', { ...bob.auth, productId: id })).body.data as ItemDetail).likeState).toBe(1);
    expect(((await t.post('/nft/detail', { ...alice.auth, productId: id })).body.data as ItemDetail).likeState).toBe(0);
    expect(((await t.post('/nft/detail', { productId: id })).body.data as ItemDetail).countHeart).toBe(1);
    expect(await t.post('/nft/cancelLike', { ...bob.auth, productIdx: id })).toMatchObject({
      returnCode: 0,
      body: { data: { likeState: 0, countHeart: 0 } },
    });
    expect(await t.post('/nft/cancelLike', { ...bob.auth, productIdx: id })).toMatchObject({
      returnCode: 262,
      body: { data: { likeState: 0, countHeart: 0 } },
    });
    expect(await likeRows(id)).toEqual({ rows: 0, count: 0 });
  });

  it('refuses anonymous calls (27), unknown or deleted items (258) and bad bodies (5/6)', async () => {
    const id = await newItem();
    expect((await t.post('/nft/like', { productIdx: id })).returnCode).toBe(27);
    expect((await t.post('/nft/cancelLike', { productIdx: id })).returnCode).toBe(27);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/cancelLike', { ...bob.auth, productIdx: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/like', { ...bob.auth })).returnCode).toBe(6);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: '1' })).returnCode).toBe(5);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: -1 })).returnCode).toBe(5);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: 2 ** 40 })).returnCode).toBe(5);
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx = ${id}`.execute(t.db);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: id })).returnCode).toBe(258);
    expect(await likeRows(id)).toEqual({ rows: 0, count: 0 });
  });

  it('keeps like_count equal to the rows under 20 parallel likes and unlikes from two members', async () => {
    const id = await newItem();
    const calls = Array.from({ length: 20 }, (_, i) => {
      const who = i % 2 === 0 ? alice : bob;
      return t.post(i % 3 === 0 ? '/nft/cancelLike' : '/nft/like', { ...who.auth, productIdx: id });
    });
    const replies = await Promise.all(calls);
    expect(replies.every((r) => [0, 262, 263].includes(r.returnCode))).toBe(true);
    const { rows, count } = await likeRows(id);
    expect(count).toBe(rows);
    expect(count).toBeGreaterThanOrEqual(0);
    const doubles = await Promise.all(
      Array.from({ length: 20 }, () => t.post('/nft/like', { ...bob.auth, productIdx: id })),
    );
    expect(doubles.filter((r) => r.returnCode === 0).length).toBeLessThanOrEqual(1);
    const undo = await Promise.all(
      Array.from({ length: 20 }, () => t.post('/nft/cancelLike', { ...bob.auth, productIdx: id })),
    );
    expect(undo.filter((r) => r.returnCode === 0)).toHaveLength(1);
    const after = await likeRows(id);
    expect(after.count).toBe(after.rows);
  });
});

describe('/nft/like/member/list', () => {
  it('pages the likers, newest first, with their pieces; 258 for unknown items; page size capped', async () => {
    const id = await newItem();
    expect((await t.post('/nft/like', { ...alice.auth, productIdx: id })).returnCode).toBe(0);
    expect((await t.post('/nft/like', { ...bob.auth, productIdx: id })).returnCode).toBe(0);
    const r = await t.post('/nft/like/member/list', { productIdx: id, pageNo: 1, pageSize: 1 });
    expect(r.returnCode).toBe(0);
    expect(r.body.page).toEqual({ totalRecordSize: 2, pageNo: 1, pageCount: 2 });
    const [first] = r.body.list as Liker[];
    expect(first).toMatchObject({ memberName: bob.id, quantity: 0 });
    const all = await t.post('/nft/like/member/list', { productIdx: id, pageSize: 1_000_000_000 });
    const list = all.body.list as Liker[];
    expect(list.map((l) => l.memberName)).toEqual([bob.id, alice.id]);
    expect(list[1]!.quantity).toBe(1);
    expect(all.body.page).toEqual({ totalRecordSize: 2, pageNo: 1, pageCount: 1 });
    expect((await t.post('/nft/like/member/list', { productIdx: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/like/member/list', {})).returnCode).toBe(6);
  });
});

describe('view counting on /nft/detail', () => {
  it('counts one view per member or visitor per item per UTC day, visitors by a salted hash, never the raw IP', async () => {
    const id = await newItem();
    const view = async (auth?: object, headers: Record<string, string> = {}) =>
      ((await t.post('/nft/detail', { ...auth, productId: id }, headers)).body.data as ItemDetail).countView;
    expect(await view()).toBe(1);
    expect(await view()).toBe(1);
    expect(await view(undefined, { 'user-agent': 'another browser' })).toBe(2);
    expect(await view(bob.auth)).toBe(3);
    expect(await view(bob.auth)).toBe(3);
    await Promise.all(Array.from({ length: 10 }, () => view(alice.auth)));
    expect(await view()).toBe(4);
    const keys = await t.db.selectFrom('item_views').select('viewer_key').where('item_idx', '=', id).execute();
    expect(keys).toHaveLength(4);
    expect(keys.some((k) => k.viewer_key.includes('127.0.0.1'))).toBe(false);
    expect(keys.filter((k) => k.viewer_key.startsWith('m:'))).toHaveLength(2);
    // The next UTC day the same visitor counts again, once.
    offsetMs = 24 * 60 * 60 * 1000;
    try {
      expect(await view()).toBe(5);
      expect(await view()).toBe(5);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('/support/report/category', () => {
  it('lists the categories with the name in the asked language and both names', async () => {
    const ko = await t.post('/support/report/category', {});
    expect(ko.returnCode).toBe(0);
    const list = ko.body.list as ReportCategory[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[0]).toMatchObject({ name: '저작권 침해', nameKo: '저작권 침해', nameEn: 'Copyright infringement' });
    const en = await t.post('/support/report/category', { lang: 'en' });
    expect((en.body.list as ReportCategory[])[0]!.name).toBe('Copyright infringement');
    expect((await t.post('/support/report/category', { lang: 'fr' })).returnCode).toBe(5);
  });
});

describe('/support/report/register', () => {
  let itemIdx: number;
  let bobIdx: number;
  beforeAll(async () => {
    itemIdx = await newItem();
    bobIdx = await memberIdxOf(bob.id);
  });
  const report = (body: Record<string, unknown>, who = alice) =>
    t.post('/support/report/register', {
      ...who.auth,
      reportCategoryIdx: 1,
      type: 3,
      targetIdx: itemIdx,
      message: '불법 복제 작품입니다.',
      ...body,
    });

  it('files a report on a collection, a member and an item, trimmed; a second open one on a target is 290', async () => {
    expect((await report({ type: 1, targetIdx: collectionIdx })).returnCode).toBe(0);
    expect((await report({ type: 2, targetIdx: bobIdx, message: '  사칭 계정  ' })).returnCode).toBe(0);
    expect((await report({})).returnCode).toBe(0);
    expect((await report({})).returnCode).toBe(290);
    expect((await report({ type: 2, targetIdx: bobIdx })).returnCode).toBe(290);
    // Another member may report the same target; once handled, the reporter may report it again.
    expect((await report({}, bob)).returnCode).toBe(0);
    const row = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('type', '=', 2)
      .where('target_idx', '=', bobIdx)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe('사칭 계정');
    await sql`UPDATE reports SET state = 2 WHERE report_idx = ${row.report_idx}`.execute(t.db);
    expect((await report({ type: 2, targetIdx: bobIdx })).returnCode).toBe(0);
  });

  it('answers the spec codes for bad categories, targets and messages; 27 without a ticket', async () => {
    expect((await report({ reportCategoryIdx: 9999 })).returnCode).toBe(261);
    expect((await report({ type: 1, targetIdx: 999999 })).returnCode).toBe(254);
    expect((await report({ type: 2, targetIdx: 999999 })).returnCode).toBe(255);
    expect((await report({ type: 3, targetIdx: 999999 })).returnCode).toBe(258);
    expect((await report({ type: 4 })).returnCode).toBe(5);
    expect((await report({ message: '' })).returnCode).toBe(5);
    expect((await report({ message: '   ' })).returnCode).toBe(5);
    expect((await report({ message: 'x'.repeat(1001) })).returnCode).toBe(5);
    expect((await report({ message: 12 })).returnCode).toBe(5);
    expect((await report({ message: undefined })).returnCode).toBe(6);
    expect((await report({ reportCategoryIdx: undefined })).returnCode).toBe(6);
    expect(
      (await t.post('/support/report/register', { reportCategoryIdx: 1, type: 3, targetIdx: itemIdx, message: 'x' }))
        .returnCode,
    ).toBe(27);
    const before = await t.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // 1000 characters (counted as code points) is the most a message may have.
    const carol = await loggedIn(t);
    expect((await report({ message: '가'.repeat(1000) }, carol)).returnCode).toBe(0);
    const after = await t.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('holds the per-member hourly limit and the one-open-report rule under parallel requests', async () => {
    const dave = await loggedIn(t);
    const items = await Promise.all(Array.from({ length: 12 }, () => newItem()));
    const replies = await Promise.all(items.map((id) => report({ targetIdx: id }, dave)));
    expect(replies.filter((r) => r.returnCode === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.returnCode === 26)).toHaveLength(2);
    const erin = await loggedIn(t);
    const same = await Promise.all(Array.from({ length: 8 }, () => report({}, erin)));
    expect(same.filter((r) => r.returnCode === 0)).toHaveLength(1);
    expect(same.filter((r) => r.returnCode === 290)).toHaveLength(7);
  });

  it('is rate limited per client with the route perMinute (108)', async () => {
    const t2 = await buildTestApp({ config: { rateLimitMax: 600 } });
    try {
      const frank = await loggedIn(t2);
      const replies: Awaited<ReturnType<typeof t2.post>>[] = [];
      for (let i = 0; i < 25; i++) {
        replies.push(
          await t2.post('/support/report/register', {
            ...frank.auth,
            reportCategoryIdx: 999,
            type: 3,
            targetIdx: 1,
            message: 'x',
          }),
        );
      }
      expect(replies.filter((r) => r.returnCode === 108).length).toBe(5);
      expect(replies.every((r) => r.returnCode === 108 || r.returnCode === 261)).toBe(true);
    } finally {
      await t2.close();
    }
  });
});

describe('profile offer lists', () => {
  it('answer a member without offers an empty, correctly paged list (the routes are the trading module’s), 27 without a ticket on the own forms', async () => {
    for (const path of ['/nft/offer/member/list', '/nft/offer/member/participation/list'] as const) {
      expect(await t.post(path, { ...alice.auth, pageNo: 3, pageSize: 1000 })).toMatchObject({
        returnCode: 0,
        body: { list: [], page: { totalRecordSize: 0, pageNo: 3, pageCount: 1 } },
      });
      expect((await t.post(path, {})).returnCode).toBe(27);
      expect((await t.post(path, { ...alice.auth, filterCoin: ['ETH'] })).returnCode).toBe(5);
    }
    const bobIdx = await memberIdxOf(bob.id);
    for (const path of ['/nft/offer/member/list/other', '/nft/offer/member/participation/list/other'] as const) {
      expect(
        await t.post(path, {
          memberIdx: bobIdx,
          searchText: '검색',
          filterCollection: [collectionIdx],
          filterCoin: ['ATT'],
        }),
      ).toMatchObject({
        returnCode: 0,
        body: { list: [], page: { totalRecordSize: 0, pageNo: 1, pageCount: 1 } },
      });
      expect((await t.post(path, { memberIdx: 999999 })).returnCode).toBe(255);
      expect((await t.post(path, {})).returnCode).toBe(6);
    }
  });
});
