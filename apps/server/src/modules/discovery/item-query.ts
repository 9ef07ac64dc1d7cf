/**
 * The one item query behind every item grid: the marketplace, search, a collection's shown and hidden items, a
 * member's inventory, likes and hidden items. A grid is a scope (which items), filters (status, price, collections,
 * coin, item type, category, search words) and an order; the page is read in two steps: the ids of the page
 * (filter + order + limit over the items table and its partial indexes, nothing else joined unless the search
 * needs the collection name), then the cards of those ids. The total is a count over the same filter.
 *
 * Money stays integer: a price range becomes wei bounds per coin (USD with the configured token prices:
 * `amount * usdPrice >= start` is `amount >= ceil(start * 10^18 / usdPrice)` in bigint).
 */
import { containsPattern } from '../../platform/db/sql-patterns';
import {
  HideState,
  ItemStatusFilter,
  ItemType,
  NEW_ITEM_DAYS,
  parseDecimal,
  SaleType,
  TOKEN_DECIMALS,
  TOKEN_SYMBOLS,
  type TokenSymbol,
  type TraitFilter,
} from '@att/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema';
import { escrowedFor, traitMatch } from '../items';
import { offsetOf } from '../../platform/db/paginate';

export type Coin = TokenSymbol;
export const COINS: readonly Coin[] = TOKEN_SYMBOLS;

/** Which items a grid shows. Every scope leaves out deleted items and items of deleted collections. */
export type ItemScope =
  /** Shown items (not hidden by their creator) of live collections: the marketplace and search. */
  | { kind: 'market' }
  /** A collection's shown (hidden 0) or creator-hidden (hidden 1) items. */
  | { kind: 'collection'; collectionIdx: number; hidden: 0 | 1 }
  /** What an address holds (amount > 0), except what the holder hid (as holder, or as creator). */
  | { kind: 'owned'; memberIdx: number; address: string }
  /** A member's liked items that are shown. */
  | { kind: 'liked'; memberIdx: number }
  /** What a member hid: their own items hidden as creator, and items they hold and hid for themselves. */
  | { kind: 'hidden'; memberIdx: number; address: string };

export type OrderKey = 'relevance' | 'newest' | 'popular' | 'closing' | 'viewed' | 'oldest' | 'mostBids' | 'fewestBids';
/** Marketplace orderType 1-7 (and 0 relevance for search). */
export const MARKET_ORDER_KEYS: readonly OrderKey[] = [
  'relevance',
  'newest',
  'popular',
  'closing',
  'viewed',
  'oldest',
  'mostBids',
  'fewestBids',
];
/** Collection, profile and liked/hidden lists: orderType 1 newest, 2 popular, 3 most viewed, 4 oldest. */
export const LIST_ORDER_KEYS: readonly OrderKey[] = ['newest', 'newest', 'popular', 'viewed', 'oldest'];

/** Inclusive wei bounds for one coin. */
export interface WeiRange {
  min?: bigint;
  max?: bigint;
}

export interface ItemQuery {
  scope: ItemScope;
  /** Words that must each appear in the item name or its collection's name (case-insensitive). */
  searchText?: string;
  /** Any of: 1 buy now, 2 auction, 3 new (created within NEW_ITEM_DAYS), 4 has offers. */
  statuses?: readonly number[];
  /** Per coin the allowed price range of the cheapest live listing; a coin absent = not allowed. */
  priceRanges?: Partial<Record<Coin, WeiRange>>;
  collections?: readonly number[];
  coins?: readonly Coin[];
  /** 1 multi-edition, 2 single. */
  itemType?: number;
  category?: number;
  /** A collection scope's trait filter: for every type, one of its values (trimmed). */
  traits?: TraitFilter;
  order: OrderKey;
  now: Date;
}

const MAX_WORDS = 8;

