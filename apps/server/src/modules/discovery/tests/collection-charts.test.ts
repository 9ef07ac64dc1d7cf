/** /nft/collection/chart: the floor and volume per day, week and month of one collection, from its trades. */
import { CHART_BUCKETS, HistoryEvent, type CollectionChart } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { chartSince } from '../../trading';

const WEI = 10n ** 18n;
/** A Wednesday; its week starts on Monday 2026-11-23, its month on 2026-11-01. */
const NOW = new Date('2026-11-25T15:00:00Z');
const at = (iso: string) => new Date(iso);
let t: TestApp;
let memberIdx: number;
let seq = 0;

async function newCollection(): Promise<number> {
  const r = await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    VALUES (${memberIdx}, ${`Chart ${++seq}`}, 0, 'logo0000.png') RETURNING collection_idx AS idx`.execute(t.db);
  return r.rows[0]!.idx;
}
async function newItem(collectionIdx: number): Promise<number> {
  const r = await sql<{ idx: number }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx,
      resource_type, file_format, file_name, total_supply, royalty_bps)
    VALUES (${++seq}, ${collectionIdx}, ${memberIdx}, 'Chart item', 1, 1, 'png', 'file0000.png', 10, 0)
    RETURNING item_idx AS idx`.execute(t.db);
  return r.rows[0]!.idx;
}
interface Sale {
  type?: number;
  amount?: number;
  price: bigint;
  symbol: 'ATT' | 'KLAY';
  usd: string;
  at: Date;
}
async function sales(collectionIdx: number, list: Sale[]): Promise<void> {
  const item = await newItem(collectionIdx);
  await t.db
    .insertInto('trade_history')
    .values(
      list.map((s) => ({
        event_type: s.type ?? HistoryEvent.Sale,
        item_idx: item,
        collection_idx: collectionIdx,
        amount: s.amount ?? 1,
        unit_price: s.price.toString(),
        symbol: s.symbol,
        usd_value: s.usd,
        created_at: s.at,
      })),
    )
    .execute();
}
const chart = async (collectionIdx: number, period: string) => {
  const r = await t.post('/nft/collection/chart', { collectionIdx, period });
  return { code: r.returnCode, data: r.body.data as CollectionChart };
};

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => NOW } });
  const m = await loggedIn(t);
  memberIdx = (
    await t.db.selectFrom('members').select('member_idx').where('user_name', '=', m.id).executeTakeFirstOrThrow()
  ).member_idx;
});
afterAll(async () => t?.close());

