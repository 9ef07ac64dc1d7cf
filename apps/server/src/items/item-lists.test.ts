/**
 * The item grids: every endpoint (success, codes, bad bodies, page size caps, permissions) and a property test:
 * random filter + order combinations over a seeded catalogue (a few hundred items with sale summaries, likes,
 * views, hidden and deleted items, mixed coins and prices) give the same ids in the same order as a brute-force
 * filter + sort in TypeScript over a plain scan of every row.
 */
import { NEW_ITEM_DAYS, type ItemCard, type MarketItem } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../test/helper';
import { RELEVANCE_WINDOW } from './item-query';

let t: TestApp;
type Member = Awaited<ReturnType<typeof loggedIn>> & { memberIdx: number; address: string };
let alice: Member;
let bob: Member;
let carol: Member;

const USD = { ATT: '0.05', KLAY: '0.2' } as const;
const WEI = 10n ** 18n;

/** Deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  id: number;
  name: string;
  collectionIdx: number;
  collectionName: string;
  collectionDeleted: boolean;
  creatorIdx: number;
  category: number;
  supply: number;
  hide: number;
  deleted: boolean;
  createdAt: number;
  views: number;
  likes: number;
  bids: number;
  offers: number;
  saleType: number | null;
  price: bigint | null;
  symbol: 'ATT' | 'KLAY' | null;
  expires: number | null;
}

const WORDS_KO = ['고양이', '강아지', '호랑이', '바다', '하늘', '별빛', '도시'];
const WORDS_EN = ['Cat', 'Dog', 'Tiger', 'Ocean', 'Sky', 'Star', 'City'];
const COLLECTIONS = ['서울 야경 Night', 'Pixel Pets', '한국 전통 미술', 'Ocean Drops', '별의 정원', 'Gone Collection'];

const rows: Row[] = [];
const collectionIds: number[] = [];
let now: number;
const liked = new Map<number, Set<number>>();
const holdings: { item: number; address: string; amount: number; hide: number }[] = [];

async function memberOf(m: Awaited<ReturnType<typeof loggedIn>>): Promise<Member> {
  const r = await t.db
    .selectFrom('members')
    .select(['member_idx', 'address'])
    .where('address', '=', m.wallet.address.toLowerCase())
    .executeTakeFirstOrThrow();
  return { ...m, memberIdx: r.member_idx, address: r.address };
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await memberOf(await loggedIn(t));
  bob = await memberOf(await loggedIn(t));
  carol = await memberOf(await loggedIn(t));
  const members = [alice, bob, carol];
  for (const [symbol, price] of Object.entries(USD) as ['ATT' | 'KLAY', string][]) {
    await t.db.updateTable('token_prices').set({ usd_price: price }).where('symbol', '=', symbol).execute();
  }
  const rand = rng(20261122);
  for (const [n, name] of COLLECTIONS.entries()) {
    const owner = members[n % 3]!;
    const c = await t.db
      .insertInto('collections')
      .values({ member_idx: owner.memberIdx, name: `${name} ${process.pid}`, royalty_bps: 100, logo_file: 'logo.png' })
      .returning('collection_idx')
      .executeTakeFirstOrThrow();
    collectionIds.push(c.collection_idx);
  }
  now = Date.now();
  const values = [];
  for (let n = 0; n < 320; n++) {
    const cIdx = Math.floor(rand() * COLLECTIONS.length);
    const owner = members[cIdx % 3]!;
    const ko = WORDS_KO[Math.floor(rand() * WORDS_KO.length)]!;
    const en = WORDS_EN[Math.floor(rand() * WORDS_EN.length)]!;
    const onSale = rand() < 0.45;
    const symbol: 'ATT' | 'KLAY' | null = onSale ? (rand() < 0.5 ? 'ATT' : 'KLAY') : null;
    const saleType = onSale ? (rand() < 0.6 ? 1 : 2) : null;
    // Prices from 0.001 to 5000 coins, a few exactly on round values.
    const price = onSale ? (rand() < 0.2 ? BigInt(Math.floor(rand() * 50)) * 10n * WEI + WEI : BigInt(Math.floor(rand() * 5e6)) * 10n ** 15n + 1n) : null;
    values.push({
      token_id: String(1_000_000 + n),
      collection_idx: collectionIds[cIdx]!,
      creator_idx: owner.memberIdx,
      name: `${rand() < 0.5 ? ko : en} ${rand() < 0.5 ? en : ko} #${n}`,
      category_idx: 1 + Math.floor(rand() * 8),
      resource_type: 1,
      file_format: 'png',
      file_name: `seed${n}.png`,
      total_supply: rand() < 0.5 ? 1 : 1 + Math.floor(rand() * 20),
      royalty_bps: 100,
      hide_state: rand() < 0.1 ? 1 : 0,
      deleted_at: rand() < 0.05 ? new Date(now) : null,
      created_at: new Date(now - Math.floor(rand() * 20 * 86_400_000)),
      view_count: Math.floor(rand() * 6),
      like_count: Math.floor(rand() * 6),
      bid_count: saleType === 2 ? Math.floor(rand() * 5) : 0,
      offer_count: rand() < 0.2 ? 1 + Math.floor(rand() * 3) : 0,
      sale_type: saleType,
      price_amount: price === null ? null : price.toString(),
      price_symbol: symbol,
      sale_expires_at: onSale && rand() < 0.8 ? new Date(now + Math.floor(rand() * 10) * 3_600_000) : null,
    });
  }
  const inserted = await t.db.insertInto('items').values(values).returning(['item_idx']).execute();
  // The last collection is deleted (which needs its items deleted first): none of them shows, by name or otherwise.
  await t.db.updateTable('items').set({ deleted_at: new Date() }).where('collection_idx', '=', collectionIds.at(-1)!).execute();
  await t.db.updateTable('collections').set({ deleted_at: new Date() }).where('collection_idx', '=', collectionIds.at(-1)!).execute();
  for (const [n, v] of values.entries()) {
    const id = inserted[n]!.item_idx;
    const creator = members.find((m) => m.memberIdx === v.creator_idx)!;
    const other = members[(members.indexOf(creator) + 1) % 3]!;
    const split = rand() < 0.3 && v.total_supply > 1;
    holdings.push({ item: id, address: creator.address, amount: split ? v.total_supply - 1 : v.total_supply, hide: 0 });
    if (split) holdings.push({ item: id, address: other.address, amount: 1, hide: rand() < 0.3 ? 1 : 0 });
    if (rand() < 0.1) holdings.push({ item: id, address: members[2]!.address, amount: 0, hide: 0 });
    for (const m of members) {
      if (rand() < 0.15) {
        if (!liked.has(m.memberIdx)) liked.set(m.memberIdx, new Set());
        liked.get(m.memberIdx)!.add(id);
      }
    }
    rows.push({
      id,
      name: v.name,
      collectionIdx: v.collection_idx,
      collectionName: `${COLLECTIONS[collectionIds.indexOf(v.collection_idx)]} ${process.pid}`,
      collectionDeleted: v.collection_idx === collectionIds.at(-1),
      creatorIdx: v.creator_idx,
      category: v.category_idx,
      supply: v.total_supply,
      hide: v.hide_state,
      deleted: v.deleted_at !== null,
      createdAt: v.created_at.getTime(),
      views: v.view_count,
      likes: v.like_count,
      bids: v.bid_count,
      offers: v.offer_count,
      saleType: v.sale_type,
      price: v.price_amount === null ? null : BigInt(v.price_amount),
      symbol: v.price_symbol as Row['symbol'],
      expires: v.sale_expires_at ? v.sale_expires_at.getTime() : null,
    });
  }
  // Holdings with a few merged duplicates (a holder has one row per item).
  const byKey = new Map(holdings.map((h) => [`${h.item}:${h.address}`, h]));
  await t.db
    .insertInto('inventory')
    .values([...byKey.values()].map((h) => ({ item_idx: h.item, holder_address: h.address, amount: h.amount, hide_state: h.hide })))
    .execute();
  holdings.length = 0;
  holdings.push(...byKey.values());
  const likeRows = [...liked].flatMap(([m, ids]) => [...ids].map((i) => ({ item_idx: i, member_idx: m })));
  await t.db.insertInto('item_likes').values(likeRows).execute();
}, 120_000);
afterAll(async () => t?.close());

// ---- the brute-force reference ----

interface Filters {
  searchText?: string;
  filterStatus?: number[];
  filterPrice?: number;
  startPrice?: string;
  endPrice?: string;
  filterCollection?: number[];
  filterCoin?: ('ATT' | 'KLAY')[];
  filterItemType?: number;
  filterCategory?: number;
  orderType?: number;
}

const scaled = (s: string) => {
  const [w, f = ''] = s.split('.');
  return BigInt(w!) * WEI + BigInt((f + '0'.repeat(18)).slice(0, 18) || '0');
};

function priceOk(r: Row, f: Filters): boolean {
  if (f.startPrice === undefined && f.endPrice === undefined) return true;
  if (r.price === null || r.symbol === null) return false;
  const lo = f.startPrice === undefined ? undefined : scaled(f.startPrice);
  const hi = f.endPrice === undefined ? undefined : scaled(f.endPrice);
  if (f.filterPrice === 1) {
    // USD value * 10^36 = amount * usdPrice(scaled 10^18); the range scaled by 10^18 * 10^18.
    const v = r.price * scaled(USD[r.symbol]);
    return (lo === undefined || v >= lo * WEI) && (hi === undefined || v <= hi * WEI);
  }
  const coin = f.filterPrice === 3 ? 'KLAY' : 'ATT';
  return r.symbol === coin && (lo === undefined || r.price >= lo) && (hi === undefined || r.price <= hi);
}

type Scope =
  | { kind: 'market' }
  | { kind: 'collection'; collectionIdx: number; hidden: number }
  | { kind: 'owned' | 'liked' | 'hidden'; member: Member };

function inScope(r: Row, s: Scope): boolean {
  if (r.deleted || r.collectionDeleted) return false;
  const held = (m: Member, hide: number) => holdings.some((h) => h.item === r.id && h.address === m.address && h.amount > 0 && h.hide === hide);
  switch (s.kind) {
    case 'market':
      return r.hide === 0;
    case 'collection':
      return r.collectionIdx === s.collectionIdx && r.hide === s.hidden;
    case 'owned':
      return held(s.member, 0) && !(r.creatorIdx === s.member.memberIdx && r.hide === 1);
    case 'liked':
      return r.hide === 0 && (liked.get(s.member.memberIdx)?.has(r.id) ?? false);
    case 'hidden':
      return (r.creatorIdx === s.member.memberIdx && r.hide === 1) || held(s.member, 1);
  }
}

const MARKET_SORT: Record<number, (a: Row, b: Row) => number> = {
  1: (a, b) => b.id - a.id,
  2: (a, b) => b.likes - a.likes || b.id - a.id,
  3: (a, b) => (a.expires ?? Infinity) - (b.expires ?? Infinity) || b.id - a.id,
  4: (a, b) => b.views - a.views || b.id - a.id,
  5: (a, b) => a.id - b.id,
  6: (a, b) => b.bids - a.bids || b.id - a.id,
  7: (a, b) => a.bids - b.bids || b.id - a.id,
};
/** Collection/profile orders 1-4 as marketplace orders. */
const LIST_AS_MARKET: Record<number, number> = { 1: 1, 2: 2, 3: 4, 4: 5 };

