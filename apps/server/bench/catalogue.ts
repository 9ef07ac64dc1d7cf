/**
 * The benches' catalogue on PostgreSQL: 100,000 items (BENCH_ITEMS) in 500 collections and 20,000 live listings
 * (BENCH_LISTINGS), the items' sale summary filled to match, with set-based INSERT ... SELECT generate_series.
 */
import { sql } from 'kysely';
import type { Db } from '../src/modules/schema';

export const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
export const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20_000);

/** Seeds the catalogue; resolves to the milliseconds it took. */
export async function seedCatalogue(db: Db) {
  const t0 = Date.now();
  await sql`INSERT INTO members (user_name, name_skeleton, address, email, email_verified_at)
    SELECT 'bench_' || g, 'bench_' || g, '0x' || lpad(to_hex(g), 40, '0'), 'bench' || g || '@example.com', now()
    FROM generate_series(1, 200) g`.execute(db);
  await sql`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    SELECT (SELECT min(member_idx) FROM members WHERE user_name LIKE 'bench\\_%') + (g % 200),
      (ARRAY['서울','부산','제주','Neon','Pixel','Ocean','한글','Retro'])[1 + g % 8] || ' 컬렉션 ' || g, 250, 'logo.png'
    FROM generate_series(1, 500) g`.execute(db);
  await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name,
      total_supply, royalty_bps, hide_state, view_count, like_count, created_at)
    SELECT g, c.collection_idx, c.member_idx,
      (ARRAY['새벽','파도','골목','별빛','바람','소나무','달','등불','꽃길','안개','여름','눈꽃','Drift','Bloom','Echo','Pulse',
             'Glow','Orbit','Tide','Ember','Prism','Haze','Spark','Frost'])[1 + (g * 7) % 24] || ' '
        || (ARRAY['고양이','강아지','호랑이','바다','하늘','도시','Cat','Dog','Tiger','Sky','City','Star'])[1 + (g * 13) % 12]
        || ' #' || g,
      1 + g % 8, 1, 'png', 'bench.png', CASE WHEN g % 3 = 0 THEN 10 ELSE 1 END, 0,
      CASE WHEN g % 50 = 0 THEN 1 ELSE 0 END, (g * 37) % 1000, (g * 11) % 300, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${ITEMS}) g
    JOIN collections c ON c.collection_idx = (SELECT min(collection_idx) FROM collections) + (g % 500)`.execute(db);
  // Every 5th item on sale: fixed price or auction, ATT or KLAY, 0.5 to 5000 coins, ending within 30 days.
  await sql`INSERT INTO listings (item_idx, seller_address, sale_type, symbol, unit_price, quantity, remaining, expires_at)
    SELECT i.item_idx, m.address, 1 + (hashint4(i.item_idx) & 1), (ARRAY['ATT','KLAY'])[1 + ((hashint4(i.item_idx) >> 1) & 1)],
      ((1 + ((hashint4(i.item_idx) >> 2) & 8191))::numeric * 5 * 10 ^ 17)::numeric(78,0), 1, 1,
      now() + ((i.item_idx * 97) % 43200 || ' minutes')::interval
    FROM items i JOIN members m ON m.member_idx = i.creator_idx
    WHERE i.item_idx % 5 = 0 ORDER BY i.item_idx LIMIT ${LISTINGS}`.execute(db);
  await sql`UPDATE items i SET sale_type = l.sale_type, price_amount = l.unit_price, price_symbol = l.symbol,
      sale_expires_at = l.expires_at, bid_count = CASE WHEN l.sale_type = 2 THEN i.item_idx % 7 ELSE 0 END,
      offer_count = i.item_idx % 4
    FROM listings l WHERE l.item_idx = i.item_idx AND l.state = 1`.execute(db);
  await sql`INSERT INTO inventory (item_idx, holder_address, amount)
    SELECT i.item_idx, m.address, i.total_supply FROM items i JOIN members m ON m.member_idx = i.creator_idx`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  return Date.now() - t0;
}
