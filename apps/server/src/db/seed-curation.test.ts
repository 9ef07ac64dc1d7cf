import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { DEMO_SECTIONS, seedCurationDemo } from './seed-curation';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('seeds the seven demo sections in order once, and never over an operator’s curation', async () => {
  expect(await seedCurationDemo(t.db)).toBe(7);
  const sections = await t.db.selectFrom('curation_sections').select(['curation_type', 'sort_order', 'name_ko']).orderBy('sort_order').execute();
  expect(sections.map((s) => s.curation_type)).toEqual(DEMO_SECTIONS.map((s) => s.type));
  // No catalogue: no featured entries, three tips.
  const entries = await t.db.selectFrom('curation_entries').select(['item_idx', 'connect_url']).execute();
  expect(entries.filter((e) => e.item_idx !== null)).toHaveLength(0);
  expect(entries.filter((e) => e.connect_url?.startsWith('https://'))).toHaveLength(3);
  await t.db.updateTable('curation_sections').set({ name_ko: '운영자 편집' }).where('sort_order', '=', 1).execute();
  expect(await seedCurationDemo(t.db)).toBe(0);
  expect((await t.db.selectFrom('curation_sections').select('name_ko').where('sort_order', '=', 1).executeTakeFirstOrThrow()).name_ko).toBe('운영자 편집');
});
