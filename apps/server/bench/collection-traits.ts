/**
 * `npm run bench -w @att/server`: a collection's trait counts (/nft/info/collection/traits) and its item list with a
 * trait filter, at catalogue scale, on PGlite (in memory) or, when DATABASE_URL is set, on a throwaway
 * `bench_<random>` database of that PostgreSQL server. Seeds 100,000 items in 100 collections (collection A holds
 * 10,000, collection B 50,000, the other 40,000 spread over 98) with four traits each (400,000 trait rows: a
 * background of 5 values weighted 40/30/15/10/5 %, a palette of 4, a mood of 4, a level 1-10), set-based. Then times
 * BENCH_TRAIT_RUNS (default 200) sequential calls of each case (the repository's count statement; the list's id and
 * total statements as the API compiles them) and, in the same run, a bare `SELECT 1` and the same list unfiltered.
 * Goal: each case under 50 ms at p99.
 */
import { sql, type Kysely } from 'kysely';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import { openDb } from '../src/platform/db/connection';
import { migrate } from '../src/platform/db/migrate';
import type { Database } from '../src/modules/schema';
import { seed } from '../src/seed';
import { seedBenchCollections, timeRuns } from './bench-catalogue';
import { itemTraitsRepo } from '../src/modules/items';
import { itemStatements } from '../src/modules/discovery/item-statements';
import type { ItemQuery } from '../src/modules/discovery/item-query';
import type { TraitFilter } from '@att/shared';

const RUNS = Number(process.env.BENCH_TRAIT_RUNS ?? 200);
const GOAL_MS = 50;

async function seedCatalogue(db: Kysely<Database>): Promise<{ a: number; b: number }> {
  const t0 = performance.now();
  await seedBenchCollections(db);
  // Collection 1 gets every tenth item (10,000), collection 2 half of them (50,000), the other 40,000 spread over 98.
  await sql`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
    SELECT g, c.collection_idx, c.member_idx, 'Bench item ' || g, 1 + g % 8, 1, 'png', 'item' || g || '.png', 1, 500
    FROM generate_series(1, 100000) g
    JOIN collections c ON c.name = 'Bench collection ' || CASE WHEN g % 10 = 0 THEN 1 WHEN g % 2 = 1 THEN 2 ELSE 3 + g % 98 END`.execute(
    db,
  );
  // A deterministic roll per item and trait (0-99), so the weights hold in every collection.
  await sql`INSERT INTO item_traits (item_idx, position, collection_idx, trait_type, value, is_number, max_value)
    SELECT i.item_idx, p.n, i.collection_idx, p.type, p.value, p.n = 3, CASE WHEN p.n = 3 THEN 10 END
    FROM items i CROSS JOIN LATERAL (VALUES
      (0, 'Background', CASE WHEN (i.item_idx * 37) % 100 < 40 THEN 'Night' WHEN (i.item_idx * 37) % 100 < 70 THEN 'Dusk'
        WHEN (i.item_idx * 37) % 100 < 85 THEN 'Dawn' WHEN (i.item_idx * 37) % 100 < 95 THEN 'Fog' ELSE 'Neon' END),
      (1, 'Palette', (ARRAY['Mono', 'Pastel', 'Vivid', 'Gold'])[1 + (i.item_idx * 13) % 4]),
      (2, 'Mood', (ARRAY['Calm', 'Thrill', 'Dream', 'Fest'])[1 + (i.item_idx * 7 / 3) % 4]),
      (3, 'Level', (1 + (i.item_idx * 11) % 10)::text)
    ) AS p(n, type, value)`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const ids = await sql<{ idx: number }>`SELECT collection_idx AS idx FROM collections
    WHERE name IN ('Bench collection 1', 'Bench collection 2') ORDER BY name`.execute(db);
  console.log(`seeded 100,000 items / 400,000 trait rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { a: ids.rows[0]!.idx, b: ids.rows[1]!.idx };
}

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'bench') : undefined;
  const db = openDb<Database>({ databaseUrl: scratch?.url, poolMax: 1 });
  try {
    await migrate(db);
    await seed(db);
    const { a, b } = await seedCatalogue(db);
    const statements = itemStatements(db);
    /** The collection list's page 1 (20 cards' ids) and its total, as the API sends them. */
    const list = (collectionIdx: number, traits?: TraitFilter) => {
      const q: ItemQuery = {
        scope: { kind: 'collection', collectionIdx, hidden: 0 },
        traits,
        order: 'newest',
        now: new Date(),
      };
      const { ids, count } = statements(q, { pageNo: 1, pageSize: 20 });
      return async () => {
        const [i, c] = await Promise.all([db.executeQuery(ids), db.executeQuery(count)]);
        return { rows: i.rows.length, total: c.rows[0]!.n };
      };
    };
    const rare: TraitFilter = [{ traitType: 'Background', values: ['Neon'] }];
    const two: TraitFilter = [{ traitType: 'Background', values: ['Fog', 'Neon'] }];
    const both: TraitFilter = [
      { traitType: 'Background', values: ['Night', 'Neon'] },
      { traitType: 'Palette', values: ['Gold'] },
    ];
    const base = await time(() => sql`SELECT 1`.execute(db));
    console.log(`${scratch ? 'PostgreSQL' : 'PGlite'}, ${RUNS} sequential calls each, node ${process.version}`);
    console.log('case                                         total  p50 ms  p99 ms | SELECT 1: p50 ms  p99 ms');
    let worst = 0;
    for (const [size, c] of [
      ['10k', a],
      ['50k', b],
    ] as const) {
      const cases: [string, () => Promise<{ total: number }>][] = [
        [`counts (${size} items)`, async () => ({ total: (await itemTraitsRepo(db).collectionTraits(c)).length })],
        [`list unfiltered (${size})`, list(c)],
        [`list Background=Neon (${size})`, list(c, rare)],
        [`list Background=Fog|Neon (${size})`, list(c, two)],
        [`list Background=Night|Neon & Gold (${size})`, list(c, both)],
      ];
      for (const [name, run] of cases) {
        const { total } = await run();
        const r = await time(run);
        if (!name.startsWith('list unfiltered')) worst = Math.max(worst, r.p99);
        const f = (n: number) => n.toFixed(2).padStart(7);
        console.log(
          `${name.padEnd(44)} ${String(total).padStart(6)} ${f(r.p50)} ${f(r.p99)} | ${f(base.p50)} ${f(base.p99)}`,
        );
      }
    }
    console.log(`worst p99 ${worst.toFixed(2)} ms (goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT MET'}`);
  } finally {
    await db.destroy();
    await scratch?.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
