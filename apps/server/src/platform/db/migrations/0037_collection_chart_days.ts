/**
 * The collection charts' rollup (trading's): per collection and UTC day, what the floor and volume charts read of
 * that day's trades (`TRADE_EVENTS`, pieces > 0): the lowest USD and per-coin price of one piece, the paid volume per
 * coin and in USD, and the sales count. Each chart (day, week, month) is then one range scan of the primary key over
 * at most a year of days, grouped per period, instead of a scan of every trade.
 *
 * Statement-level triggers on trade_history keep it in the history writer's transaction (as `collection_trade_daily`
 * of 0008): an INSERT adds the rows (sums add, floors take the lower); a DELETE (a reorg's undo, a rebuild) subtracts
 * the sums and recomputes the floors of the days it touched from what is left, dropping a day left without sales; an
 * UPDATE does both. Trades are written by the indexer alone, so a floor recompute never races a new trade of the day.
 * Existing rows are filled from the history.
 */
import { sql, type Kysely } from 'kysely';
import { TRADE_EVENT_SQL } from './0008_rankings';

const DAY = `(created_at AT TIME ZONE 'UTC')::date`;

/** The day rows of a set of trade rows (a transition table, or the whole history). */
const daysOf = (from: string) => `
  SELECT collection_idx, ${DAY} AS day, count(*)::int AS sales,
    sum(CASE WHEN symbol = 'ATT' THEN unit_price * amount ELSE 0 END) AS volume_att,
    sum(CASE WHEN symbol = 'KLAY' THEN unit_price * amount ELSE 0 END) AS volume_klay,
    sum(coalesce(usd_value, 0)) AS volume_usd,
    min(usd_value / amount) AS floor_usd,
    min(unit_price) FILTER (WHERE symbol = 'ATT') AS floor_att,
    min(unit_price) FILTER (WHERE symbol = 'KLAY') AS floor_klay
  FROM ${from} WHERE event_type IN ${TRADE_EVENT_SQL} AND amount > 0 GROUP BY 1, 2`;

const COLUMNS = 'collection_idx, day, sales, volume_att, volume_klay, volume_usd, floor_usd, floor_att, floor_klay';

const add = (table: string) => `
  INSERT INTO collection_chart_days AS t (${COLUMNS})
  SELECT * FROM (${daysOf(table)}) d ORDER BY 1, 2
  ON CONFLICT (collection_idx, day) DO UPDATE SET
    sales = t.sales + EXCLUDED.sales, volume_att = t.volume_att + EXCLUDED.volume_att,
    volume_klay = t.volume_klay + EXCLUDED.volume_klay, volume_usd = t.volume_usd + EXCLUDED.volume_usd,
    floor_usd = least(t.floor_usd, EXCLUDED.floor_usd), floor_att = least(t.floor_att, EXCLUDED.floor_att),
    floor_klay = least(t.floor_klay, EXCLUDED.floor_klay);`;

const subtract = (table: string) => `
  UPDATE collection_chart_days t SET
    sales = t.sales - d.sales, volume_att = t.volume_att - d.volume_att, volume_klay = t.volume_klay - d.volume_klay,
    volume_usd = t.volume_usd - d.volume_usd, floor_usd = f.floor_usd, floor_att = f.floor_att, floor_klay = f.floor_klay
  FROM (${daysOf(table)}) d
  CROSS JOIN LATERAL (
    SELECT min(h.usd_value / h.amount) AS floor_usd, min(h.unit_price) FILTER (WHERE h.symbol = 'ATT') AS floor_att,
      min(h.unit_price) FILTER (WHERE h.symbol = 'KLAY') AS floor_klay
    FROM trade_history h
    WHERE h.collection_idx = d.collection_idx AND h.event_type IN ${TRADE_EVENT_SQL} AND h.amount > 0
      AND h.created_at >= d.day::timestamp AT TIME ZONE 'UTC' AND h.created_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
  ) f
  WHERE t.collection_idx = d.collection_idx AND t.day = d.day;
  DELETE FROM collection_chart_days WHERE sales = 0
    AND collection_idx IN (SELECT collection_idx FROM ${table} WHERE event_type IN ${TRADE_EVENT_SQL});`;

const TRIGGERS = {
  ins: { body: add('new_rows'), refs: 'NEW TABLE AS new_rows', on: 'INSERT' },
  del: { body: subtract('old_rows'), refs: 'OLD TABLE AS old_rows', on: 'DELETE' },
  upd: {
    body: subtract('old_rows') + add('new_rows'),
    refs: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    on: 'UPDATE',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_chart_days (
      collection_idx integer NOT NULL REFERENCES collections (collection_idx),
      day date NOT NULL,
      sales integer NOT NULL,
      volume_att numeric(78, 0) NOT NULL,
      volume_klay numeric(78, 0) NOT NULL,
      volume_usd numeric NOT NULL,
      floor_usd numeric,
      floor_att numeric(78, 0),
      floor_klay numeric(78, 0),
      PRIMARY KEY (collection_idx, day)
    )`.execute(db);
  await sql.raw(`INSERT INTO collection_chart_days (${COLUMNS}) ${daysOf('trade_history')}`).execute(db);
  for (const [name, t] of Object.entries(TRIGGERS)) {
    await sql
      .raw(
        `CREATE FUNCTION chart_days_${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${t.body} RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER trade_history_chart_days_${name} AFTER ${t.on} ON trade_history REFERENCING ${t.refs}
          FOR EACH STATEMENT EXECUTE FUNCTION chart_days_${name}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(TRIGGERS)) {
    await sql.raw(`DROP TRIGGER trade_history_chart_days_${name} ON trade_history`).execute(db);
    await sql.raw(`DROP FUNCTION chart_days_${name}()`).execute(db);
  }
  await sql`DROP TABLE collection_chart_days`.execute(db);
}
