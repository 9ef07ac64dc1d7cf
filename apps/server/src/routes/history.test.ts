import { HISTORY_FILTER_EVENTS, HistoryEvent, TRADE_EVENTS, type HistoryRow, type RankingRow, type RoyaltyRow } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../test/helper';
import { TRADE_EVENT_SQL } from '../db/migrations/0008_rankings';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;
let aliceIdx: number;
let aliceAddr: string;
let bobAddr: string;
const stranger = '0x' + 'ab'.repeat(20);
let colA: number;
let colB: number;
let items: number[];
const WEI = 10n ** 18n;
const now = new Date();

async function newCollection(memberIdx: number, name: string, royaltyBps = 500): Promise<number> {
  const r = await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    VALUES (${memberIdx}, ${name}, ${royaltyBps}, 'logo0000.png') RETURNING collection_idx AS idx`.execute(t.db);
  return r.rows[0]!.idx;
}
async function newItem(collectionIdx: number, creatorIdx: number, name: string, royaltyBps = 500): Promise<number> {
  const r = await sql<{ idx: number }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
    VALUES ((random() * 1e15)::bigint, ${collectionIdx}, ${creatorIdx}, ${name}, 1, 1, 'png', 'file0000.png', 10, ${royaltyBps}) RETURNING item_idx AS idx`.execute(t.db);
  return r.rows[0]!.idx;
}
interface Ev {
  type: number;
  item: number;
  collection: number;
  amount?: number;
  price?: bigint;
  symbol?: 'ATT' | 'KLAY';
  usd?: string;
  from?: string | null;
  to?: string | null;
  royalty?: bigint;
  at?: Date;
  tx?: string;
}
async function insertEvents(evs: Ev[]): Promise<void> {
  await t.db
    .insertInto('trade_history')
    .values(
      evs.map((e) => ({
        event_type: e.type,
        item_idx: e.item,
        collection_idx: e.collection,
        amount: e.amount ?? 1,
        unit_price: e.price?.toString() ?? null,
        symbol: e.symbol ?? (e.price ? 'ATT' : null),
        usd_value: e.usd ?? null,
        from_address: e.from ?? null,
        to_address: e.to ?? null,
        royalty: e.royalty?.toString() ?? null,
        tx_hash: e.tx ?? null,
        log_index: e.tx ? 0 : null,
        chain_id: e.tx ? 1001 : null,
        created_at: e.at ?? now,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
  bob = await loggedIn(t);
  const a = await t.db.selectFrom('members').select(['member_idx', 'address']).where('user_name', '=', alice.id).executeTakeFirstOrThrow();
  const b = await t.db.selectFrom('members').select(['member_idx', 'address']).where('user_name', '=', bob.id).executeTakeFirstOrThrow();
  aliceIdx = a.member_idx;
  aliceAddr = a.address;
  bobAddr = b.address;
  colA = await newCollection(aliceIdx, 'Feed A');
  colB = await newCollection(b.member_idx, 'Feed B', 0);
  items = [await newItem(colA, aliceIdx, '하늘 Sky #1'), await newItem(colA, aliceIdx, 'Sea #2'), await newItem(colB, b.member_idx, 'Bob item', 0)];
  const tx = (n: number) => '0x' + n.toString(16).padStart(64, '0');
  await insertEvents([
    { type: HistoryEvent.Mint, item: items[0]!, collection: colA, to: bobAddr, tx: tx(1) },
    { type: HistoryEvent.List, item: items[0]!, collection: colA, price: 100n * WEI, usd: '1.23', from: aliceAddr },
    { type: HistoryEvent.LazyMintSale, item: items[0]!, collection: colA, amount: 2, price: 100n * WEI, usd: '2.46', from: aliceAddr, to: bobAddr, royalty: 10n * WEI, tx: tx(2) },
    { type: HistoryEvent.Transfer, item: items[0]!, collection: colA, from: bobAddr, to: stranger, tx: tx(3) },
    { type: HistoryEvent.Sale, item: items[1]!, collection: colA, price: 5n * WEI, symbol: 'KLAY', usd: '0.766', from: aliceAddr, to: stranger, royalty: WEI / 4n, tx: tx(4) },
    { type: HistoryEvent.Bid, item: items[2]!, collection: colB, price: 7n * WEI, usd: '0.0861', from: aliceAddr, to: bobAddr, tx: tx(5) },
  ]);
});
afterAll(async () => t?.close());

type ListBody = { list: HistoryRow[]; page: { totalRecordSize: number; pageSize: number; listCount: number; nextCursor: string | null } };
const feed = async (body: Record<string, unknown>) => {
  const r = await t.post('/nft/info/transaction/all', body);
  return { code: r.returnCode, ...(r.body as unknown as ListBody) };
};

describe('/nft/info/transaction/all', () => {
  it('lists every event newest first with names joined by address and the item fields', async () => {
    const r = await feed({});
    expect(r.code).toBe(0);
    expect(r.list.map((x) => x.type)).toEqual([9, 2, 3, 20, 1, 0]);
    expect(r.page.totalRecordSize).toBe(6);
    const sale = r.list.find((x) => x.type === HistoryEvent.LazyMintSale)!;
    expect(sale).toMatchObject({ itemName: '하늘 Sky #1', price: (100n * WEI).toString(), symbol: 'ATT', amount: 2, fromId: alice.id, toId: bob.id, itemFileFormat: 'png', collectionName: 'Feed A' });
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
    expect((await feed({ filterPrice: 2, startPrice: '50', endPrice: '100' })).list.map((x) => x.type)).toEqual([20, 1]);
    expect((await feed({ filterPrice: 3, endPrice: '5' })).list.map((x) => x.type)).toEqual([2]);
    // USD per piece: 2.46 / 2 = 1.23, 1.23, 0.766, 0.0861.
    expect((await feed({ filterPrice: 1, startPrice: '1', endPrice: '1.23' })).list.map((x) => x.type)).toEqual([20, 1]);
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
    for (const body of [{ filterStatus: [5] }, { filterStatus: 'x' }, { pageSize: 0 }, { pageNo: -1 }, { filterCoin: ['BTC'] }, { startPrice: '1e5', filterPrice: 1 }, { cursor: "1'; DROP TABLE x" }, { collectionIdx: 0 }, { filterPrice: 4, startPrice: '1' }]) {
      expect((await feed(body)).code, JSON.stringify(body)).toBe(5);
    }
    const raw = await t.app.inject({ method: 'POST', url: '/attnftmarket/api/v1/nft/info/transaction/all', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(JSON.parse(raw.body).returnCode).toBe(3);
  });
});

describe('member and item histories', () => {
  it('mine: the caller as sender or receiver; needs a ticket (27 without)', async () => {
    const r = await t.post('/nft/info/transaction/mine', { ...bob.auth });
    expect(r.returnCode).toBe(0);
    expect((r.body.list as HistoryRow[]).map((x) => x.type)).toEqual([9, 3, 20, 0]);
    expect((await t.post('/nft/info/transaction/mine', {})).returnCode).toBe(27);
    expect((await t.post('/nft/info/transaction/mine', { id: bob.auth.id, ticketId: 'forged' })).returnCode).not.toBe(0);
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
    expect(((await t.post('/nft/info/user/royalty', { ...alice.auth, filterCoin: ['KLAY'] })).body.list as RoyaltyRow[]).length).toBe(1);
    expect(((await t.post('/nft/info/user/royalty', { ...alice.auth, searchText: '하늘' })).body.list as RoyaltyRow[]).length).toBe(1);
    expect(((await t.post('/nft/info/user/royalty', { ...alice.auth, searchText: '%' })).body.list as RoyaltyRow[]).length).toBe(0);
    expect(((await t.post('/nft/info/user/royalty', { ...bob.auth })).body.list as RoyaltyRow[]).length).toBe(0);
    expect((await t.post('/nft/info/user/royalty', {})).returnCode).toBe(27);
  });
});

describe('/nft/ranking/list', () => {
  it('ranks live collections by each column both ways, with totals in USD and counts', async () => {
    const r = await t.post('/nft/ranking/list', {});
    expect(r.returnCode).toBe(0);
    const list = r.body.list as RankingRow[];
    expect(list[0]).toMatchObject({ no: 1, collectionIdx: colA, totalTrade: '3.226', weekTrade: '3.226', weekChange: null, itemCount: 2, collectionFileName: 'logo0000.png' });
    // (2.46 + 0.766) / 3 pieces = 1.0753...
    expect(list[0]!.averagePrice).toBe('1.0753');
    for (const column of [1, 2, 3, 4, 5, 6]) {
      for (const order of [1, 2]) {
        const x = await t.post('/nft/ranking/list', { rankOrderColumn: column, rankOrderType: order });
        expect(x.returnCode).toBe(0);
        expect((x.body.list as RankingRow[]).length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(((await t.post('/nft/ranking/list', { rankOrderColumn: 1, rankOrderType: 2 })).body.list as RankingRow[]).at(-1)!.collectionIdx).toBe(colA);
  });

  it('sorts numerically by every column both ways (not as text), nulls last, ties by collection', async () => {
    // Volumes 9, 10 and 100 would sort 9 > 100 > 10 as text.
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const made: number[] = [];
    for (const [i, usd] of ['9', '10', '100'].entries()) {
      const c = await newCollection(aliceIdx, `Numeric ${i}`);
      const it1 = await newItem(c, aliceIdx, `n${i}`);
      await insertEvents([
        { type: HistoryEvent.Sale, item: it1, collection: c, price: WEI, usd, at: daysAgo(1) },
        { type: HistoryEvent.Sale, item: it1, collection: c, price: WEI, usd: String(Number(usd) * (i + 1)), at: daysAgo(9) },
      ]);
      made.push(c);
    }
    const value = (r: RankingRow, column: number) =>
      [null, Number(r.totalTrade), Number(r.weekTrade), r.weekChange === null ? null : Number(r.weekChange), Number(r.averagePrice), r.owners, r.itemCount][column];
    for (const column of [1, 2, 3, 4, 5, 6]) {
      for (const order of [1, 2]) {
        const list = (await t.post('/nft/ranking/list', { rankOrderColumn: column, rankOrderType: order })).body.list as RankingRow[];
        const expected = [...list].sort((a, b) => {
          const x = value(a, column);
          const y = value(b, column);
          if (x === null || y === null) return x === y ? a.collectionIdx - b.collectionIdx : x === null ? 1 : -1;
          return (order === 1 ? (y as number) - (x as number) : (x as number) - (y as number)) || a.collectionIdx - b.collectionIdx;
        });
        expect(list.map((r) => r.collectionIdx), `column ${column} order ${order}`).toEqual(expected.map((r) => r.collectionIdx));
        expect(list.map((r) => r.no)).toEqual(list.map((_, i) => i + 1));
      }
    }
    const byTotal = ((await t.post('/nft/ranking/list', { rankOrderColumn: 1 })).body.list as RankingRow[]).map((r) => r.collectionIdx);
    expect(byTotal.indexOf(made[2]!)).toBeLessThan(byTotal.indexOf(made[1]!));
    expect(byTotal.indexOf(made[1]!)).toBeLessThan(byTotal.indexOf(made[0]!));
    // Paging: page 2 of size 2 continues page 1.
    const p1 = (await t.post('/nft/ranking/list', { pageSize: 2 })).body.list as RankingRow[];
    const p2 = (await t.post('/nft/ranking/list', { pageSize: 2, pageNo: 2 })).body.list as RankingRow[];
    expect([...p1, ...p2].map((r) => r.collectionIdx)).toEqual(byTotal.slice(0, 4));
    expect(p2[0]!.no).toBe(3);
    expect((await t.post('/nft/ranking/list', { rankOrderColumn: 7 })).returnCode).toBe(5);
    expect((await t.post('/nft/ranking/list', { rankOrderType: 3 })).returnCode).toBe(5);
    const capped = await t.post('/nft/ranking/list', { pageSize: 1e9 });
    expect(capped.returnCode).toBe(0);
  });

  it('the 7-day change compares with the 7 days before; null without a previous week', async () => {
    const c = await newCollection(aliceIdx, 'Weekly');
    const it1 = await newItem(c, aliceIdx, 'w');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    await insertEvents([
      { type: HistoryEvent.Sale, item: it1, collection: c, price: WEI, usd: '10', at: daysAgo(10) },
      { type: HistoryEvent.Sale, item: it1, collection: c, price: WEI, usd: '15', at: daysAgo(1) },
      { type: HistoryEvent.Sale, item: it1, collection: c, price: WEI, usd: '100', at: daysAgo(40) },
    ]);
    const row = ((await t.post('/nft/ranking/list', { rankOrderColumn: 3 })).body.list as RankingRow[])[0]!;
    expect(row).toMatchObject({ collectionIdx: c, weekTrade: '15', weekChange: '50', totalTrade: '125' });
  });
});

describe('ranking aggregates (0008 triggers)', () => {
  it('the trigger trade list equals TRADE_EVENTS', () => {
    expect(TRADE_EVENT_SQL).toBe(`(${[...TRADE_EVENTS].sort((a, b) => a - b).join(', ')})`);
  });

  async function bruteForce() {
    const daily = await sql<{ k: string }>`
      SELECT collection_idx || ':' || (created_at AT TIME ZONE 'UTC')::date || ':' || sum(coalesce(usd_value, 0))::numeric(38,4) || ':' || count(*) || ':' || sum(amount) AS k
      FROM trade_history WHERE event_type IN ${sql.raw(TRADE_EVENT_SQL)} GROUP BY collection_idx, (created_at AT TIME ZONE 'UTC')::date ORDER BY 1`.execute(t.db);
    const agg = await sql<{ k: string }>`
      SELECT collection_idx || ':' || day || ':' || volume_usd || ':' || trade_count || ':' || pieces AS k FROM collection_trade_daily ORDER BY 1`.execute(t.db);
    const totals = await sql<{ k: string }>`
      SELECT c.collection_idx || ':' || coalesce(sum(h.usd_value), 0)::numeric(38,4) || ':' || coalesce(sum(h.amount), 0) || ':' || count(h.*) AS k
      FROM collections c LEFT JOIN trade_history h ON h.collection_idx = c.collection_idx AND h.event_type IN ${sql.raw(TRADE_EVENT_SQL)}
      GROUP BY c.collection_idx ORDER BY 1`.execute(t.db);
    const stats = await sql<{ k: string }>`
      SELECT c.collection_idx || ':' || coalesce(s.total_usd, 0) || ':' || coalesce(s.total_pieces, 0) || ':' || coalesce(s.trade_count, 0) AS k
      FROM collections c LEFT JOIN collection_rank_stats s USING (collection_idx) ORDER BY 1`.execute(t.db);
    expect(agg.rows.map((r) => r.k)).toEqual(daily.rows.map((r) => r.k));
    expect(stats.rows.map((r) => r.k)).toEqual(totals.rows.map((r) => r.k));
  }

  it('equals a brute-force recomputation over random inserts, deletes and updates', async () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const cols = [colA, colB];
    for (let round = 0; round < 12; round++) {
      const evs: Ev[] = [];
      const n = 1 + Math.floor(rnd() * 40);
      for (let i = 0; i < n; i++) {
        const c = cols[Math.floor(rnd() * 2)]!;
        evs.push({
          type: Math.floor(rnd() * 29),
          item: c === colA ? items[Math.floor(rnd() * 2)]! : items[2]!,
          collection: c,
          amount: 1 + Math.floor(rnd() * 5),
          price: BigInt(1 + Math.floor(rnd() * 1000)) * WEI,
          usd: (rnd() * 100).toFixed(4),
          at: new Date(now.getTime() - Math.floor(rnd() * 20) * 86_400_000),
        });
      }
      await insertEvents(evs);
      // A reorg: delete a random slice; sometimes re-type rows (an UPDATE moves them between aggregates).
      await sql`DELETE FROM trade_history WHERE history_idx IN (SELECT history_idx FROM trade_history ORDER BY random() LIMIT ${Math.floor(rnd() * 15)})`.execute(t.db);
      if (round % 3 === 0) await sql`UPDATE trade_history SET event_type = CASE WHEN event_type = 2 THEN 1 ELSE 2 END WHERE history_idx % 7 = ${round % 7}`.execute(t.db);
      await bruteForce();
    }
  });

  it('a reorged trade disappears from the ranking; item and owner counts follow items and inventory', async () => {
    const c = await newCollection(aliceIdx, 'Reorg');
    const i1 = await newItem(c, aliceIdx, 'r');
    await insertEvents([{ type: HistoryEvent.Sale, item: i1, collection: c, price: WEI, usd: '9999', tx: '0x' + 'cd'.repeat(32) }]);
    const top = async () => ((await t.post('/nft/ranking/list', {})).body.list as RankingRow[]).find((x) => x.collectionIdx === c)!;
    expect((await top()).totalTrade).toBe('9999');
    expect((await top()).no).toBe(1);
    await sql`DELETE FROM trade_history WHERE tx_hash = ${'0x' + 'cd'.repeat(32)}`.execute(t.db);
    expect((await top()).totalTrade).toBe('0');
    expect((await top()).itemCount).toBe(1);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${i1}, ${aliceAddr}, 3), (${i1}, ${bobAddr}, 1)`.execute(t.db);
    expect((await top()).owners).toBe(2);
    await sql`UPDATE inventory SET amount = 0 WHERE item_idx = ${i1} AND holder_address = ${bobAddr}`.execute(t.db);
    expect((await top()).owners).toBe(1);
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx = ${i1}`.execute(t.db);
    expect((await top()).itemCount).toBe(0);
    expect((await top()).owners).toBe(0);
  });
});
