import { CURATION_ADMIN_PATHS, curationAllReply, type CurationSection } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, newWallet, type TestApp } from '../../test/helper';
import { seedCurationDemo } from '../db/seed-curation';
import { HOME_CACHE_MS } from './curation-routes';

let t: TestApp;
let op: Awaited<ReturnType<typeof loggedIn>>;
let member: Awaited<ReturnType<typeof loggedIn>>;
let memberIdx: number;
const opWallet = newWallet();
let clock = new Date('2026-11-20T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let seq = 0;
async function collection(name = `col ${++seq}`): Promise<number> {
  const row = await t.db
    .insertInto('collections')
    .values({ member_idx: memberIdx, name, royalty_bps: 0, logo_file: 'logo.png', created_at: clock, updated_at: clock })
    .returning('collection_idx')
    .executeTakeFirstOrThrow();
  return row.collection_idx;
}
async function item(collectionIdx: number, extra: Record<string, unknown> = {}): Promise<number> {
  const n = ++seq;
  const row = await t.db
    .insertInto('items')
    .values({
      token_id: String(10_000 + n),
      collection_idx: collectionIdx,
      creator_idx: memberIdx,
      name: `item ${n}`,
      category_idx: 1,
      resource_type: 1,
      file_format: 'png',
      file_name: `file${n}.png`,
      total_supply: 1,
      royalty_bps: 0,
      created_at: clock,
      updated_at: clock,
      ...extra,
    })
    .returning('item_idx')
    .executeTakeFirstOrThrow();
  return row.item_idx;
}

const all = async () => {
  const r = await t.post('/nft/curation/all', {});
  expect(r.returnCode).toBe(0);
  return curationAllReply.parse(r.body).list!;
};
const section = async (type: number) => (await all()).find((s) => s.curationType === type);
const ids = (s: CurationSection | undefined) =>
  (s?.dataList ?? []).map((d) => ('productIdx' in d ? d.productIdx : 'collectionIdx' in d ? d.collectionIdx : -1));
/** Moves the clock past the cache lifetime. */
const later = () => (clock = new Date(clock.getTime() + HOME_CACHE_MS + 1));

async function auditActions(): Promise<string[]> {
  return (await t.db.selectFrom('audit_log').select('action').orderBy('audit_idx').execute()).map((r) => r.action);
}
const sectionsOf = async () =>
  (await t.post('/admin/curation/list', { ...op.auth, pageSize: 100 })).body.list as { curationIdx: number; curationType: number; name: string; entries: { entryIdx: number }[] }[];

beforeAll(async () => {
  t = await buildTestApp({ config: { operatorAddresses: new Set([opWallet.address]) }, deps: { now: () => clock } });
  op = await loggedIn(t, opWallet);
  member = await loggedIn(t);
  memberIdx = (await t.db.selectFrom('members').select('member_idx').where('user_name', '=', member.id).executeTakeFirstOrThrow()).member_idx;
});
afterAll(async () => t?.close());

describe('/nft/curation/all', () => {
  let c1: number;
  let c2: number;
  const items: number[] = [];

  it('answers an empty list before any curation', async () => {
    expect(await all()).toEqual([]);
  });

  it('shows the seeded sections in order with the spec shapes; the seed runs once', async () => {
    c1 = await collection('Alpha');
    c2 = await collection('Beta');
    for (let i = 0; i < 4; i++) items.push(await item(i % 2 ? c2 : c1));
    expect(await seedCurationDemo(t.db, clock)).toBe(7);
    expect(await seedCurationDemo(t.db, clock)).toBe(0);
    later();
    const list = await all();
    expect(list.map((s) => s.curationType)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(list[0]!.name).toBe('주목할 만한 NFT');
    expect(list[0]!.nameEn).toBe('Featured NFTs');
    const featured = list[0]!.dataList[0]!;
    expect(featured).toMatchObject({ productIdx: items[3], itemFileType: 'png', itemFileName: expect.any(String), name: expect.any(String), memberId: member.id });
    expect(list[2]!.dataList.length).toBeGreaterThan(0);
    expect(list[2]!.dataList[0]).toMatchObject({ categoryIdx: 1, categoryName: expect.any(String), imageFileName: expect.any(String) });
    expect(list[5]!.dataList[0]).toMatchObject({ connectUrl: expect.stringMatching(/^https:\/\//), title: expect.any(String), detail: expect.any(String) });
    // The demo tips are bilingual.
    expect(list[5]!.dataList[0]).toMatchObject({ title: 'Kaia 지갑 설치하기', titleEn: 'Install a Kaia wallet', detailEn: expect.stringContaining('wallet') });
    expect(list[4]!.dataList[0]).toMatchObject({ productIdx: items[3], lastPrice: null, minPriceToken: null, saleType: null, bidMaxPrice: null, itemType: 2, totalItemCount: 1 });
    expect(list[6]!.dataList).toEqual([]);
    // Without activity, trending falls back to the newest.
    expect(ids(list[3])).toEqual([...items].reverse());
    expect(ids(list[1])).toEqual([c2, c1]);
  });

  it('computes trending from the last 7 days of trades, views and likes', async () => {
    const [a, b, c] = items as [number, number, number];
    const trade = (itemIdx: number, collectionIdx: number, usd: string, daysAgo: number, eventType = 2) =>
      t.db
        .insertInto('trade_history')
        .values({ event_type: eventType, item_idx: itemIdx, collection_idx: collectionIdx, unit_price: '1', symbol: 'ATT', usd_value: usd, created_at: new Date(clock.getTime() - daysAgo * DAY) })
        .execute();
    await trade(a, c1, '5', 1); // item a: 5 + 10
    await trade(b, c2, '1000', 9); // too old
    await trade(b, c2, '1000', 1, 1); // a listing, not a trade
    await t.db.insertInto('item_likes').values({ item_idx: c, member_idx: memberIdx, created_at: new Date(clock.getTime() - DAY) }).execute();
    await t.db
      .insertInto('item_views')
      .values(['v:1', 'v:2', 'v:3', 'v:4'].map((k) => ({ item_idx: b, viewer_key: k, view_date: new Date(clock.getTime() - 2 * DAY).toISOString().slice(0, 10) })))
      .execute();
    // Cached: nothing changes until the cache lifetime passes.
    expect(ids(await section(3))).toEqual([...items].reverse());
    later();
    const trending = ids(await section(3));
    expect(trending.slice(0, 3)).toEqual([a, b, c]); // 15, 4, 3
    expect(trending).toHaveLength(items.length);
    expect(ids(await section(1))).toEqual([c1, c2]); // 15 + 3 (like on c, in c1) vs 4
  });

  it('hides hidden items, hidden collections and hidden sections', async () => {
    await t.db.updateTable('items').set({ hide_state: 1 }).where('item_idx', '=', items[0]!).execute();
    await t.db.updateTable('collections').set({ hide_state: 1 }).where('collection_idx', '=', c2).execute();
    later();
    const list = await all();
    for (const s of list.filter((x) => [0, 3, 4, 6].includes(x.curationType))) expect(ids(s)).not.toContain(items[0]);
    expect(ids(list.find((s) => s.curationType === 4))).toEqual([items[2]]);
    expect(ids(list.find((s) => s.curationType === 1))).toEqual([c1]);
    await t.db.updateTable('items').set({ hide_state: 0 }).where('item_idx', '=', items[0]!).execute();
    await t.db.updateTable('collections').set({ hide_state: 0 }).where('collection_idx', '=', c2).execute();
  });

  it('shows live auctions by closing time', async () => {
    const soon = await item(c1, { sale_type: 2, price_amount: '1000', price_symbol: 'KLAY', sale_expires_at: new Date(clock.getTime() + DAY) });
    const sooner = await item(c1, { sale_type: 2, price_amount: '5', price_symbol: 'ATT', sale_expires_at: new Date(clock.getTime() + 60 * 60 * 1000) });
    await item(c1, { sale_type: 2, price_amount: '5', price_symbol: 'ATT', sale_expires_at: new Date(clock.getTime() - 1000) });
    later();
    const auction = await section(6);
    expect(ids(auction)).toEqual([sooner, soon]);
    expect(auction!.dataList[0]).toMatchObject({ saleType: 2, minPriceToken: '5', minSymbol: 'ATT', expireDate: expect.any(String) });
  });

  it('a console edit shows at once (the cache is dropped)', async () => {
    const [first] = await sectionsOf();
    await all(); // cached
    expect((await t.post('/admin/curation/save', { ...op.auth, curationIdx: first!.curationIdx, curationType: 0, name: '에디터 추천', nameEn: 'Editor picks', visible: 1 })).returnCode).toBe(0);
    expect((await all())[0]!.name).toBe('에디터 추천');
    expect((await t.post('/admin/curation/save', { ...op.auth, curationIdx: first!.curationIdx, curationType: 0, name: '에디터 추천', nameEn: 'Editor picks', visible: 0 })).returnCode).toBe(0);
    expect((await all()).map((s) => s.curationType)).toEqual([1, 2, 3, 4, 5, 6]);
    await t.post('/admin/curation/save', { ...op.auth, curationIdx: first!.curationIdx, curationType: 0, name: '에디터 추천', nameEn: 'Editor picks', visible: 1 });
  });
});

describe('console: curation', () => {
  it('lists sections with their entries; searches names', async () => {
    const list = await sectionsOf();
    expect(list).toHaveLength(7);
    expect(list[0]!.entries.length).toBeGreaterThan(0);
    const found = await t.post('/admin/curation/list', { ...op.auth, searchText: 'Live' });
    expect((found.body.list as unknown[]).length).toBe(1);
    expect(found.body.page).toEqual({ totalRecordSize: 1, pageNo: 1, pageCount: 1 });
  });

  it('creates a section at the end, refuses a type change (5) and an unknown section (8)', async () => {
    const r = await t.post('/admin/curation/save', { ...op.auth, curationType: 5, name: '  가이드 ', nameEn: 'Guides', visible: 1 });
    expect(r.returnCode).toBe(0);
    const idx = (r.body.data as { idx: number }).idx;
    const list = await sectionsOf();
    expect(list.at(-1)).toMatchObject({ curationIdx: idx, name: '가이드' });
    expect((await t.post('/admin/curation/save', { ...op.auth, curationIdx: idx, curationType: 0, name: 'x', nameEn: 'x', visible: 1 })).returnCode).toBe(5);
    expect((await t.post('/admin/curation/save', { ...op.auth, curationIdx: 99_999, curationType: 0, name: 'x', nameEn: 'x', visible: 1 })).returnCode).toBe(8);
    for (const bad of [{ name: '' }, { name: 'x'.repeat(51) }, { curationType: 7 }, { visible: 2 }, { nameEn: '   ' }]) {
      expect((await t.post('/admin/curation/save', { ...op.auth, curationType: 5, name: 'n', nameEn: 'n', visible: 1, ...bad })).returnCode).toBe(5);
    }
    expect((await t.post('/admin/curation/save', { ...op.auth, curationType: 5, nameEn: 'n', visible: 1 })).returnCode).toBe(6);
  });

  it('moves a section up and down; the ends answer 20', async () => {
    const before = (await sectionsOf()).map((s) => s.curationIdx);
    const audits = (await auditActions()).length;
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: before[1], direction: -1 })).returnCode).toBe(0);
    const after = (await sectionsOf()).map((s) => s.curationIdx);
    expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
    expect((await all())[0]!.curationIdx).toBe(before[1]);
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: after[0], direction: -1 })).returnCode).toBe(20);
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: after.at(-1), direction: 1 })).returnCode).toBe(20);
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: 99_999, direction: 1 })).returnCode).toBe(8);
    expect((await t.post('/admin/curation/move', { ...op.auth, curationIdx: after[0], direction: 2 })).returnCode).toBe(5);
    expect((await auditActions()).slice(audits)).toEqual(['curation.move']);
    await t.post('/admin/curation/move', { ...op.auth, curationIdx: before[1], direction: 1 });
  });

  it('adds and removes entries of the right kind, audited', async () => {
    const list = await sectionsOf();
    const featured = list.find((s) => s.curationType === 0)!;
    const tips = list.find((s) => s.curationType === 5)!;
    const cats = list.find((s) => s.curationType === 2)!;
    const trending = list.find((s) => s.curationType === 3)!;
    const c = await collection();
    const fresh = await item(c);
    const add = (body: Record<string, unknown>) => t.post('/admin/curation/entry/add', { ...op.auth, ...body });
    const r = await add({ curationIdx: featured.curationIdx, productIdx: fresh });
    expect(r.returnCode).toBe(0);
    expect(ids((await all()).find((s) => s.curationType === 0)).at(-1)).toBe(fresh);
    expect((await add({ curationIdx: featured.curationIdx, productIdx: fresh })).returnCode).toBe(10);
    expect((await add({ curationIdx: featured.curationIdx, productIdx: 99_999 })).returnCode).toBe(8);
    expect((await add({ curationIdx: featured.curationIdx, categoryIdx: 1 })).returnCode).toBe(5);
    expect((await add({ curationIdx: trending.curationIdx, productIdx: fresh })).returnCode).toBe(5);
    expect((await add({ curationIdx: 99_999, productIdx: fresh })).returnCode).toBe(8);
    // Category tiles: once picked, only the picked ones show.
    expect((await add({ curationIdx: cats.curationIdx, categoryIdx: 2 })).returnCode).toBe(0);
    expect((await all()).find((s) => s.curationType === 2)!.dataList.map((d) => (d as { categoryIdx: number }).categoryIdx)).toEqual([2]);
    expect((await add({ curationIdx: cats.curationIdx, categoryIdx: 999 })).returnCode).toBe(8);
    // Tips: http(s) links only; an image must be the operator's own upload.
    const tip = { curationIdx: tips.curationIdx, title: '팁', detail: '자세히', connectUrl: 'https://example.com/a' };
    expect((await add(tip)).returnCode).toBe(0);
    expect((await add({ ...tip, connectUrl: 'javascript:alert(1)' })).returnCode).toBe(5);
    expect((await add({ ...tip, connectUrl: 'ftp://example.com' })).returnCode).toBe(5);
    expect((await add({ ...tip, fileName: 'notmine1234.png' })).returnCode).toBe(8);
    expect((await add({ ...tip, title: undefined })).returnCode).toBe(5);
    let tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.at(-1)).toMatchObject({ title: '팁', connectUrl: 'https://example.com/a', fileName: null, titleEn: null, detailEn: null });
    // A bilingual tip: the English pair is stored and answered beside the Korean one (both or neither).
    const en = { ...tip, connectUrl: 'https://example.com/en', titleEn: '  Tip ', detailEn: 'More' };
    expect((await add(en)).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.at(-1)).toMatchObject({ title: '팁', detail: '자세히', titleEn: 'Tip', detailEn: 'More', connectUrl: 'https://example.com/en' });
    const listed = (await t.post('/admin/curation/list', { ...op.auth, pageSize: 100 })).body.list as { curationType: number; entries: Record<string, unknown>[] }[];
    expect(listed.find((s) => s.curationType === 5)!.entries.at(-1)).toMatchObject({ title: '팁', titleEn: 'Tip', detailEn: 'More' });
    // Half an English pair: the missing half is a missing parameter.
    expect((await add({ ...en, detailEn: undefined })).returnCode).toBe(6);
    expect((await add({ ...en, titleEn: undefined })).returnCode).toBe(6);
    expect((await add({ ...en, titleEn: '   ' })).returnCode).toBe(5);
    expect((await add({ ...en, titleEn: 'x'.repeat(61) })).returnCode).toBe(5);
    expect((await add({ ...en, detailEn: 'x'.repeat(201) })).returnCode).toBe(5);
    // An existing tip gets (or loses) its English pair and a new link from the console; audited.
    const koTip = tipsNow.dataList.find((d) => d.connectUrl === 'https://example.com/a')!;
    const update = (body: Record<string, unknown>) => t.post('/admin/curation/entry/update', { ...op.auth, ...body });
    const edited = { entryIdx: koTip.tipIdx, title: '지갑 팁', detail: '자세히 보기', titleEn: 'Wallet tip', detailEn: 'Read more', connectUrl: 'https://example.com/b' };
    expect((await update(edited)).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.find((d) => d.tipIdx === koTip.tipIdx)).toMatchObject({ title: '지갑 팁', detail: '자세히 보기', titleEn: 'Wallet tip', detailEn: 'Read more', connectUrl: 'https://example.com/b' });
    expect((await auditActions()).at(-1)).toBe('curation.entry.update');
    expect((await update({ ...edited, titleEn: undefined, detailEn: undefined })).returnCode).toBe(0);
    tipsNow = (await all()).find((s) => s.curationType === 5)!;
    expect(tipsNow.dataList.find((d) => d.tipIdx === koTip.tipIdx)).toMatchObject({ titleEn: null, detailEn: null });
    expect((await update({ ...edited, detailEn: undefined })).returnCode).toBe(6);
    expect((await update({ ...edited, connectUrl: 'javascript:alert(1)' })).returnCode).toBe(5);
    expect((await update({ ...edited, entryIdx: 99_999 })).returnCode).toBe(8);
    expect((await update({ ...edited, entryIdx: (r.body.data as { idx: number }).idx })).returnCode).toBe(5);
    // English fields belong to tips only.
    expect((await add({ curationIdx: featured.curationIdx, productIdx: await item(c), titleEn: 'a', detailEn: 'b' })).returnCode).toBe(5);
    // Remove.
    const entryIdx = (r.body.data as { idx: number }).idx;
    expect((await t.post('/admin/curation/entry/remove', { ...op.auth, entryIdx })).returnCode).toBe(0);
    expect((await t.post('/admin/curation/entry/remove', { ...op.auth, entryIdx })).returnCode).toBe(8);
    expect(ids((await all()).find((s) => s.curationType === 0))).not.toContain(fresh);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'curation.entry.remove').executeTakeFirstOrThrow();
    expect(audit.operator_address).toBe(opWallet.address);
    expect(audit.before).toMatchObject({ entry_idx: entryIdx, item_idx: fresh });
    expect(audit.after).toBeNull();
  });
});

