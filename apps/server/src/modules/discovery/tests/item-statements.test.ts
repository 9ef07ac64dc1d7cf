/**
 * The compiled-once statements equal Kysely's own compile of each query (SQL text and every parameter), over
 * random queries of every scope, filter, order and page, each shape met many times with other values.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../schema';
import {
  compileItemQuery,
  MARKET_ORDER_KEYS,
  RELEVANCE_WINDOW,
  type ItemQuery,
  type ItemScope,
  type Page,
} from '../item-query';
import { itemStatements } from '../item-statements';

// Compiling needs no connection: the pool is never asked for one.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
afterAll(() => db.destroy());

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['호랑이', 'cat', '50%', 'a_b', 'back\\slash', '별빛 고양이', ' ', 'x', 'Tiger', "o'clock", '%', '_'];

function randomQuery(r: () => number): { q: ItemQuery; page: Page } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const maybe = <T>(f: () => T) => (r() < 0.4 ? f() : undefined);
  const int = (n: number) => 1 + Math.floor(r() * n);
  const address = `0x${Math.floor(r() * 1e12)
    .toString(16)
    .padStart(40, '0')}`;
  const scope: ItemScope = pick<() => ItemScope>([
    () => ({ kind: 'market' }),
    () => ({ kind: 'collection', collectionIdx: int(500), hidden: pick([0, 1] as const) }),
    () => ({ kind: 'owned', memberIdx: int(200), address }),
    () => ({ kind: 'liked', memberIdx: int(200) }),
    () => ({ kind: 'hidden', memberIdx: int(200), address }),
  ])();
  const wei = () => BigInt(Math.floor(r() * 1e9)) * 10n ** BigInt(Math.floor(r() * 12));
  const range = () => ({ ...(r() < 0.6 ? { min: wei() } : {}), ...(r() < 0.6 ? { max: wei() } : {}) });
  const searchText = maybe(
    () => Array.from({ length: int(10) }, () => pick(WORDS)).join(pick([' ', '  ', '\t'])) + pick(['', ' ']),
  );
  const q: ItemQuery = {
    scope,
    searchText,
    statuses: maybe(() => Array.from({ length: Math.floor(r() * 4) }, () => Math.floor(r() * 6))),
    priceRanges: maybe(() => ({ ...(r() < 0.7 ? { ATT: range() } : {}), ...(r() < 0.5 ? { KLAY: range() } : {}) })),
    collections: maybe(() => Array.from({ length: Math.floor(r() * 4) }, () => int(500))),
    coins: maybe(() => (r() < 0.5 ? ['ATT'] : r() < 0.5 ? ['KLAY', 'ATT'] : [])),
    itemType: maybe(() => Math.floor(r() * 4)),
    category: maybe(() => Math.floor(r() * 9)),
    order: pick(MARKET_ORDER_KEYS),
    now: new Date(1_700_000_000_000 + Math.floor(r() * 1e11)),
  };
  const pageSize = pick([1, 20, 100]);
  const pageNo = pick([1, 2, Math.ceil(RELEVANCE_WINDOW / pageSize), Math.ceil(RELEVANCE_WINDOW / pageSize) + 1, 500]);
  return { q, page: { pageNo, pageSize } };
}

/** Parameters comparable with toEqual (Dates by their time). */
const plain = (ps: readonly unknown[]) => ps.map((p) => (p instanceof Date ? `date:${p.getTime()}` : p));

describe('item statements', () => {
  it('equal Kysely compiling each query (5,000 random queries, shapes met again with other values)', () => {
    const statements = itemStatements(db);
    const r = rng(20261122);
    for (let n = 0; n < 5000; n++) {
      const { q, page } = randomQuery(r);
      const want = compileItemQuery(db, q, page);
      const wantIds = want.ids.compile(db);
      const wantCount = want.count.compile();
      const got = statements(q, page);
      const what = JSON.stringify({ q, page }, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
      expect(got.ids.sql, what).toBe(wantIds.sql);
      expect(plain(got.ids.parameters), what).toEqual(plain(wantIds.parameters));
      expect(got.count.sql, what).toBe(wantCount.sql);
      expect(plain(got.count.parameters), what).toEqual(plain(wantCount.parameters));
    }
  });

  it('compile each shape once (and stay bounded)', () => {
    const statements = itemStatements(db, { maxShapes: 3 });
    const now = new Date();
    const a = statements({ scope: { kind: 'market' }, order: 'newest', now }, { pageNo: 1, pageSize: 20 });
    const b = statements({ scope: { kind: 'market' }, order: 'newest', now }, { pageNo: 7, pageSize: 40 });
    expect(b.ids.sql).toBe(a.ids.sql);
    expect(b.ids.parameters).not.toEqual(a.ids.parameters);
    for (const order of ['popular', 'viewed', 'oldest', 'closing'] as const)
      statements({ scope: { kind: 'market' }, order, now }, { pageNo: 1, pageSize: 20 });
    const c = statements({ scope: { kind: 'market' }, order: 'newest', now }, { pageNo: 2, pageSize: 20 });
    expect(c.ids.parameters).toEqual(
      compileItemQuery(
        db,
        { scope: { kind: 'market' }, order: 'newest', now },
        { pageNo: 2, pageSize: 20 },
      ).ids.compile(db).parameters,
    );
  });
});