function reference(scope: Scope, f: Filters, marketOrders: boolean): number[] {
  const newSince = now - NEW_ITEM_DAYS * 86_400_000;
  const words = (f.searchText ?? '').trim().split(/\s+/).filter(Boolean);
  const out = rows.filter((r) => {
    if (!inScope(r, scope)) return false;
    if (f.filterStatus?.length) {
      const any =
        (f.filterStatus.includes(1) && r.saleType === 1) ||
        (f.filterStatus.includes(2) && r.saleType === 2) ||
        (f.filterStatus.includes(3) && r.createdAt >= newSince) ||
        (f.filterStatus.includes(4) && r.offers > 0);
      if (!any) return false;
    }
    if (!priceOk(r, f)) return false;
    if (f.filterCollection?.length && !f.filterCollection.includes(r.collectionIdx)) return false;
    if (f.filterCoin?.length && (r.symbol === null || !f.filterCoin.includes(r.symbol))) return false;
    if (f.filterItemType === 1 && r.supply <= 1) return false;
    if (f.filterItemType === 2 && r.supply !== 1) return false;
    if (f.filterCategory && r.category !== f.filterCategory) return false;
    for (const w of words) {
      const lw = w.toLowerCase();
      if (!r.name.toLowerCase().includes(lw) && !r.collectionName.toLowerCase().includes(lw)) return false;
    }
    return true;
  });
  const order = marketOrders ? (f.orderType ?? 1) : LIST_AS_MARKET[f.orderType ?? 1]!;
  return out.sort(MARKET_SORT[order]).map((r) => r.id);
}

