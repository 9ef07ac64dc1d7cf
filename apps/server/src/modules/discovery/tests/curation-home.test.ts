/** The home sections (/nft/curation/all): the seeded shapes, trending, hiding, live auctions, and a console edit showing at once. */
import { describe, expect, it } from 'vitest';
import { seedCurationDemo } from '../../../demo/seed-curation';
import {
  all,
  clock,
  collection,
  DAY,
  ids,
  item,
  later,
  member,
  memberIdx,
  op,
  section,
  sectionsOf,
  setUpApp,
  t,
} from './curation-fixture';

setUpApp();

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
    expect(featured).toMatchObject({
      productIdx: items[3],
      itemFileType: 'png',
      itemFileName: expect.any(String),
      name: expect.any(String),
      memberId: member.id,
    });
    expect(list[2]!.dataList.length).toBeGreaterThan(0);
    expect(list[2]!.dataList[0]).toMatchObject({
      categoryIdx: 1,
      categoryName: expect.any(String),
      imageFileName: expect.any(String),
    });
    expect(list[5]!.dataList[0]).toMatchObject({
      connectUrl: expect.stringMatching(/^https:\/\//),
      title: expect.any(String),
      detail: expect.any(String),
    });
    // The demo tips are bilingual.
    expect(list[5]!.dataList[0]).toMatchObject({
      title: 'Kaia 지갑 설치하기',
      titleEn: 'Install a Kaia wallet',
      detailEn: expect.stringContaining('wallet'),
    });
    expect(list[4]!.dataList[0]).toMatchObject({
      productIdx: items[3],
      lastPrice: null,
      minPriceToken: null,
      saleType: null,
      bidMaxPrice: null,
      itemType: 2,
      totalItemCount: 1,
    });
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
        .values({
          event_type: eventType,
          item_idx: itemIdx,
          collection_idx: collectionIdx,
          unit_price: '1',
          symbol: 'ATT',
          usd_value: usd,
          created_at: new Date(clock.getTime() - daysAgo * DAY),
        })
        .execute();
    await trade(a, c1, '5', 1); // item a: 5 + 10
    await trade(b, c2, '1000', 9); // too old
    await trade(b, c2, '1000', 1, 1); // a listing, not a trade
    await t.db
      .insertInto('item_likes')
      .values({ item_idx: c, member_idx: memberIdx, created_at: new Date(clock.getTime() - DAY) })
      .execute();
    await t.db
      .insertInto('item_views')
      .values(
        ['v:1', 'v:2', 'v:3', 'v:4'].map((k) => ({
          item_idx: b,
          viewer_key: k,
          view_date: new Date(clock.getTime() - 2 * DAY).toISOString().slice(0, 10),
        })),
      )
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
    const soon = await item(c1, {
      sale_type: 2,
      price_amount: '1000',
      price_symbol: 'KLAY',
      sale_expires_at: new Date(clock.getTime() + DAY),
    });
    const sooner = await item(c1, {
      sale_type: 2,
      price_amount: '5',
      price_symbol: 'ATT',
      sale_expires_at: new Date(clock.getTime() + 60 * 60 * 1000),
    });
    await item(c1, {
      sale_type: 2,
      price_amount: '5',
      price_symbol: 'ATT',
      sale_expires_at: new Date(clock.getTime() - 1000),
    });
    later();
    const auction = await section(6);
    expect(ids(auction)).toEqual([sooner, soon]);
    expect(auction!.dataList[0]).toMatchObject({
      saleType: 2,
      minPriceToken: '5',
      minSymbol: 'ATT',
      expireDate: expect.any(String),
    });
  });

  it('a console edit shows at once (the cache is dropped)', async () => {
    const [first] = await sectionsOf();
    await all(); // cached
    expect(
      (
        await t.post('/admin/curation/save', {
          ...op.auth,
          curationIdx: first!.curationIdx,
          curationType: 0,
          name: '에디터 추천',
          nameEn: 'Editor picks',
          visible: 1,
        })
      ).returnCode,
    ).toBe(0);
    expect((await all())[0]!.name).toBe('에디터 추천');
    expect(
      (
        await t.post('/admin/curation/save', {
          ...op.auth,
          curationIdx: first!.curationIdx,
          curationType: 0,
          name: '에디터 추천',
          nameEn: 'Editor picks',
          visible: 0,
        })
      ).returnCode,
    ).toBe(0);
    expect((await all()).map((s) => s.curationType)).toEqual([1, 2, 3, 4, 5, 6]);
    await t.post('/admin/curation/save', {
      ...op.auth,
      curationIdx: first!.curationIdx,
      curationType: 0,
      name: '에디터 추천',
      nameEn: 'Editor picks',
      visible: 1,
    });
  });
});
