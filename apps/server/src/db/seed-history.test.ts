import { TRADE_EVENTS } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { DEMO_MEMBERS, seed } from './seed';
import { seedDemoHistory } from './seed-history';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seed(t.db, { members: DEMO_MEMBERS });
  // A small catalogue straight in SQL (the demo catalogue's own test covers its files).
  const m = await t.db.selectFrom('members').select('member_idx').orderBy('member_idx').executeTakeFirstOrThrow();
  for (let c = 0; c < 3; c++) {
    const r = await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file) VALUES (${m.member_idx}, ${`Demo ${c}`}, ${c * 300}, 'logo0000.png') RETURNING collection_idx AS idx`.execute(t.db);
    await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps, hide_state)
      SELECT ${c} * 1000 + g, ${r.rows[0]!.idx}, ${m.member_idx}, 'item ' || g, 1, 1, 'png', 'f.png', CASE WHEN g % 4 = 0 THEN 10 ELSE 1 END, ${c * 300}, CASE WHEN g % 9 = 0 THEN 1 ELSE 0 END
      FROM generate_series(1, 30) g`.execute(t.db);
  }
});
afterAll(async () => t?.close());

describe('demo history', () => {
  it('writes believable demo events over the last 30 days, consistent summaries, once', async () => {
    const started = Date.now();
    const first = await seedDemoHistory(t.app);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(first.skipped).toBe(false);
    expect(first.events).toBeGreaterThan(100);
    const s = (
      await sql<{ types: number[]; demo: boolean; oldest: Date; newest: Date; coins: string[]; strangers: number; usdBad: number }>`
        SELECT array_agg(DISTINCT event_type ORDER BY event_type) AS types, bool_and(is_demo) AS demo,
               min(created_at) AS oldest, max(created_at) AS newest, array_agg(DISTINCT symbol) FILTER (WHERE symbol IS NOT NULL) AS coins,
               count(*) FILTER (WHERE to_address NOT IN (SELECT address FROM members))::int AS strangers,
               count(*) FILTER (WHERE unit_price IS NOT NULL AND usd_value IS NULL)::int AS "usdBad"
        FROM trade_history`.execute(t.db)
    ).rows[0]!;
    expect(s.demo).toBe(true);
    expect(s.types).toEqual(expect.arrayContaining([0, 1, 2, 3, 9, 12, 15, 17, 20]));
    expect(s.coins.sort()).toEqual(['ATT', 'KLAY']);
    expect(s.strangers).toBeGreaterThan(0);
    expect(s.usdBad).toBe(0);
    expect(Date.now() - new Date(s.oldest).getTime()).toBeLessThanOrEqual(31 * 86_400_000);
    expect(new Date(s.newest).getTime()).toBeLessThanOrEqual(Date.now());
    // items.last_price/last_symbol/trade_count follow the last trade of each item.
    const bad = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM items i
      LEFT JOIN LATERAL (SELECT unit_price, symbol, count(*) OVER () AS n FROM trade_history h
                         WHERE h.item_idx = i.item_idx AND h.event_type IN ${sql.raw(`(${TRADE_EVENTS.join(',')})`)}
                         ORDER BY history_idx DESC LIMIT 1) l ON true
      WHERE i.trade_count <> coalesce(l.n, 0) OR i.last_price IS DISTINCT FROM l.unit_price OR i.last_symbol IS DISTINCT FROM l.symbol`.execute(t.db);
    expect(bad.rows[0]!.n).toBe(0);
    const ranking = await t.post('/nft/ranking/list', {});
    expect((ranking.body.list as { totalTrade: string }[]).some((r) => r.totalTrade !== '0')).toBe(true);
    expect(await seedDemoHistory(t.app)).toEqual({ events: 0, skipped: true });
  }, 60_000);
});
