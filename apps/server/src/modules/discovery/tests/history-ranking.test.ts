/** The collection ranking: columns, numeric order, the 7-day change, and the 0008 trigger aggregates against a brute force. */
import { HistoryEvent, TRADE_EVENTS, type RankingRow } from '@att/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TRADE_EVENT_SQL } from '../../../platform/db/migrations/0008_rankings';
import {
  aliceAddr,
  aliceIdx,
  bobAddr,
  colA,
  colB,
  insertEvents,
  items,
  newCollection,
  newItem,
  now,
  setUpHistory,
  t,
  WEI,
  type Ev,
} from './history-fixture';

setUpHistory();

describe('/nft/ranking/list', () => {
  it('ranks live collections by each column both ways, with totals in USD and counts', async () => {
    const r = await t.post('/nft/ranking/list', {});
    expect(r.returnCode).toBe(0);
    const list = r.body.list as RankingRow[];
    expect(list[0]).toMatchObject({
      no: 1,
      collectionIdx: colA,
      totalTrade: '3.226',
      weekTrade: '3.226',
      weekChange: null,
      itemCount: 2,
      collectionFileName: 'logo0000.png',
    });
    // (2.46 + 0.766) / 3 pieces = 1.0753...
    expect(list[0]!.averagePrice).toBe('1.0753');
    for (const column of [1, 2, 3, 4, 5, 6]) {
      for (const order of [1, 2]) {
        const x = await t.post('/nft/ranking/list', { rankOrderColumn: column, rankOrderType: order });
        expect(x.returnCode).toBe(0);
        expect((x.body.list as RankingRow[]).length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(
      ((await t.post('/nft/ranking/list', { rankOrderColumn: 1, rankOrderType: 2 })).body.list as RankingRow[]).at(-1)!
        .collectionIdx,
    ).toBe(colA);
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
        {
          type: HistoryEvent.Sale,
          item: it1,
          collection: c,
          price: WEI,
          usd: String(Number(usd) * (i + 1)),
          at: daysAgo(9),
        },
      ]);
      made.push(c);
    }
    const value = (r: RankingRow, column: number) =>
      [
        null,
        Number(r.totalTrade),
        Number(r.weekTrade),
        r.weekChange === null ? null : Number(r.weekChange),
        Number(r.averagePrice),
        r.owners,
        r.itemCount,
      ][column];
    for (const column of [1, 2, 3, 4, 5, 6]) {
      for (const order of [1, 2]) {
        const list = (await t.post('/nft/ranking/list', { rankOrderColumn: column, rankOrderType: order })).body
          .list as RankingRow[];
        const expected = [...list].sort((a, b) => {
          const x = value(a, column);
          const y = value(b, column);
          if (x === null || y === null) return x === y ? a.collectionIdx - b.collectionIdx : x === null ? 1 : -1;
          return (
            (order === 1 ? (y as number) - (x as number) : (x as number) - (y as number)) ||
            a.collectionIdx - b.collectionIdx
          );
        });
        expect(
          list.map((r) => r.collectionIdx),
          `column ${column} order ${order}`,
        ).toEqual(expected.map((r) => r.collectionIdx));
        expect(list.map((r) => r.no)).toEqual(list.map((_, i) => i + 1));
      }
    }
    const byTotal = ((await t.post('/nft/ranking/list', { rankOrderColumn: 1 })).body.list as RankingRow[]).map(
      (r) => r.collectionIdx,
    );
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
      FROM trade_history WHERE event_type IN ${sql.raw(TRADE_EVENT_SQL)} GROUP BY collection_idx, (created_at AT TIME ZONE 'UTC')::date ORDER BY 1`.execute(
      t.db,
    );
    const agg = await sql<{ k: string }>`
      SELECT collection_idx || ':' || day || ':' || volume_usd || ':' || trade_count || ':' || pieces AS k FROM collection_trade_daily ORDER BY 1`.execute(
      t.db,
    );
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
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
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
      await sql`DELETE FROM trade_history WHERE history_idx IN (SELECT history_idx FROM trade_history ORDER BY random() LIMIT ${Math.floor(rnd() * 15)})`.execute(
        t.db,
      );
      if (round % 3 === 0)
        await sql`UPDATE trade_history SET event_type = CASE WHEN event_type = 2 THEN 1 ELSE 2 END WHERE history_idx % 7 = ${round % 7}`.execute(
          t.db,
        );
      await bruteForce();
    }
  });

  it('a reorged trade disappears from the ranking; item and owner counts follow items and inventory', async () => {
    const c = await newCollection(aliceIdx, 'Reorg');
    const i1 = await newItem(c, aliceIdx, 'r');
    await insertEvents([
      { type: HistoryEvent.Sale, item: i1, collection: c, price: WEI, usd: '9999', tx: '0x' + 'cd'.repeat(32) },
    ]);
    const top = async () =>
      ((await t.post('/nft/ranking/list', {})).body.list as RankingRow[]).find((x) => x.collectionIdx === c)!;
    expect((await top()).totalTrade).toBe('9999');
    expect((await top()).no).toBe(1);
    await sql`DELETE FROM trade_history WHERE tx_hash = ${'0x' + 'cd'.repeat(32)}`.execute(t.db);
    expect((await top()).totalTrade).toBe('0');
    expect((await top()).itemCount).toBe(1);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${i1}, ${aliceAddr}, 3), (${i1}, ${bobAddr}, 1)`.execute(
      t.db,
    );
    expect((await top()).owners).toBe(2);
    await sql`UPDATE inventory SET amount = 0 WHERE item_idx = ${i1} AND holder_address = ${bobAddr}`.execute(t.db);
    expect((await top()).owners).toBe(1);
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx = ${i1}`.execute(t.db);
    expect((await top()).itemCount).toBe(0);
    expect((await top()).owners).toBe(0);
  });
});