function randomFilters(rand: () => number, opts: { market: boolean; category: boolean; itemType: boolean }): Filters {
  const f: Filters = {};
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  if (rand() < 0.35) f.filterStatus = [1, 2, 3, 4].filter(() => rand() < 0.45);
  if (rand() < 0.35) {
    f.filterPrice = pick([1, 2, 3]);
    const a = pick(['0', '0.5', '1', '3', '10.25', '50', '120', '999']);
    const b = pick(['0.001', '2', '11', '75.5', '300', '5000']);
    if (rand() < 0.8) f.startPrice = a;
    if (rand() < 0.8 || f.startPrice === undefined) f.endPrice = b;
  }
  if (rand() < 0.25) f.filterCollection = collectionIds.filter(() => rand() < 0.4);
  if (rand() < 0.25) f.filterCoin = (['ATT', 'KLAY'] as const).filter(() => rand() < 0.6);
  if (opts.itemType && rand() < 0.25) f.filterItemType = pick([1, 2]);
  if (opts.category && rand() < 0.3) f.filterCategory = 1 + Math.floor(rand() * 8);
  if (rand() < 0.3) f.searchText = pick(['고양', '강아지', '별', 'cat', 'TIGER', '도시 sky', 'Pixel', '전통', 'zzz', '#1']);
  f.orderType = opts.market ? 1 + Math.floor(rand() * 7) : 1 + Math.floor(rand() * 4);
  return f;
}

