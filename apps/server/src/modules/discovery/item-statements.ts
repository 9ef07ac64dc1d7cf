/**
 * The item query's statements compiled once per shape. Building and compiling a page's statements with Kysely
 * (the filter tree, the order, the relevance window) cost 0.06-0.18 ms of CPU per request, with the garbage of its
 * frozen nodes; the SQL text only depends on the query's shape (which filters, how many collections, coins and
 * words, which order, whether a relevance page reads past the window), not on its values.
 *
 * So the first query of a shape is built with sentinel values (each a value no real query or constant of the SQL
 * has: huge negative numbers, strings with NUL, which no request may carry, a `now` 100,000 years ago) and
 * compiled; the parameter positions holding a sentinel become slots. Every later query of that shape takes the
 * compiled SQL and fills the slots with its own values. What the SQL derives from a value is derived again:
 * the LIKE patterns of the search words and text, the decimal strings of the wei bounds, the dates relative to
 * `now` (the "new" status). The result equals Kysely's own compile of the query (item-statements.test.ts
 * compares them over random queries).
 */
import { containsPattern } from '../../platform/db/sql-patterns';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../schema';
import {
  buildItemQuery,
  COINS,
  pageWindow,
  searchWords,
  type ItemQuery,
  type ItemScope,
  type Page,
  type WeiRange,
} from './item-query';
import { ItemType } from '@att/shared';

/** Sentinel `now`: 100,000 years BC. A Date parameter within a million years of it is `now` plus an offset. */
const SENTINEL_NOW = -3_155_760_000_000_000;
const DATE_REACH = 31_557_600_000_000;

/** The sentinel values of one query and the real values they stand for, in the order the shape registers them. */
class Slots {
  readonly real: unknown[] = [];
  readonly index = new Map<unknown, number>();

  private add<T>(sentinel: T, key: unknown, real: unknown): T {
    this.index.set(key, this.real.length);
    this.real.push(real);
    return sentinel;
  }

  num(real: number): number {
    const s = -(2 ** 50) - this.real.length;
    return this.add(s, s, real);
  }

  str(real: string): string {
    const s = `\u0000${this.real.length}\u0000`;
    return this.add(s, s, real);
  }

  /** A wei bound: the SQL holds its decimal string. */
  wei(real: bigint): bigint {
    const s = -(10n ** 40n) - BigInt(this.real.length);
    return this.add(s, s.toString(), real.toString());
  }

  /** A string the SQL derives from sentinels (a LIKE pattern) and the same derived from the real values. */
  derived(sentinel: string, real: string): void {
    this.add(sentinel, sentinel, real);
  }
}

function sentinelScope(scope: ItemScope, s: Slots): ItemScope {
  switch (scope.kind) {
    case 'market':
      return scope;
    case 'collection':
      return { kind: 'collection', collectionIdx: s.num(scope.collectionIdx), hidden: s.num(scope.hidden) as 0 | 1 };
    case 'owned':
      return { kind: 'owned', memberIdx: s.num(scope.memberIdx), address: s.str(scope.address) };
    case 'liked':
      return { kind: 'liked', memberIdx: s.num(scope.memberIdx) };
    case 'hidden':
      return { kind: 'hidden', memberIdx: s.num(scope.memberIdx), address: s.str(scope.address) };
  }
}

