/**
 * What the catalogue benches share: 100 members each with a collection ('Bench collection 1'..'100', set-based),
 * and the timing of sequential calls (warm-up, then p50 and p99).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/modules/schema';

export async function seedBenchCollections(db: Kysely<Database>): Promise<void> {
  await sql`INSERT INTO members (user_name, name_skeleton, address, email, email_verified_at)
    SELECT 'bench_' || g, 'bench_' || g, '0x' || lpad(to_hex(g), 40, '0'), 'bench' || g || '@example.com', now()
    FROM generate_series(1, 100) g`.execute(db);
  await sql`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    SELECT m.member_idx, 'Bench collection ' || g, 500, 'logo' || g || '.png'
    FROM generate_series(1, 100) g JOIN members m ON m.user_name = 'bench_' || g`.execute(db);
}

/** p50 and p99 of `runs` sequential calls of `run`, after 5 warm-up calls. */
export async function timeRuns(run: () => Promise<unknown>, runs: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}
