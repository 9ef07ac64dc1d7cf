/** Hiding and showing items, and the collection item lists (search, orders, filters, page sizes). */
import type { ItemCard } from '@att/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { alice, bob, detail, newCollection, newItem, setUpItems, t } from './items-fixture';

setUpItems();

describe('hide, unhide and the collection lists', () => {
  it('the creator hides an item from the collection lists; only the owner sees the hidden list', async () => {
    const coll = await newCollection(alice);
    const make = async (name: string) => newItem({ productName: name, collectionIdx: coll });
    const a = await make('apple');
    const b = await make('banana');
    const c = await make('cherry');
    expect((await t.post('/nft/hide', { ...alice.auth, productId: b })).returnCode).toBe(0);
    const shown = await t.post('/nft/info/collection/Item', { collectionIdx: coll });
    expect((shown.body.list as ItemCard[]).map((i) => i.productId)).toEqual([c, a]);
    const recent = await t.post('/nft/info/list', { collectionIdx: coll, pageNo: 1, pageSize: 100, orderType: 1 });
    expect((recent.body.list as ItemCard[]).map((i) => i.productId)).toEqual([c, a]);
    const hidden = await t.post('/nft/info/collection/hideItem', { ...alice.auth, collectionIdx: coll });
    expect((hidden.body.list as ItemCard[]).map((i) => [i.productId, i.hideState])).toEqual([[b, 1]]);
    expect((await t.post('/nft/info/collection/hideItem', { ...bob.auth, collectionIdx: coll })).returnCode).toBe(250);
    expect((await t.post('/nft/info/collection/hideItem', { collectionIdx: coll })).returnCode).toBe(27);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: a })).returnCode).toBe(274);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/hideCancel', { ...alice.auth, productId: b })).returnCode).toBe(0);
    const again = await t.post('/nft/info/collection/Item', { collectionIdx: coll, orderType: 4 });
    expect((again.body.list as ItemCard[]).map((i) => i.productId)).toEqual([a, b, c]);
  });

  it('searches, orders by views, filters new/sale status and price, clamps page sizes; 254 for no collection', async () => {
    const coll = await newCollection(alice);
    const ids: number[] = [];
    for (const name of ['Red fox', 'Blue fox', 'Green owl'])
      ids.push(await newItem({ productName: name, collectionIdx: coll }));
    await detail(ids[0]!);
    await detail(ids[0]!, bob.auth); // a second viewer: one view per viewer and day
    await detail(ids[2]!);
    const list = async (body: Record<string, unknown>) =>
      (await t.post('/nft/info/collection/Item', { collectionIdx: coll, ...body })).body;
    expect(((await list({ searchText: 'FOX' })).list as ItemCard[]).map((i) => i.name)).toEqual([
      'Blue fox',
      'Red fox',
    ]);
    expect(((await list({ orderType: 3 })).list as ItemCard[]).map((i) => i.productId)).toEqual([
      ids[0],
      ids[2],
      ids[1],
    ]);
    expect((await list({ filterStatus: [3] })).list as ItemCard[]).toHaveLength(3);
    expect((await list({ filterStatus: [1, 2] })).list).toEqual([]);
    expect((await list({ startPrice: '1' })).list).toEqual([]);
    const paged = await list({ pageNo: 2, pageSize: 2 });
    expect(paged.page).toEqual({ totalRecordSize: 3, pageNo: 2, pageCount: 2 });
    expect((await list({ pageSize: 100000 })).page).toMatchObject({ pageCount: 1 });
    expect((await t.post('/nft/info/collection/Item', { collectionIdx: 999999 })).returnCode).toBe(254);
    expect((await t.post('/nft/info/collection/Item', { collectionIdx: coll, orderType: 9 })).returnCode).toBe(5);
    // A logged-in caller sees their own counts.
    const mine = (await t.post('/nft/info/collection/Item', { ...alice.auth, collectionIdx: coll })).body
      .list as ItemCard[];
    expect(mine.every((i) => i.itemCountMine === 1)).toBe(true);
  });

  it('a holder who is not the creator hides the item for themselves only', async () => {
    const id = await newItem({ totalSupply: 2 });
    await sql`UPDATE inventory SET amount = 1 WHERE item_idx = ${id}`.execute(t.db);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${id}, ${bob.wallet.address}, 1)`.execute(
      t.db,
    );
    expect((await t.post('/nft/hide', { ...bob.auth, productId: id })).returnCode).toBe(0);
    expect((await detail(id, bob.auth)).hideState).toBe(1);
    expect((await detail(id, alice.auth)).hideState).toBe(0);
  });
});