const ids = (list: unknown) => (list as { productId: number }[]).map((i) => i.productId);

describe('the item query against a brute-force reference', () => {
  it('marketplace and search: random filters and the seven orders give the same ids in the same order', async () => {
    const rand = rng(7);
    for (let n = 0; n < 120; n++) {
      const f = randomFilters(rand, { market: true, category: true, itemType: true });
      const path = f.searchText !== undefined ? '/nft/info/searchList' : '/nft/instance/list';
      const pageNo = rand() < 0.2 ? 2 : 1;
      const r = await t.post(path, { ...f, pageNo, pageSize: 40 });
      expect(r.returnCode, JSON.stringify(f)).toBe(0);
      const want = reference({ kind: 'market' }, f, true);
      expect(ids(r.body.list), JSON.stringify(f)).toEqual(want.slice((pageNo - 1) * 40, pageNo * 40));
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize, JSON.stringify(f)).toBe(want.length);
    }
  });

  it('profile, liked, hidden and collection lists: random filters and orders match the reference', async () => {
    const rand = rng(11);
    for (let n = 0; n < 90; n++) {
      const f = randomFilters(rand, { market: false, category: false, itemType: false });
      const who = [alice, bob, carol][n % 3]!;
      const kind = (['owned', 'liked', 'hidden', 'collection', 'other'] as const)[n % 5]!;
      let r;
      let want: number[];
      if (kind === 'owned') {
        r = await t.post('/nft/info/allList', { ...who.auth, ...f });
        want = reference({ kind: 'owned', member: who }, f, false);
      } else if (kind === 'other') {
        r = await t.post('/nft/info/allList/other', { memberIdx: who.memberIdx, ...f });
        want = reference({ kind: 'owned', member: who }, f, false);
      } else if (kind === 'liked') {
        const other = rand() < 0.5;
        r = other
          ? await t.post('/nft/like/list/other', { memberIdx: who.memberIdx, ...f })
          : await t.post('/nft/like/list', { ...who.auth, ...f });
        want = reference({ kind: 'liked', member: who }, f, false);
      } else if (kind === 'hidden') {
        r = await t.post('/nft/hide/list', { ...who.auth, ...f });
        want = reference({ kind: 'hidden', member: who }, f, false);
      } else {
        const collectionIdx = collectionIds[n % (collectionIds.length - 1)]!;
        r = await t.post('/nft/info/collection/Item', { collectionIdx, ...f, filterCollection: undefined });
        want = reference({ kind: 'collection', collectionIdx, hidden: 0 }, { ...f, filterCollection: undefined }, false);
      }
      expect(r.returnCode, `${kind} ${JSON.stringify(f)}`).toBe(0);
      expect(ids(r.body.list), `${kind} ${JSON.stringify(f)}`).toEqual(want.slice(0, 500));
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize).toBe(want.length);
    }
  });
});

