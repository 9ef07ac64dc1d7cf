import { CARD_IMAGE_WIDTH, cardImageName, hasCardImage } from '@att/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { mp4, webm } from '../../test/media';
import { seedDemoCatalogue } from './demo-catalogue';
import { DEMO_MEMBERS } from '../modules/accounts';
import { seed } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seed(t.db, { members: DEMO_MEMBERS });
});
afterAll(async () => t?.close());

const media = {
  videos: [
    { format: 'webm' as const, data: webm() },
    { format: 'mp4' as const, data: mp4() },
  ],
  audio: [{ format: 'webm' as const, data: webm() }],
};

describe('demo catalogue', () => {
  it('seeds 9 collections and 324 items of every category and resource type, once', async () => {
    // How long this takes is printed by every stack that seeds it (`Demo catalogue: … in N s`), not asserted: a
    // timed test fails on a loaded machine (it did in CI, 40 s with other suites beside it).
    const first = await seedDemoCatalogue(t.app, DEMO_MEMBERS, media);
    expect(first).toEqual({ collections: 9, items: 324, skipped: 0 });
    const stats = await sql<{
      formats: string[];
      categories: number[];
      hidden: number;
      multi: number;
      unlockable: number;
    }>`
      SELECT array_agg(DISTINCT file_format ORDER BY file_format) AS formats,
             array_agg(DISTINCT category_idx ORDER BY category_idx) AS categories,
             count(*) FILTER (WHERE hide_state = 1)::int AS hidden,
             count(*) FILTER (WHERE total_supply > 1)::int AS multi,
             count(*) FILTER (WHERE unlocked_content IS NOT NULL)::int AS unlockable
      FROM items`.execute(t.db);
    const s = stats.rows[0]!;
    expect(s.formats).toEqual(['gif', 'jpg', 'mp4', 'png', 'svg', 'wav', 'webm']);
    expect(s.categories).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.hidden).toBeGreaterThan(0);
    expect(s.multi).toBeGreaterThan(0);
    expect(s.unlockable).toBeGreaterThan(0);
    // Every item carries traits, some of them rare within its collection.
    const traits = await sql<{ without: number; types: string[] }>`
      SELECT (SELECT count(*)::int FROM items i WHERE NOT EXISTS (SELECT 1 FROM item_traits t WHERE t.item_idx = i.item_idx)) AS without,
             (SELECT array_agg(DISTINCT trait_type ORDER BY trait_type) FROM item_traits) AS types`.execute(t.db);
    expect(traits.rows[0]).toEqual({ without: 0, types: ['Level', 'Palette', '배경', '분위기'] });
    // Files are really stored and served; the second run adds nothing.
    const info = await t.post('/nft/collection/info', { collectionIdx: 1 });
    const logo = (info.body.data as { logo: string }).logo;
    expect((await t.app.inject({ method: 'GET', url: `/cdn/collection/logo/${logo}` })).statusCode).toBe(200);
    // Every jpg/png item file has its 400 px WebP card image beside it.
    const stills = await sql<{ file_name: string; thumbnail_file: string | null }>`
      SELECT file_name, thumbnail_file FROM items WHERE file_format IN ('jpg', 'png') OR thumbnail_file IS NOT NULL`.execute(
      t.db,
    );
    expect(stills.rows.length).toBeGreaterThan(100);
    for (const row of stills.rows.slice(0, 20)) {
      const [folder, name] = hasCardImage(row.file_name)
        ? ['item/resource', row.file_name]
        : ['item/thumbnail', row.thumbnail_file!];
      const card = await t.app.inject({ method: 'GET', url: `/cdn/${folder}/${cardImageName(name)}` });
      expect(card.statusCode, name).toBe(200);
      expect(card.headers['content-type']).toBe('image/webp');
      expect((await sharp(card.rawPayload).metadata()).width).toBeLessThanOrEqual(CARD_IMAGE_WIDTH);
    }
    expect(await seedDemoCatalogue(t.app, DEMO_MEMBERS, media)).toEqual({ collections: 0, items: 0, skipped: 9 });
    const artist = await t.post('/user/info/id', { userId: 'demo_artist' });
    expect((artist.body.data as { collectionCount: number }).collectionCount).toBeGreaterThan(0);
  }, 120_000);
});
