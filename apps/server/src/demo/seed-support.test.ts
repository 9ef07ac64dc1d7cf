import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { seedSupportDemo } from './seed-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

it('seeds demo notices and FAQ once, and never over an operator’s content', async () => {
  await seedSupportDemo(t.db);
  await seedSupportDemo(t.db);
  const notices = await t.post('/support/notice/list', { lang: 'ko' });
  expect(notices.body.page).toMatchObject({ totalRecordSize: 3 });
  expect((notices.body.list as { listType: number }[])[0]!.listType).toBe(2);
  expect(((await t.post('/support/notice/list', { type: 1 })).body.list as unknown[]).length).toBe(2);
  expect(((await t.post('/support/faq/category', {})).body.list as unknown[]).length).toBe(2);
  expect(((await t.post('/support/faq/list', { lang: 'en' })).body.list as unknown[]).length).toBe(2);
});