/** The query's shape (what the SQL text depends on) and the same query with sentinels for its values. */
function sentinelQuery(q: ItemQuery, page: Page, s: Slots) {
  const w = pageWindow(page);
  const shape: unknown[] = [q.scope.kind, q.order, w.restLimit !== undefined];
  const scope = sentinelScope(q.scope, s);
  // Statuses are structure (which conditions); a list naming none of 1-4 still filters (matches nothing): [0].
  const named = q.statuses && q.statuses.length > 0 ? [1, 2, 3, 4].filter((n) => q.statuses!.includes(n)) : undefined;
  const statuses = named && named.length === 0 ? [0] : named;
  shape.push(statuses ?? null);
  let priceRanges: Partial<Record<(typeof COINS)[number], WeiRange>> | undefined;
  if (q.priceRanges) {
    priceRanges = {};
    for (const coin of COINS) {
      const r = q.priceRanges[coin];
      shape.push(r ? [r.min !== undefined, r.max !== undefined] : null);
      if (!r) continue;
      priceRanges[coin] = {
        ...(r.min === undefined ? {} : { min: s.wei(r.min) }),
        ...(r.max === undefined ? {} : { max: s.wei(r.max) }),
      };
    }
  } else shape.push(null);
  const collections = q.collections && q.collections.length > 0 ? q.collections.map((c) => s.num(c)) : undefined;
  const coins = q.coins && q.coins.length > 0 ? q.coins.map((c) => s.str(c) as (typeof COINS)[number]) : undefined;
  const itemType = q.itemType === ItemType.Multi || q.itemType === ItemType.Single ? q.itemType : undefined;
  const category = q.category ? s.num(q.category) : undefined;
  shape.push(collections?.length ?? 0, coins?.length ?? 0, itemType ?? 0, category !== undefined);
  const traits =
    q.traits && q.traits.length > 0 && q.scope.kind === 'collection'
      ? q.traits.map((f) => ({ traitType: s.str(f.traitType), values: f.values.map((v) => s.str(v)) }))
      : undefined;
  shape.push(traits?.map((f) => f.values.length) ?? null);
  // The words, each a sentinel, with their LIKE patterns; the text (relevance) is the words joined.
  const words = searchWords(q.searchText).map((word) => {
    const sw = s.str(word);
    s.derived(containsPattern(sw), containsPattern(word));
    return sw;
  });
  const text = q.searchText?.trim() ?? '';
  const sentinelText = words.join(' ');
  if (q.order === 'relevance' && text) {
    s.derived(sentinelText, text);
    s.derived(`${containsPattern(sentinelText).slice(1, -1)}%`, `${containsPattern(text).slice(1, -1)}%`);
    s.derived(containsPattern(sentinelText), containsPattern(text));
  }
  shape.push(words.length, text !== '');
  const window = {
    limit: s.num(w.limit),
    offset: s.num(w.offset),
    ...(w.restLimit === undefined ? {} : { restLimit: s.num(w.restLimit) }),
  };
  const sq: ItemQuery = {
    scope,
    searchText: text === '' && q.searchText === undefined ? undefined : sentinelText,
    statuses,
    priceRanges,
    collections,
    coins,
    itemType,
    category,
    traits,
    order: q.order,
    now: new Date(SENTINEL_NOW),
  };
  return { key: JSON.stringify(shape), sq, window };
}

type Slot = { slot: number } | { fixed: unknown } | { dateOffset: number };

function templateOf(compiled: CompiledQuery, s: Slots): { sql: string; slots: Slot[] } {
  return {
    sql: compiled.sql,
    slots: compiled.parameters.map((v): Slot => {
      if (v instanceof Date && Math.abs(v.getTime() - SENTINEL_NOW) < DATE_REACH)
        return { dateOffset: v.getTime() - SENTINEL_NOW };
      const n = typeof v === 'number' || typeof v === 'string' ? s.index.get(v) : undefined;
      return n === undefined ? { fixed: v } : { slot: n };
    }),
  };
}

function fill<R>(t: { sql: string; slots: Slot[] }, real: readonly unknown[], now: Date): CompiledQuery<R> {
  return CompiledQuery.raw(
    t.sql,
    t.slots.map((x) => ('slot' in x ? real[x.slot] : 'fixed' in x ? x.fixed : new Date(now.getTime() + x.dateOffset))),
  ) as CompiledQuery<R>;
}

/** `(query, page) => {ids, count}` compiled statements, the SQL of each shape compiled once. */
export function itemStatements(db: Kysely<Database>, opts: { maxShapes?: number } = {}) {
  const maxShapes = opts.maxShapes ?? 2000;
  const cache = new Map<string, { ids: ReturnType<typeof templateOf>; count: ReturnType<typeof templateOf> }>();
  return (q: ItemQuery, page: Page) => {
    const s = new Slots();
    const { key, sq, window } = sentinelQuery(q, page, s);
    let t = cache.get(key);
    if (!t) {
      const { ids, count } = buildItemQuery(db, sq, window);
      t = { ids: templateOf(ids.compile(db), s), count: templateOf(count.compile(), s) };
      if (cache.size >= maxShapes) cache.clear();
      cache.set(key, t);
    }
    return {
      ids: fill<{ item_idx: number }>(t.ids, s.real, q.now),
      count: fill<{ n: number }>(t.count, s.real, q.now),
    };
  };
}