describe('/nft/collection/chart', () => {
  it('answers empty series for a collection without sales, in every period', async () => {
    const c = await newCollection();
    for (const period of ['day', 'week', 'month'])
      expect(await chart(c, period)).toEqual({ code: 0, data: { period, floor: [], volume: [] } });
  });

  it('puts sales in their UTC day, week and month: the lowest piece price and each coin apart', async () => {
    const c = await newCollection();
    const other = await newCollection();
    await sales(c, [
      // Monday 23rd: two ATT sales (one of 3 pieces at 2 ATT each) and a KLAY one.
      { price: 5n * WEI, symbol: 'ATT', usd: '0.0615', at: at('2026-11-23T00:00:00Z') },
      { price: 2n * WEI, symbol: 'ATT', usd: '0.0738', amount: 3, at: at('2026-11-23T23:59:59Z') },
      {
        type: HistoryEvent.OfferAccept,
        price: 7n * WEI,
        symbol: 'KLAY',
        usd: '1.0724',
        at: at('2026-11-23T10:00:00Z'),
      },
      // Sunday 22nd (the week before), and the 25th.
      {
        type: HistoryEvent.AuctionWin,
        price: 9n * WEI,
        symbol: 'KLAY',
        usd: '1.37883',
        at: at('2026-11-22T12:00:00Z'),
      },
      { price: WEI, symbol: 'ATT', usd: '0.0123', at: at('2026-11-25T01:00:00Z') },
      // October.
      { price: 4n * WEI, symbol: 'ATT', usd: '0.0492', at: at('2026-10-31T23:00:00Z') },
    ]);
    // Not trades, or another collection's: never counted.
    await sales(c, [{ type: HistoryEvent.List, price: WEI / 100n, symbol: 'ATT', usd: '0.0001', at: NOW }]);
    await sales(c, [{ type: HistoryEvent.Bid, price: WEI / 100n, symbol: 'ATT', usd: '0.0001', at: NOW }]);
    await sales(other, [{ price: WEI / 100n, symbol: 'ATT', usd: '0.0001', at: NOW }]);

    const day = (await chart(c, 'day')).data;
    expect(day.floor).toEqual([
      { date: '2026-10-31', floorUsd: '0.0492', floorAtt: String(4n * WEI), floorKlay: null },
      { date: '2026-11-22', floorUsd: '1.3788', floorAtt: null, floorKlay: String(9n * WEI) },
      { date: '2026-11-23', floorUsd: '0.0246', floorAtt: String(2n * WEI), floorKlay: String(7n * WEI) },
      { date: '2026-11-25', floorUsd: '0.0123', floorAtt: String(WEI), floorKlay: null },
    ]);
    expect(day.volume.find((v) => v.date === '2026-11-23')).toEqual({
      date: '2026-11-23',
      volumeAtt: String(11n * WEI),
      volumeKlay: String(7n * WEI),
      volumeUsd: '1.2077',
      sales: 3,
    });

    const week = (await chart(c, 'week')).data;
    expect(week.volume.map((v) => [v.date, v.volumeAtt, v.volumeKlay, v.sales])).toEqual([
      ['2026-10-26', String(4n * WEI), '0', 1],
      ['2026-11-16', '0', String(9n * WEI), 1],
      ['2026-11-23', String(12n * WEI), String(7n * WEI), 4],
    ]);
    expect(week.floor.map((f) => [f.date, f.floorUsd])).toEqual([
      ['2026-10-26', '0.0492'],
      ['2026-11-16', '1.3788'],
      ['2026-11-23', '0.0123'],
    ]);

    const month = (await chart(c, 'month')).data;
    expect(month.volume).toEqual([
      { date: '2026-10-01', volumeAtt: String(4n * WEI), volumeKlay: '0', volumeUsd: '0.0492', sales: 1 },
      {
        date: '2026-11-01',
        volumeAtt: String(12n * WEI),
        volumeKlay: String(16n * WEI),
        volumeUsd: '2.5988',
        sales: 5,
      },
    ]);
  });

  it('reaches back CHART_BUCKETS periods and no further', async () => {
    const c = await newCollection();
    const since = chartSince('day', NOW);
    expect(since.toISOString()).toBe('2026-08-28T00:00:00.000Z');
    expect(chartSince('week', NOW).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(chartSince('month', NOW).toISOString()).toBe('2024-12-01T00:00:00.000Z');
    await sales(c, [
      { price: WEI, symbol: 'ATT', usd: '0.0123', at: since },
      { price: WEI, symbol: 'ATT', usd: '0.0123', at: new Date(since.getTime() - 1000) },
    ]);
    const day = (await chart(c, 'day')).data;
    expect(day.volume.map((v) => v.date)).toEqual(['2026-08-28']);
    expect(CHART_BUCKETS.day).toBe(90);
    expect((await chart(c, 'week')).data.volume.map((v) => [v.date, v.sales])).toEqual([['2026-08-24', 2]]);
  });

  it('answers 5 for a bad period, 6 without one, 254 for an unknown or deleted collection', async () => {
    const c = await newCollection();
    for (const period of ['year', 'Day', '', 1, null]) expect((await chart(c, period as string)).code).toBe(5);
    expect((await t.post('/nft/collection/chart', { collectionIdx: c })).returnCode).toBe(6);
    expect((await chart(999_999, 'day')).code).toBe(254);
    await sql`UPDATE collections SET deleted_at = now() WHERE collection_idx = ${c}`.execute(t.db);
    expect((await chart(c, 'day')).code).toBe(254);
  });
});
