/** The trade history lists: the whole feed (filters, paging, bad bodies), a member's, an item's, and a creator's royalties. */
import { HISTORY_FILTER_EVENTS, HistoryEvent, type HistoryRow, type RoyaltyRow } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { alice, aliceIdx, bob, colA, colB, feed, items, setUpHistory, stranger, t, WEI } from './history-fixture';

setUpHistory();

describe('/nft/info/transaction/all', () => {
  it('lists every event newest first with names joined by address and the item fields', async () => {
    const r = await feed({});
    expect(r.code).toBe(0);
    expect(r.list.map((x) => x.type)).toEqual([9, 2, 3, 20, 1, 0]);
    expect(r.page.totalRecordSize).toBe(6);
    const sale = r.list.find((x) => x.type === HistoryEvent.LazyMintSale)!;
    expect(sale).toMatchObject({
      itemName: '하늘 Sky #1',
      price: (100n * WEI).toString(),
      symbol: 'ATT',
      amount: 2,
      fromId: alice.id,
      toId: bob.id,
      itemFileFormat: 'png',
      collectionName: 'Feed A',
    });
    const transfer = r.list.find((x) => x.type === HistoryEvent.Transfer)!;
    expect(transfer).toMatchObject({ to: stranger, toId: null, toFileName: null, price: null });
    expect(transfer.txConfirm).toMatch(/^0x0+3$/);
    expect(r.list.find((x) => x.type === HistoryEvent.List)!.txConfirm).toBeNull();
  });

  it('filters by status group, coin, collection and price (ATT, KLAY, USD)', async () => {
    expect((await feed({ filterStatus: [3] })).list.map((x) => x.type)).toEqual([2, 20]);
    expect((await feed({ filterStatus: [4] })).list.map((x) => x.type)).toEqual([3, 0]);
    expect((await feed({ filterStatus: [1, 2] })).list.map((x) => x.type)).toEqual([9, 1]);
    expect((await feed({ filterCoin: ['KLAY'] })).list.map((x) => x.type)).toEqual([2]);
    expect((await feed({ filterCollection: [colB] })).list.map((x) => x.type)).toEqual([9]);
    expect((await feed({ filterPrice: 2, startPrice: '50', endPrice: '100' })).list.map((x) => x.type)).toEqual([
      20, 1,
    ]);
    expect((await feed({ filterPrice: 3, endPrice: '5' })).list.map((x) => x.type)).toEqual([2]);
    // USD per piece: 2.46 / 2 = 1.23, 1.23, 0.766, 0.0861.
    expect((await feed({ filterPrice: 1, startPrice: '1', endPrice: '1.23' })).list.map((x) => x.type)).toEqual([
      20, 1,
    ]);
    for (const s of [1, 2, 3, 4] as const) {
      for (const row of (await feed({ filterStatus: [s] })).list) expect(HISTORY_FILTER_EVENTS[s]).toContain(row.type);
    }
  });

  it('pages by offset and by cursor, the same rows either way; the page size is clamped', async () => {
    const p1 = await feed({ pageSize: 4 });
    expect(p1.list).toHaveLength(4);
    expect(p1.page.nextCursor).toBe(p1.list[3]!.historyIdx);
    const byCursor = await feed({ pageSize: 4, cursor: p1.page.nextCursor });
    const byOffset = await feed({ pageSize: 4, pageNo: 2 });
    expect(byCursor.list.map((x) => x.historyIdx)).toEqual(byOffset.list.map((x) => x.historyIdx));
    expect(byCursor.list).toHaveLength(2);
    expect(byCursor.page.nextCursor).toBeNull();
    const huge = await feed({ pageSize: 1_000_000_000 });
    expect(huge.code).toBe(0);
    expect(huge.page.pageSize).toBe(100);
    expect((await feed({ pageNo: 1_000_000, pageSize: 100 })).list).toEqual([]);
  });

  it('one collection; an unknown one answers 254', async () => {
    expect((await feed({ collectionIdx: colA })).list.every((x) => x.collectionIdx === colA)).toBe(true);
    expect((await feed({ collectionIdx: 999_999 })).code).toBe(254);
  });

  it('refuses bad bodies with 3, 5 or 6, never 500', async () => {
    for (const body of [
      { filterStatus: [5] },
      { filterStatus: 'x' },
      { pageSize: 0 },
      { pageNo: -1 },
      { filterCoin: ['BTC'] },
      { startPrice: '1e5', filterPrice: 1 },
      { cursor: "1'; DROP TABLE x" },
      { collectionIdx: 0 },
      { filterPrice: 4, startPrice: '1' },
    ]) {
      expect((await feed(body)).code, JSON.stringify(body)).toBe(5);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/attnftmarket/api/v1/nft/info/transaction/all',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(JSON.parse(raw.body).returnCode).toBe(3);
  });
});

describe('member and item histories', () => {
  it('mine: the caller as sender or receiver; needs a ticket (27 without)', async () => {
    const r = await t.post('/nft/info/transaction/mine', { ...bob.auth });
    expect(r.returnCode).toBe(0);
    expect((r.body.list as HistoryRow[]).map((x) => x.type)).toEqual([9, 3, 20, 0]);
    expect((await t.post('/nft/info/transaction/mine', {})).returnCode).toBe(27);
    expect((await t.post('/nft/info/transaction/mine', { id: bob.auth.id, ticketId: 'forged' })).returnCode).not.toBe(
      0,
    );
  });

  it('other: by memberIdx; 255 for an unknown member', async () => {
    const r = await t.post('/nft/info/transaction/other', { memberIdx: aliceIdx, filterStatus: [3] });
    expect((r.body.list as HistoryRow[]).map((x) => x.type)).toEqual([2, 20]);
    expect((await t.post('/nft/info/transaction/other', { memberIdx: 999_999 })).returnCode).toBe(255);
    expect((await t.post('/nft/info/transaction/other', {})).returnCode).toBe(6);
  });

  it('one item; 258 for an unknown item', async () => {
    const r = await t.post('/nft/info/transaction', { productIdx: items[0] });
    expect((r.body.list as HistoryRow[]).map((x) => x.type)).toEqual([3, 20, 1, 0]);
    expect((await t.post('/nft/info/transaction', { productIdx: 999_999 })).returnCode).toBe(258);
  });

  it('royalty: the creator own royalties with the item royalty percent; filters; logged in only', async () => {
    const r = await t.post('/nft/info/user/royalty', { ...alice.auth });
    expect(r.returnCode).toBe(0);
    const list = r.body.list as RoyaltyRow[];
    expect(list.map((x) => x.royalty)).toEqual([(WEI / 4n).toString(), (10n * WEI).toString()]);
    expect(list[1]).toMatchObject({ amount: 2, royaltyPercent: 5, symbol: 'ATT', itemName: '하늘 Sky #1' });
    expect(
      ((await t.post('/nft/info/user/royalty', { ...alice.auth, filterCoin: ['KLAY'] })).body.list as RoyaltyRow[])
        .length,
    ).toBe(1);
    expect(
      ((await t.post('/nft/info/user/royalty', { ...alice.auth, searchText: '하늘' })).body.list as RoyaltyRow[])
        .length,
    ).toBe(1);
    expect(
      ((await t.post('/nft/info/user/royalty', { ...alice.auth, searchText: '%' })).body.list as RoyaltyRow[]).length,
    ).toBe(0);
    expect(((await t.post('/nft/info/user/royalty', { ...bob.auth })).body.list as RoyaltyRow[]).length).toBe(0);
    expect((await t.post('/nft/info/user/royalty', {})).returnCode).toBe(27);
  });
});
