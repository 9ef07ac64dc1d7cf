import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { DEMO_SECTIONS, DEMO_TIPS, seedCurationDemo } from './seed-curation';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('seeds the seven demo sections in order once, and never over an operator’s curation', async () => {
  expect(await seedCurationDemo(t.db)).toBe(7);
  const sections = await t.db
    .selectFrom('curation_sections')
    .select(['curation_type', 'sort_order', 'name_ko'])
    .orderBy('sort_order')
    .execute();
  expect(sections.map((s) => s.curation_type)).toEqual(DEMO_SECTIONS.map((s) => s.type));
  // No catalogue: no featured entries, three tips.
  const entries = await t.db.selectFrom('curation_entries').select(['item_idx', 'connect_url']).execute();
  expect(entries.filter((e) => e.item_idx !== null)).toHaveLength(0);
  expect(entries.filter((e) => e.connect_url?.startsWith('https://'))).toHaveLength(3);
  await t.db.updateTable('curation_sections').set({ name_ko: '운영자 편집' }).where('sort_order', '=', 1).execute();
  expect(await seedCurationDemo(t.db)).toBe(0);
  expect(
    (await t.db.selectFrom('curation_sections').select('name_ko').where('sort_order', '=', 1).executeTakeFirstOrThrow())
      .name_ko,
  ).toBe('운영자 편집');
});

it('gives the demo tips of an older data dir their English pair, and leaves operator-written tips alone', async () => {
  await t.db
    .updateTable('curation_entries')
    .set({ title_en: null, detail_en: null })
    .where('connect_url', 'is not', null)
    .execute();
  const tips = await t.db
    .selectFrom('curation_entries')
    .select(['entry_idx', 'connect_url'])
    .where('connect_url', 'is not', null)
    .orderBy('entry_idx')
    .execute();
  // An operator rewrote the second tip's Korean text.
  await t.db
    .updateTable('curation_entries')
    .set({ detail: '운영자가 고친 설명' })
    .where('entry_idx', '=', tips[1]!.entry_idx)
    .execute();
  expect(await seedCurationDemo(t.db)).toBe(0);
  const after = await t.db
    .selectFrom('curation_entries')
    .select(['title', 'title_en', 'detail_en'])
    .where('connect_url', 'is not', null)
    .orderBy('entry_idx')
    .execute();
  expect(after.map((r) => r.title_en)).toEqual([DEMO_TIPS[0]!.titleEn, null, DEMO_TIPS[2]!.titleEn]);
  expect(after[0]!.detail_en).toBe(DEMO_TIPS[0]!.detailEn);
  // Both or neither: the database refuses half an English pair.
  await expect(
    t.db
      .updateTable('curation_entries')
      .set({ title_en: 'only a title' })
      .where('entry_idx', '=', tips[1]!.entry_idx)
      .execute(),
  ).rejects.toThrow();
});
