/** One app per test file for the home curation and its console: a clock the tests move, an operator, a member, and rows to curate. */
import { curationAllReply, type CurationSection } from '@att/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, loggedIn, newWallet, type TestApp } from '../../../../test/helper';
import { seedCurationDemo } from '../../../demo/seed-curation';
import { HOME_CACHE_MS } from '../home-sections';

export let t: TestApp;
export let op: Awaited<ReturnType<typeof loggedIn>>;
export let member: Awaited<ReturnType<typeof loggedIn>>;
export let memberIdx: number;
export const opWallet = newWallet();
export let clock = new Date('2026-11-20T12:00:00Z');
export const DAY = 24 * 60 * 60 * 1000;

let seq = 0;
export async function collection(name = `col ${++seq}`): Promise<number> {
  const row = await t.db
    .insertInto('collections')
    .values({
      member_idx: memberIdx,
      name,
      royalty_bps: 0,
      logo_file: 'logo.png',
      created_at: clock,
      updated_at: clock,
    })
    .returning('collection_idx')
    .executeTakeFirstOrThrow();
  return row.collection_idx;
}
export async function item(collectionIdx: number, extra: Record<string, unknown> = {}): Promise<number> {
  const n = ++seq;
  const row = await t.db
    .insertInto('items')
    .values({
      token_id: String(10_000 + n),
      collection_idx: collectionIdx,
      creator_idx: memberIdx,
      name: `item ${n}`,
      category_idx: 1,
      resource_type: 1,
      file_format: 'png',
      file_name: `file${n}.png`,
      total_supply: 1,
      royalty_bps: 0,
      created_at: clock,
      updated_at: clock,
      ...extra,
    })
    .returning('item_idx')
    .executeTakeFirstOrThrow();
  return row.item_idx;
}

export const all = async () => {
  const r = await t.post('/nft/curation/all', {});
  expect(r.returnCode).toBe(0);
  return curationAllReply.parse(r.body).list!;
};
export const section = async (type: number) => (await all()).find((s) => s.curationType === type);
export const ids = (s: CurationSection | undefined) =>
  (s?.dataList ?? []).map((d) => ('productIdx' in d ? d.productIdx : 'collectionIdx' in d ? d.collectionIdx : -1));
/** Moves the clock past the cache lifetime. */
export const later = () => (clock = new Date(clock.getTime() + HOME_CACHE_MS + 1));

export async function auditActions(): Promise<string[]> {
  return (await t.db.selectFrom('audit_log').select('action').orderBy('audit_idx').execute()).map((r) => r.action);
}
export const sectionsOf = async () =>
  (await t.post('/admin/curation/list', { ...op.auth, pageSize: 100 })).body.list as {
    curationIdx: number;
    curationType: number;
    name: string;
    entries: { entryIdx: number }[];
  }[];

/** Builds the app on the test clock, logs in the operator and a member before the file's tests; closes it after them. */
export function setUpApp(): void {
  beforeAll(async () => {
    t = await buildTestApp({ config: { operatorAddresses: new Set([opWallet.address]) }, deps: { now: () => clock } });
    op = await loggedIn(t, opWallet);
    member = await loggedIn(t);
    memberIdx = (
      await t.db.selectFrom('members').select('member_idx').where('user_name', '=', member.id).executeTakeFirstOrThrow()
    ).member_idx;
  });
  afterAll(async () => t?.close());
}

/** Two collections with four items, then the demo curation seeded over them (the sections the console edits). */
export async function seedSections(): Promise<void> {
  const c1 = await collection('Alpha');
  const c2 = await collection('Beta');
  for (let i = 0; i < 4; i++) await item(i % 2 ? c2 : c1);
  expect(await seedCurationDemo(t.db, clock)).toBe(7);
  later();
}