describe('console: report queue', () => {
  let reporter: number;
  const report = async (type: number, targetIdx: number) =>
    (
      await t.db
        .insertInto('reports')
        .values({ reporter_idx: reporter, report_category_idx: 1, type, target_idx: targetIdx, message: '신고합니다', created_at: clock })
        .returning('report_idx')
        .executeTakeFirstOrThrow()
    ).report_idx;
  const handle = (reportIdx: number, action: string) => t.post('/admin/report/handle', { ...op.auth, reportIdx, action });
  const reportsOf = async (state?: number) => (await t.post('/admin/report/list', { ...op.auth, state })).body.list as { reportIdx: number; state: number; targetHidden: boolean; targetName: string | null }[];

  beforeAll(async () => {
    reporter = (await t.db.selectFrom('members').select('member_idx').where('address', '=', opWallet.address).executeTakeFirstOrThrow()).member_idx;
  });

  it('hides a reported item: gone from the home and the collection list; every open report on it is actioned', async () => {
    const c = await collection();
    const target = await item(c);
    const r1 = await report(3, target);
    later();
    expect(ids((await all()).find((s) => s.curationType === 4))).toContain(target);
    const open = await reportsOf(0);
    expect(open.find((r) => r.reportIdx === r1)).toMatchObject({ state: 0, targetHidden: false, targetName: expect.any(String) });
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
    expect((await t.db.selectFrom('items').select('hide_state').where('item_idx', '=', target).executeTakeFirstOrThrow()).hide_state).toBe(1);
  });

  it('hides a reported collection and blocks a reported member (43 after); dismisses', async () => {
    const c = await collection();
    const r1 = await report(1, c);
    expect((await handle(r1, 'hide')).returnCode).toBe(0);
    later();
    expect(ids((await all()).find((s) => s.curationType === 1))).not.toContain(c);
    const victim = await loggedIn(t);
    const victimIdx = (await t.db.selectFrom('members').select('member_idx').where('user_name', '=', victim.id).executeTakeFirstOrThrow()).member_idx;
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
    expect((await t.post('/admin/report/list', { ...op.auth, searchText: victim.id })).body.page).toMatchObject({ totalRecordSize: 1 });
  });

  it('two operators acting on one report at once act once', async () => {
    const c = await collection();
    const r1 = await report(1, c);
    const codes = await Promise.all([handle(r1, 'hide'), handle(r1, 'dismiss'), handle(r1, 'hide')]);
    expect(codes.map((c) => c.returnCode).sort()).toEqual([0, 20, 20]);
  });
});

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

  it.each(CURATION_ADMIN_PATHS)('%s refuses logged-out callers (27) and members who are not operators (2), writing nothing', async (path) => {
    const before = (await auditActions()).length;
    expect((await t.post(path, bodies[path])).returnCode).toBe(27);
    expect((await t.post(path, { ...bodies[path], id: op.id, ticketId: 'forged' })).returnCode).toBe(27);
    expect((await t.post(path, { ...bodies[path], ...member.auth })).returnCode).toBe(2);
    expect((await t.post(path, { ...member.auth, garbage: true })).returnCode).toBe(2);
    expect((await auditActions()).length).toBe(before);
  });

  it.each(CURATION_ADMIN_PATHS)('%s answers 5 or 6 to a hostile body, never 101', async (path) => {
    const hostile = { pageNo: 'x', curationIdx: -1, entryIdx: 'a', reportIdx: 1.5, direction: 0, action: 7, curationType: '0', name: ['a'] };
    for (const body of [hostile, { ...hostile, pageNo: 1e12, searchText: 'x'.repeat(10_000) }]) {
      const r = await t.post(path, { ...op.auth, ...bodies[path], ...body });
      expect([5, 6]).toContain(r.returnCode);
    }
  });
});
