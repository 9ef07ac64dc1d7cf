/** Profile grids (tickets, defaults, a holder hiding an item) and collections an operator hid leaving the grids. */
import type { ItemCard } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { alice, bob, holdings, ids, rows, setUpCatalogue, t } from './item-lists-catalogue';

setUpCatalogue();

describe('profile lists', () => {
  it('need the ticket for own lists (27); other lists are public and count the caller', async () => {
    for (const path of ['/nft/info/allList', '/nft/like/list', '/nft/hide/list'] as const) {
      expect((await t.post(path, {})).returnCode, path).toBe(27);
      expect((await t.post(path, { id: alice.auth.id, ticketId: 'nope' })).returnCode, path).not.toBe(0);
    }
    const mine = await t.post('/nft/info/allList', { ...bob.auth });
    expect(mine.returnCode).toBe(0);
    expect((mine.body.list as ItemCard[]).every((i) => i.itemCountMine > 0)).toBe(true);
    // 500 by default.
    const all = await t.post('/nft/info/allList/other', { memberIdx: bob.memberIdx });
    expect((all.body.list as unknown[]).length).toBe(
      Math.min(500, (all.body.page as { totalRecordSize: number }).totalRecordSize),
    );
  });

  it('a holder hiding an item moves it from their items to their hidden list; the creator still lists it', async () => {
    const h = holdings.find(
      (x) =>
        x.address === bob.address &&
        x.amount > 0 &&
        x.hide === 0 &&
        rows.find(
          (r) =>
            r.id === x.item && !r.deleted && !r.collectionDeleted && r.hide === 0 && r.creatorIdx !== bob.memberIdx,
        ),
    );
    expect(h).toBeDefined();
    const before = ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list);
    expect(before).toContain(h!.item);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: h!.item })).returnCode).toBe(0);
    expect(ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list)).not.toContain(h!.item);
    const hidden = (await t.post('/nft/hide/list', { ...bob.auth })).body.list as ItemCard[];
    expect(hidden.find((i) => i.productId === h!.item)?.hideState).toBe(1);
    expect((await t.post('/nft/hideCancel', { ...bob.auth, productId: h!.item })).returnCode).toBe(0);
    expect(ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list)).toContain(h!.item);
  });
});

describe('collections an operator hid', () => {
  it('leave the marketplace and liked grids with all their items, and come back when shown again', async () => {
    const db = t.app.db;
    const row = await db
      .selectFrom('items')
      .select(['collection_idx'])
      .where('deleted_at', 'is', null)
      .where('hide_state', '=', 0)
      .executeTakeFirstOrThrow();
    const c = row.collection_idx;
    const inCollection = async () =>
      ids((await t.post('/nft/instance/list', { filterCollection: [c], pageSize: 100 })).body.list);
    expect((await inCollection()).length).toBeGreaterThan(0);
    await db.updateTable('collections').set({ hide_state: 1 }).where('collection_idx', '=', c).execute();
    try {
      expect(await inCollection()).toEqual([]);
      const all = ids((await t.post('/nft/instance/list', { pageSize: 100, orderType: 5 })).body.list);
      const hiddenItems = await db.selectFrom('items').select('item_idx').where('collection_idx', '=', c).execute();
      for (const h of hiddenItems) expect(all).not.toContain(h.item_idx);
    } finally {
      await db.updateTable('collections').set({ hide_state: 0 }).where('collection_idx', '=', c).execute();
    }
    expect((await inCollection()).length).toBeGreaterThan(0);
  });
});