/** The words of a search text (at most 8). */
export function searchWords(text: string | undefined): string[] {
  return (text ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

const WEI = 10n ** BigInt(TOKEN_DECIMALS);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Wei bounds per coin for a price filter: type 2 ATT / 3 KLAY (the range in that coin), 1 USD (each coin's range
 * through its USD price, scaled by 10^18; a coin priced 0 matches only a range starting at 0). No range = no filter.
 */
export function priceRangesOf(
  type: number | undefined,
  start: string | undefined,
  end: string | undefined,
  usdPrices: Partial<Record<Coin, string>>,
): Partial<Record<Coin, WeiRange>> | undefined {
  if (start === undefined && end === undefined) return undefined;
  const lo = start === undefined ? undefined : parseDecimal(start);
  const hi = end === undefined ? undefined : parseDecimal(end);
  if (type === 1) {
    const ranges: Partial<Record<Coin, WeiRange>> = {};
    for (const coin of COINS) {
      const p = usdPrices[coin] === undefined ? 0n : parseDecimal(usdPrices[coin]!);
      if (p === 0n) {
        // Worth 0 USD: inside the range only when it starts at 0.
        if ((lo ?? 0n) === 0n) ranges[coin] = {};
        continue;
      }
      ranges[coin] = {
        ...(lo === undefined ? {} : { min: ceilDiv(lo * WEI, p) }),
        ...(hi === undefined ? {} : { max: (hi * WEI) / p }),
      };
    }
    return ranges;
  }
  const coin: Coin = type === 3 ? 'KLAY' : 'ATT';
  return { [coin]: { ...(lo === undefined ? {} : { min: lo }), ...(hi === undefined ? {} : { max: hi }) } };
}

type Eb = ExpressionBuilder<Database & { i: Database['items'] }, 'i'>;

/** The scope, as conditions on `items as i`. */
function scopeWhere(eb: Eb, scope: ItemScope): Expression<SqlBool> {
  const live = eb.and([eb('i.deleted_at', 'is', null)]);
  // A collection an operator hid (report queue) leaves the public grids with all its items.
  const shownCollection = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM collections hc WHERE hc.collection_idx = i.collection_idx AND hc.hide_state = ${HideState.Hidden})`;
  switch (scope.kind) {
    case 'market':
      return eb.and([live, eb('i.hide_state', '=', HideState.Shown), shownCollection]);
    case 'collection':
      return eb.and([live, eb('i.collection_idx', '=', scope.collectionIdx), eb('i.hide_state', '=', scope.hidden)]);
    case 'owned':
      return eb.and([
        live,
        eb.or([
          sql<SqlBool>`EXISTS (SELECT 1 FROM inventory v WHERE v.item_idx = i.item_idx AND v.holder_address = ${scope.address}
          AND v.amount > 0 AND v.hide_state = ${HideState.Shown})`,
          // Their piece in the Market's escrow on their live auction, unless they hid the item from their list.
          sql<SqlBool>`${escrowedFor(scope.address)} > 0 AND NOT EXISTS (SELECT 1 FROM inventory v WHERE v.item_idx = i.item_idx
          AND v.holder_address = ${scope.address} AND v.hide_state = ${HideState.Hidden})`,
        ]),
        sql<SqlBool>`NOT (i.creator_idx = ${scope.memberIdx} AND i.hide_state = ${HideState.Hidden})`,
      ]);
    case 'liked':
      return eb.and([
        live,
        eb('i.hide_state', '=', HideState.Shown),
        shownCollection,
        sql<SqlBool>`EXISTS (SELECT 1 FROM item_likes l WHERE l.item_idx = i.item_idx AND l.member_idx = ${scope.memberIdx})`,
      ]);
    case 'hidden':
      return eb.and([
        live,
        eb.or([
          eb.and([eb('i.creator_idx', '=', scope.memberIdx), eb('i.hide_state', '=', HideState.Hidden)]),
          sql<SqlBool>`EXISTS (SELECT 1 FROM inventory v WHERE v.item_idx = i.item_idx AND v.holder_address = ${scope.address}
            AND v.amount > 0 AND v.hide_state = ${HideState.Hidden})`,
        ]),
      ]);
  }
}

/** Every filter of `q`, as conditions on `items as i`. */
function filterWhere(eb: Eb, q: ItemQuery): Expression<SqlBool> {
  // A collection is deleted only without live items (283), so live items are always in live collections.
  const parts: Expression<SqlBool>[] = [scopeWhere(eb, q.scope)];
  if (q.statuses && q.statuses.length > 0) {
    const any: Expression<SqlBool>[] = [];
    if (q.statuses.includes(ItemStatusFilter.Buy)) any.push(eb('i.sale_type', '=', SaleType.Fixed));
    if (q.statuses.includes(ItemStatusFilter.Auction)) any.push(eb('i.sale_type', '=', SaleType.Auction));
    if (q.statuses.includes(ItemStatusFilter.New))
      any.push(eb('i.created_at', '>=', new Date(q.now.getTime() - NEW_ITEM_DAYS * 86_400_000)));
    if (q.statuses.includes(ItemStatusFilter.Offers)) any.push(eb('i.offer_count', '>', 0));
    parts.push(eb.or(any));
  }
  if (q.priceRanges) {
    const any: Expression<SqlBool>[] = [];
    for (const coin of COINS) {
      const r = q.priceRanges[coin];
      if (!r) continue;
      const c: Expression<SqlBool>[] = [eb('i.price_symbol', '=', coin), eb('i.price_amount', 'is not', null)];
      if (r.min !== undefined) c.push(sql<SqlBool>`i.price_amount >= ${r.min.toString()}::numeric`);
      if (r.max !== undefined) c.push(sql<SqlBool>`i.price_amount <= ${r.max.toString()}::numeric`);
      any.push(eb.and(c));
    }
    parts.push(any.length > 0 ? eb.or(any) : sql<SqlBool>`false`);
  }
  if (q.collections && q.collections.length > 0) parts.push(eb('i.collection_idx', 'in', [...q.collections]));
  if (q.coins && q.coins.length > 0) parts.push(eb('i.price_symbol', 'in', [...q.coins]));
  if (q.itemType === ItemType.Multi) parts.push(eb('i.total_supply', '>', 1));
  if (q.itemType === ItemType.Single) parts.push(eb('i.total_supply', '=', 1));
  if (q.category) parts.push(eb('i.category_idx', '=', q.category));
  if (q.traits && q.traits.length > 0 && q.scope.kind === 'collection')
    parts.push(traitMatch(q.scope.collectionIdx, q.traits));
  for (const word of searchWords(q.searchText)) {
    const p = containsPattern(word);
    // The collection side as an indexable id list, so the planner can OR two index scans.
    parts.push(
      sql<SqlBool>`(i.name ILIKE ${p} OR i.collection_idx = ANY (ARRAY(
        SELECT c1.collection_idx FROM collections c1 WHERE c1.name ILIKE ${p} AND c1.deleted_at IS NULL)))`,
    );
  }
  return eb.and(parts);
}

/** ORDER BY terms for `order` (item_idx breaks ties: newest first, except oldest). */
function orderTerms(q: ItemQuery) {
  switch (q.order) {
    case 'relevance':
      // Ranked in rankedIds (a bounded set); here only what follows it.
      return sql`i.item_idx DESC`;
    case 'popular':
      return sql`i.like_count DESC, i.item_idx DESC`;
    case 'closing':
      return sql`i.sale_expires_at ASC NULLS LAST, i.item_idx DESC`;
    case 'viewed':
      return sql`i.view_count DESC, i.item_idx DESC`;
    case 'oldest':
      return sql`i.item_idx ASC`;
    case 'mostBids':
      return sql`i.bid_count DESC, i.item_idx DESC`;
    case 'fewestBids':
      return sql`i.bid_count ASC, i.item_idx DESC`;
    case 'newest':
    default:
      return sql`i.item_idx DESC`;
  }
}

export interface Page {
  pageNo: number;
  pageSize: number;
}

/**
 * How many matches the relevance order ranks: the newest RELEVANCE_WINDOW matches (and every exact-name match)
 * are ranked exact name, name starts with the text, name contains it, the rest (words apart, or only the
 * collection's name), then by trigram similarity; matches past the window follow, newest first. Ranking every
 * match cost a sort with three ILIKEs and a similarity per row (8,000 matches of "호랑이" at 100,000 items: 97 ms
 * of the query's 97); the window bounds it (the newest matches come from the item_idx index or the trigram index,
 * whichever the planner finds cheaper). The order is one fixed total order, so pages neither repeat nor skip.
 */
export const RELEVANCE_WINDOW = 300;

function escapedPattern(text: string): string {
  return containsPattern(text).slice(1, -1);
}

/** The rows of a page: LIMIT and OFFSET, and (relevance past the window) how many of the other matches to read. */
export interface PageWindow {
  limit: number;
  offset: number;
  restLimit?: number;
}

export function pageWindow(page: Page): PageWindow {
  const offset = offsetOf(page);
  const end = offset + page.pageSize;
  return { limit: page.pageSize, offset, ...(end > RELEVANCE_WINDOW ? { restLimit: end } : {}) };
}

/** The page's ids in relevance order (see RELEVANCE_WINDOW): the ranked window, then the other matches by age. */
function rankedIds(db: Kysely<Database>, q: ItemQuery, w: PageWindow, text: string) {
  const matches = () => db.selectFrom('items as i').where((eb) => filterWhere(eb as unknown as Eb, q));
  const newest = matches().select(['i.item_idx', 'i.name']).orderBy('i.item_idx', 'desc').limit(RELEVANCE_WINDOW);
  const exact = matches()
    .select(['i.item_idx', 'i.name'])
    .where(sql<SqlBool>`lower(i.name) = lower(${text})`)
    .limit(RELEVANCE_WINDOW);
  const ranked = sql`SELECT w.item_idx, 0 AS part, row_number() OVER (ORDER BY
      CASE WHEN lower(w.name) = lower(${text}) THEN 0 WHEN w.name ILIKE ${`${escapedPattern(text)}%`} THEN 1
        WHEN w.name ILIKE ${containsPattern(text)} THEN 2 ELSE 3 END,
      similarity(w.name, ${text}) DESC, w.item_idx DESC) AS pos
    FROM (${newest} UNION ${exact}) w`;
  // Past the window (only a page reaching beyond it reads on): the other matches, newest first.
  const rest =
    w.restLimit !== undefined
      ? sql` UNION ALL (SELECT r.item_idx, 1 AS part, -r.item_idx AS pos FROM (${matches()
          .select('i.item_idx')
          .where(sql<SqlBool>`i.item_idx NOT IN (SELECT x.item_idx FROM (${newest} UNION ${exact}) x)`)
          .orderBy('i.item_idx', 'desc')
          .limit(w.restLimit)}) r)`
      : sql``;
  return sql<{ item_idx: number }>`SELECT p.item_idx FROM (${ranked}${rest}) p
    ORDER BY p.part, p.pos LIMIT ${w.limit} OFFSET ${w.offset}`;
}

/** The statements of a page over a window (see item-statements.ts for the compiled, cached form). */
export function buildItemQuery(db: Kysely<Database>, q: ItemQuery, w: PageWindow) {
  const base = db.selectFrom('items as i').where((eb) => filterWhere(eb as unknown as Eb, q));
  const text = q.searchText?.trim() ?? '';
  const ids =
    q.order === 'relevance' && text
      ? rankedIds(db, q, w, text)
      : sql<{ item_idx: number }>`${base.select('i.item_idx').orderBy(orderTerms(q)).limit(w.limit).offset(w.offset)}`;
  const count = base.select(sql<number>`count(*)::int`.as('n'));
  return { ids, count };
}

/** The statements of a page (exposed so the bench can run the same SQL through the driver alone). */
export function compileItemQuery(db: Kysely<Database>, q: ItemQuery, page: Page) {
  return buildItemQuery(db, q, pageWindow(page));
}
