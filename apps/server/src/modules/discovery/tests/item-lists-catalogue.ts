/**
 * The seeded catalogue of the item-grid tests, one per test file: three members, six collections (the last deleted) and
 * 320 items with sale summaries, likes, views, hidden and deleted items, mixed coins and prices, holdings and likes,
 * kept beside as plain rows for the brute-force reference.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';

export let t: TestApp;
export type Member = Awaited<ReturnType<typeof loggedIn>> & { memberIdx: number; address: string };
export let alice: Member;
export let bob: Member;
export let carol: Member;

export const USD = { ATT: '0.05', KLAY: '0.2' } as const;
export const WEI = 10n ** 18n;

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Row {
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

export const rows: Row[] = [];
export const collectionIds: number[] = [];
export let now: number;
export const liked = new Map<number, Set<number>>();
export const holdings: { item: number; address: string; amount: number; hide: number }[] = [];

async function memberOf(m: Awaited<ReturnType<typeof loggedIn>>): Promise<Member> {
  const r = await t.db
    .selectFrom('members')
    .select(['member_idx', 'address'])
    .where('address', '=', m.wallet.address.toLowerCase())
    .executeTakeFirstOrThrow();
  return { ...m, memberIdx: r.member_idx, address: r.address };
}

/** Builds the app and seeds the catalogue before the file's tests; closes it after them. */
export function setUpCatalogue(): void {
  beforeAll(async () => {
    // The files of one test worker share this module (isolate: false): start from empty lists.
    rows.length = 0;
    collectionIds.length = 0;
    liked.clear();
    holdings.length = 0;
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
        .values({
          member_idx: owner.memberIdx,
          name: `${name} ${process.pid}`,
          royalty_bps: 100,
          logo_file: 'logo.png',
        })
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
      const price = onSale
        ? rand() < 0.2
          ? BigInt(Math.floor(rand() * 50)) * 10n * WEI + WEI
          : BigInt(Math.floor(rand() * 5e6)) * 10n ** 15n + 1n
        : null;
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
    await t.db
      .updateTable('items')
      .set({ deleted_at: new Date() })
      .where('collection_idx', '=', collectionIds.at(-1)!)
      .execute();
    await t.db
      .updateTable('collections')
      .set({ deleted_at: new Date() })
      .where('collection_idx', '=', collectionIds.at(-1)!)
      .execute();
    for (const [n, v] of values.entries()) {
      const id = inserted[n]!.item_idx;
      const creator = members.find((m) => m.memberIdx === v.creator_idx)!;
      const other = members[(members.indexOf(creator) + 1) % 3]!;
      const split = rand() < 0.3 && v.total_supply > 1;
      holdings.push({
        item: id,
        address: creator.address,
        amount: split ? v.total_supply - 1 : v.total_supply,
        hide: 0,
      });
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
      .values(
        [...byKey.values()].map((h) => ({
          item_idx: h.item,
          holder_address: h.address,
          amount: h.amount,
          hide_state: h.hide,
        })),
      )
      .execute();
    holdings.length = 0;
    holdings.push(...byKey.values());
    const likeRows = [...liked].flatMap(([m, ids]) => [...ids].map((i) => ({ item_idx: i, member_idx: m })));
    await t.db.insertInto('item_likes').values(likeRows).execute();
  }, 120_000);
  afterAll(async () => t?.close());
}

export const ids = (list: unknown) => (list as { productId: number }[]).map((i) => i.productId);
