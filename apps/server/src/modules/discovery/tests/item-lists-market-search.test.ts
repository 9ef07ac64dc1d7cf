/** The marketplace and search grids: spec fields, page size caps, bad bodies, Korean partial words ranked by relevance, paging past the window. */
import type { MarketItem } from '@att/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RELEVANCE_WINDOW } from '../item-query';
import { alice, collectionIds, ids, setUpCatalogue, t } from './item-lists-catalogue';

setUpCatalogue();

describe('/nft/instance/list and /nft/info/searchList', () => {
  it('answers the spec marketplace fields beside the card; 20 by default; caps the page size', async () => {
    const r = await t.post('/nft/instance/list', {});
    expect(r.returnCode).toBe(0);
    const list = r.body.list as MarketItem[];
    expect(list).toHaveLength(20);
    const onSale = (await t.post('/nft/instance/list', { filterStatus: [2], pageSize: 5 })).body.list as MarketItem[];
    expect(onSale[0]).toMatchObject({
      saleType: 2,
      productInfoVO: { pdName: onSale[0]!.name, pdCountHeart: onSale[0]!.countHeart },
      fileType: 'png',
      bidMaxSymbol: onSale[0]!.priceSymbol,
    });
    expect(onSale[0]!.priceAmount).toMatch(/^\d+$/);
    const huge = await t.post('/nft/instance/list', { pageSize: 1e9 });
    expect(huge.returnCode).toBe(0);
    expect(huge.body.list as unknown[]).toHaveLength(100);
    expect((await t.post('/nft/info/allList/other', { memberIdx: alice.memberIdx, pageSize: 1e9 })).returnCode).toBe(0);
  });

  it('refuses bad bodies with 5 (6 for a missing member index) and never 500', async () => {
    for (const body of [
      { orderType: 8 },
      { orderType: 0 },
      { pageSize: 0 },
      { pageNo: 0 },
      { filterStatus: [5] },
      { filterPrice: 4, startPrice: '1' },
      { startPrice: '-1' },
      { startPrice: '1e3' },
      { endPrice: '0x10' },
      { filterCoin: ['ETH'] },
      { filterCollection: ['1'] },
      { filterCategory: -1 },
      { filterItemType: 3 },
      { pageSize: 'all' },
    ]) {
      expect((await t.post('/nft/instance/list', body)).returnCode, JSON.stringify(body)).toBe(5);
    }
    expect((await t.post('/nft/info/searchList', { searchText: 'x'.repeat(101) })).returnCode).toBe(5);
    expect((await t.post('/nft/info/searchList', { orderType: 0, searchText: '고양' })).returnCode).toBe(0);
    expect((await t.post('/nft/info/allList/other', {})).returnCode).toBe(6);
    expect((await t.post('/nft/info/allList/other', { memberIdx: 99999999 })).returnCode).toBe(255);
    expect((await t.post('/nft/like/list/other', { memberIdx: 99999999 })).returnCode).toBe(255);
    expect((await t.post('/nft/info/allList/other', { memberIdx: alice.memberIdx, orderType: 5 })).returnCode).toBe(5);
  });

  it('Korean partial words find items and collections, ranked by relevance: exact name, prefix, inside, collection', async () => {
    const c = collectionIds[0]!;
    const mk = async (name: string, collectionIdx = c) =>
      (
        await t.db
          .insertInto('items')
          .values({
            token_id: String(9_000_000 + name.length + Math.floor(Math.random() * 1e6)),
            collection_idx: collectionIdx,
            creator_idx: alice.memberIdx,
            name,
            category_idx: 1,
            resource_type: 1,
            file_format: 'png',
            file_name: 'k.png',
            total_supply: 1,
            royalty_bps: 0,
          })
          .returning('item_idx')
          .executeTakeFirstOrThrow()
      ).item_idx;
    const inside = await mk('작은 무지개다리 그림');
    const prefix = await mk('무지개다리 위의 고래');
    const exact = await mk('무지개다리');
    const other = await mk('무지개 아닌 것');
    const r = await t.post('/nft/info/searchList', { searchText: '무지개다리' });
    expect(ids(r.body.list)).toEqual([exact, prefix, inside]);
    // A partial word inside a word, and several words (each must appear somewhere).
    expect(ids((await t.post('/nft/info/searchList', { searchText: '지개다' })).body.list)).toEqual(
      expect.arrayContaining([exact, prefix, inside]),
    );
    expect(ids((await t.post('/nft/info/searchList', { searchText: '무지개 고래' })).body.list)).toEqual([prefix]);
    expect(ids((await t.post('/nft/info/searchList', { searchText: '무지개' })).body.list)).toContain(other);
    // The collection's name matches too (its items come after items whose own name matches).
    const byCollection = ids((await t.post('/nft/info/searchList', { searchText: '서울 야경' })).body.list);
    expect(byCollection).toEqual(expect.arrayContaining([exact, prefix, inside, other]));
    // LIKE wildcards are plain characters.
    expect((await t.post('/nft/info/searchList', { searchText: '%' })).body.list).toEqual([]);
    expect((await t.post('/nft/info/searchList', { searchText: '_' })).body.list).toEqual([]);
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx IN (${sql.join([inside, prefix, exact, other])})`.execute(
      t.db,
    );
  });

  it('pages past the relevance window: every match once, the window ranked first (exact name even when old)', async () => {
    const c = collectionIds[0]!;
    const n = RELEVANCE_WINDOW + 45;
    // The exact name is the oldest of the matches: outside the newest RELEVANCE_WINDOW, still first.
    const insert = (name: string, count: number) =>
      sql<{
        item_idx: number;
      }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format,
          file_name, total_supply, royalty_bps)
        SELECT 70000000 + g * 1000 + floor(random() * 1000), ${c}, ${alice.memberIdx}, ${name} || CASE WHEN ${count}::int > 1 THEN ' ' || g ELSE '' END,
          1, 1, 'png', 'k.png', 1, 0
        FROM generate_series(1, ${count}) g RETURNING item_idx`.execute(t.db);
    const exact = (await insert('창문고양이', 1)).rows[0]!.item_idx;
    const many = (await insert('작은 창문고양이 그림', n)).rows.map((r) => r.item_idx);
    const seen: number[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil((n + 1) / 40) + 1; pageNo++) {
      const r = await t.post('/nft/info/searchList', { searchText: '창문고양이', pageNo, pageSize: 40 });
      expect(r.returnCode).toBe(0);
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize).toBe(n + 1);
      seen.push(...ids(r.body.list));
    }
    expect(seen[0]).toBe(exact);
    expect(seen).toHaveLength(n + 1);
    expect(new Set(seen)).toEqual(new Set([exact, ...many]));
    // Past the window the other matches come newest first.
    const tail = seen.slice(RELEVANCE_WINDOW + 1);
    expect(tail).toEqual([...tail].sort((a, b) => b - a));
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx IN (${sql.join([exact, ...many])})`.execute(t.db);
  });
});
