/**
 * The charts read the rollup per collection and day (`collection_chart_days`) and answer exactly what the same
 * chart computed from every trade of the history answers: on a seeded history of trades and other events (pieces 0
 * to 3, both coins, some without a USD value, over two years), after rows are deleted (a reorg's undo) and updated,
 * and after the migration rebuilds the rollup from the history.
 */
import { CHART_PERIODS, TRADE_EVENTS, type ChartPeriod, type FloorPoint, type VolumePoint } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { migrations } from '../../../platform/db/migrations';
import type { Database } from '../../schema';
import { chartSince, collectionCharts } from '../collection-charts';

const NOW = new Date('2026-11-25T15:00:00Z');
const TRADES = sql.raw(`(${TRADE_EVENTS.join(', ')})`);
let t: TestApp;
let cols: number[];

/** The charts as computed from every trade of the history (the statement the rollup replaced). */
function fromHistory(db: Kysely<Database>) {
  const recent = (c: number, period: ChartPeriod) => sql`FROM trade_history h
    WHERE h.collection_idx = ${c} AND h.event_type IN ${TRADES} AND h.created_at >= ${chartSince(period, NOW)}
      AND h.amount > 0 GROUP BY 1`;
  const bucket = (period: ChartPeriod) => sql`date_trunc(${sql.lit(period)}, h.created_at AT TIME ZONE 'UTC')`;
  return {
    floor: async (c: number, period: ChartPeriod) =>
      (
        await sql<FloorPoint>`SELECT to_char(b, 'YYYY-MM-DD') AS date, "floorUsd", "floorAtt", "floorKlay" FROM (
          SELECT ${bucket(period)} AS b, trunc(min(h.usd_value / h.amount), 4)::text AS "floorUsd",
            (min(h.unit_price) FILTER (WHERE h.symbol = 'ATT'))::text AS "floorAtt",
            (min(h.unit_price) FILTER (WHERE h.symbol = 'KLAY'))::text AS "floorKlay"
          ${recent(c, period)}) s ORDER BY b`.execute(db)
      ).rows,
    volume: async (c: number, period: ChartPeriod) =>
      (
        await sql<VolumePoint>`SELECT to_char(b, 'YYYY-MM-DD') AS date, "volumeAtt", "volumeKlay", "volumeUsd", sales FROM (
          SELECT ${bucket(period)} AS b,
            coalesce(sum(h.unit_price * h.amount) FILTER (WHERE h.symbol = 'ATT'), 0)::text AS "volumeAtt",
            coalesce(sum(h.unit_price * h.amount) FILTER (WHERE h.symbol = 'KLAY'), 0)::text AS "volumeKlay",
            trunc(coalesce(sum(h.usd_value), 0), 4)::text AS "volumeUsd", count(*)::int AS sales
          ${recent(c, period)}) s ORDER BY b`.execute(db)
      ).rows,
  };
}

async function expectSameCharts(): Promise<number> {
  const rollup = collectionCharts(t.db);
  const history = fromHistory(t.db);
  let points = 0;
  for (const c of cols)
    for (const period of CHART_PERIODS)
      for (const kind of ['floor', 'volume'] as const) {
        const want = await history[kind](c, period);
        expect(await rollup[kind](c, period, NOW), `${kind} / ${period} of ${c}`).toEqual(want);
        points += want.length;
      }
  return points;
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => NOW } });
  await sql`INSERT INTO members (user_name, name_skeleton, address, email, email_verified_at)
    VALUES ('rollup', 'rollup', '0x00000000000000000000000000000000000000aa', 'rollup@example.com', now())`.execute(
    t.db,
  );
  const c = await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    SELECT m.member_idx, 'Rollup ' || g, 0, 'logo0000.png' FROM generate_series(1, 3) g, members m WHERE m.user_name = 'rollup'
    RETURNING collection_idx AS idx`.execute(t.db);
  cols = c.rows.map((r) => r.idx);
  await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
    SELECT 900000 + g, c.collection_idx, c.member_idx, 'Rollup item', 1, 1, 'png', 'file0000.png', 5, 0
    FROM generate_series(1, 30) g JOIN collections c ON c.name = 'Rollup ' || (1 + g % 3)`.execute(t.db);
  // Every event type, pieces 0-3, both coins, a USD value missing on some, over two years back from NOW (a few after).
  await sql`INSERT INTO trade_history (event_type, item_idx, collection_idx, amount, unit_price, symbol, usd_value, created_at)
    SELECT (${sql.raw(`ARRAY[${[...TRADE_EVENTS, 1, 4, 9].join(', ')}]::smallint[]`)})[1 + g % 7], i.item_idx, i.collection_idx, g % 4,
      (1 + (g * 37) % 997)::numeric * 1e15, CASE WHEN g % 3 = 0 THEN 'KLAY' ELSE 'ATT' END,
      CASE WHEN g % 11 = 0 THEN NULL ELSE trunc((1 + (g * 37) % 997) * 0.00123 * (g % 4), 4) END,
      ${NOW}::timestamptz + interval '2 days' - (g % 760) * interval '1 day' - (g * 7919 % 86400) * interval '1 second'
    FROM generate_series(1, 3000) g JOIN items i ON i.token_id = 900001 + g % 30`.execute(t.db);
});
afterAll(async () => t?.close());

it('answers what the history answers, after inserts, a reorg’s deletes, updates and the migration’s fill', async () => {
  expect(await expectSameCharts()).toBeGreaterThan(500);
  // A reorg's undo deletes rows (the day's cheapest among them); an update moves rows to other days and prices.
  await sql`DELETE FROM trade_history WHERE history_idx % 7 = 0 OR unit_price < 5e16`.execute(t.db);
  await sql`UPDATE trade_history SET created_at = created_at - interval '3 days', unit_price = unit_price + 1
    WHERE history_idx % 5 = 0`.execute(t.db);
  await expectSameCharts();
  // Every trade of a day deleted: the day leaves the charts.
  await sql`DELETE FROM trade_history WHERE collection_idx = ${cols[0]!}
    AND (created_at AT TIME ZONE 'UTC')::date = (${NOW}::timestamptz AT TIME ZONE 'UTC')::date`.execute(t.db);
  await expectSameCharts();
  const m = migrations['0037_collection_chart_days']!;
  await t.db.transaction().execute(async (trx) => {
    await m.down!(trx);
    await m.up(trx);
  });
  await expectSameCharts();
});