describe('/nft/instance/list and /nft/info/searchList', () => {
  it('answers the spec marketplace fields beside the card; 20 by default; caps the page size', async () => {
    const r = await t.post('/nft/instance/list', {});
    expect(r.returnCode).toBe(0);
    const list = r.body.list as MarketItem[];
    expect(list).toHaveLength(20);
    const onSale = (await t.post('/nft/instance/list', { filterStatus: [2], pageSize: 5 })).body.list as MarketItem[];
    expect(onSale[0]).toMatchObject({
      saleType: 2,
      productInfoVO: { pdName: onSale[0]!.name, pdCountHeart: onSale[0]!.countHeart },
      fileType: 'png',
      bidMaxSymbol: onSale[0]!.priceSymbol,
    });
    expect(onSale[0]!.priceAmount).toMatch(/^\d+$/);
    const huge = await t.post('/nft/instance/list', { pageSize: 1e9 });
    expect(huge.returnCode).toBe(0);
    expect(huge.body.list as unknown[]).toHaveLength(100);
    expect((await t.post('/nft/info/allList/other', { memberIdx: alice.memberIdx, pageSize: 1e9 })).returnCode).toBe(0);
  });

  it('refuses bad bodies with 5 (6 for a missing member index) and never 500', async () => {
    for (const body of [
      { orderType: 8 },
      { orderType: 0 },
      { pageSize: 0 },
      { pageNo: 0 },
      { filterStatus: [5] },
      { filterPrice: 4, startPrice: '1' },
      { startPrice: '-1' },
      { startPrice: '1e3' },
      { endPrice: '0x10' },
      { filterCoin: ['ETH'] },
      { filterCollection: ['1'] },
      { filterCategory: -1 },
      { filterItemType: 3 },
      { pageSize: 'all' },
    ]) {
      expect((await t.post('/nft/instance/list', body)).returnCode, JSON.stringify(body)).toBe(5);
    }
    expect((await t.post('/nft/info/searchList', { searchText: 'x'.repeat(101) })).returnCode).toBe(5);
    expect((await t.post('/nft/info/searchList', { orderType: 0, searchText: '고양' })).returnCode).toBe(0);
    expect((await t.post('/nft/info/allList/other', {})).returnCode).toBe(6);
    expect((await t.post('/nft/info/allList/other', { memberIdx: 99999999 })).returnCode).toBe(255);
    expect((await t.post('/nft/like/list/other', { memberIdx: 99999999 })).returnCode).toBe(255);
    expect((await t.post('/nft/info/allList/other', { memberIdx: alice.memberIdx, orderType: 5 })).returnCode).toBe(5);
  });

  it('Korean partial words find items and collections, ranked by relevance: exact name, prefix, inside, collection', async () => {
    const c = collectionIds[0]!;
    const mk = async (name: string, collectionIdx = c) =>
      (
        await t.db
          .insertInto('items')
          .values({
            token_id: String(9_000_000 + name.length + Math.floor(Math.random() * 1e6)),
            collection_idx: collectionIdx,
            creator_idx: alice.memberIdx,
            name,
            category_idx: 1,
            resource_type: 1,
            file_format: 'png',
            file_name: 'k.png',
            total_supply: 1,
            royalty_bps: 0,
          })
          .returning('item_idx')
          .executeTakeFirstOrThrow()
      ).item_idx;
    const inside = await mk('작은 무지개다리 그림');
    const prefix = await mk('무지개다리 위의 고래');
    const exact = await mk('무지개다리');
    const other = await mk('무지개 아닌 것');
    const r = await t.post('/nft/info/searchList', { searchText: '무지개다리' });
    expect(ids(r.body.list)).toEqual([exact, prefix, inside]);
    // A partial word inside a word, and several words (each must appear somewhere).
    expect(ids((await t.post('/nft/info/searchList', { searchText: '지개다' })).body.list)).toEqual(
      expect.arrayContaining([exact, prefix, inside]),
    );
    expect(ids((await t.post('/nft/info/searchList', { searchText: '무지개 고래' })).body.list)).toEqual([prefix]);
    expect(ids((await t.post('/nft/info/searchList', { searchText: '무지개' })).body.list)).toContain(other);
    // The collection's name matches too (its items come after items whose own name matches).
    const byCollection = ids((await t.post('/nft/info/searchList', { searchText: '서울 야경' })).body.list);
    expect(byCollection).toEqual(expect.arrayContaining([exact, prefix, inside, other]));
    // LIKE wildcards are plain characters.
    expect((await t.post('/nft/info/searchList', { searchText: '%' })).body.list).toEqual([]);
    expect((await t.post('/nft/info/searchList', { searchText: '_' })).body.list).toEqual([]);
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx IN (${sql.join([inside, prefix, exact, other])})`.execute(t.db);
  });

  it('pages past the relevance window: every match once, the window ranked first (exact name even when old)', async () => {
    const c = collectionIds[0]!;
    const n = RELEVANCE_WINDOW + 45;
    // The exact name is the oldest of the matches: outside the newest RELEVANCE_WINDOW, still first.
    const insert = (name: string, count: number) =>
      sql<{ item_idx: number }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format,
          file_name, total_supply, royalty_bps)
        SELECT 70000000 + g * 1000 + floor(random() * 1000), ${c}, ${alice.memberIdx}, ${name} || CASE WHEN ${count}::int > 1 THEN ' ' || g ELSE '' END,
          1, 1, 'png', 'k.png', 1, 0
        FROM generate_series(1, ${count}) g RETURNING item_idx`.execute(t.db);
    const exact = (await insert('창문고양이', 1)).rows[0]!.item_idx;
    const many = (await insert('작은 창문고양이 그림', n)).rows.map((r) => r.item_idx);
    const seen: number[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil((n + 1) / 40) + 1; pageNo++) {
      const r = await t.post('/nft/info/searchList', { searchText: '창문고양이', pageNo, pageSize: 40 });
      expect(r.returnCode).toBe(0);
      expect((r.body.page as { totalRecordSize: number }).totalRecordSize).toBe(n + 1);
      seen.push(...ids(r.body.list));
    }
    expect(seen[0]).toBe(exact);
    expect(seen).toHaveLength(n + 1);
    expect(new Set(seen)).toEqual(new Set([exact, ...many]));
    // Past the window the other matches come newest first.
    const tail = seen.slice(RELEVANCE_WINDOW + 1);
    expect(tail).toEqual([...tail].sort((a, b) => b - a));
    await sql`UPDATE items SET deleted_at = now() WHERE item_idx IN (${sql.join([exact, ...many])})`.execute(t.db);
  });
});

describe('profile lists', () => {
  it('need the ticket for own lists (27); other lists are public and count the caller', async () => {
    for (const path of ['/nft/info/allList', '/nft/like/list', '/nft/hide/list'] as const) {
      expect((await t.post(path, {})).returnCode, path).toBe(27);
      expect((await t.post(path, { id: alice.auth.id, ticketId: 'nope' })).returnCode, path).not.toBe(0);
    }
    const mine = await t.post('/nft/info/allList', { ...bob.auth });
    expect(mine.returnCode).toBe(0);
    expect((mine.body.list as ItemCard[]).every((i) => i.itemCountMine > 0)).toBe(true);
    // 500 by default.
    const all = await t.post('/nft/info/allList/other', { memberIdx: bob.memberIdx });
    expect((all.body.list as unknown[]).length).toBe(Math.min(500, (all.body.page as { totalRecordSize: number }).totalRecordSize));
  });

  it('a holder hiding an item moves it from their items to their hidden list; the creator still lists it', async () => {
    const h = holdings.find((x) => x.address === bob.address && x.amount > 0 && x.hide === 0 && rows.find((r) => r.id === x.item && !r.deleted && !r.collectionDeleted && r.hide === 0 && r.creatorIdx !== bob.memberIdx));
    expect(h).toBeDefined();
    const before = ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list);
    expect(before).toContain(h!.item);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: h!.item })).returnCode).toBe(0);
    expect(ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list)).not.toContain(h!.item);
    const hidden = (await t.post('/nft/hide/list', { ...bob.auth })).body.list as ItemCard[];
    expect(hidden.find((i) => i.productId === h!.item)?.hideState).toBe(1);
    expect((await t.post('/nft/hideCancel', { ...bob.auth, productId: h!.item })).returnCode).toBe(0);
    expect(ids((await t.post('/nft/info/allList', { ...bob.auth, pageSize: 500 })).body.list)).toContain(h!.item);
  });
});

describe('collections an operator hid', () => {
  it('leave the marketplace and liked grids with all their items, and come back when shown again', async () => {
    const db = t.app.db;
    const row = await db
      .selectFrom('items')
      .select(['collection_idx'])
      .where('deleted_at', 'is', null)
      .where('hide_state', '=', 0)
      .executeTakeFirstOrThrow();
    const c = row.collection_idx;
    const inCollection = async () => ids((await t.post('/nft/instance/list', { filterCollection: [c], pageSize: 100 })).body.list);
    expect((await inCollection()).length).toBeGreaterThan(0);
    await db.updateTable('collections').set({ hide_state: 1 }).where('collection_idx', '=', c).execute();
    try {
      expect(await inCollection()).toEqual([]);
      const all = ids((await t.post('/nft/instance/list', { pageSize: 100, orderType: 5 })).body.list);
      const hiddenItems = await db.selectFrom('items').select('item_idx').where('collection_idx', '=', c).execute();
      for (const h of hiddenItems) expect(all).not.toContain(h.item_idx);
    } finally {
      await db.updateTable('collections').set({ hide_state: 0 }).where('collection_idx', '=', c).execute();
    }
    expect((await inCollection()).length).toBeGreaterThan(0);
  });
});
