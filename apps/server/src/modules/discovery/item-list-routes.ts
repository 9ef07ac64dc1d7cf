/**
 * The item grids outside the collection page: marketplace (/nft/instance/list), search (/nft/info/searchList),
 * a member's items (/nft/info/allList, /allList/other), likes (/nft/like/list, /list/other) and hidden items
 * (/nft/hide/list). All read through the one item query.
 */
import { ReturnCode, pageOf, trimTraitFilter, type TraitFilter } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { defineRoute } from '../../platform/http/define-route';
import type { Uses } from '../../platform/deps';
import type { AuthedMember } from '../../platform/http/auth';
import { toItemCard } from '../items';
import { createItemQuery } from './item-search';
import { toMarketItem } from './market-item';
import {
  LIST_ORDER_KEYS,
  MARKET_ORDER_KEYS,
  priceRangesOf,
  type Coin,
  type ItemQuery,
  type ItemScope,
  type OrderKey,
} from './item-query';
import { membersRepo } from '../accounts';

/** The filter fields every grid request may carry (absent ones do not filter). */
export interface FilterBody {
  searchText?: string;
  filterStatus?: number[];
  filterPrice?: number;
  startPrice?: string;
  endPrice?: string;
  filterCollection?: number[];
  filterCoin?: Coin[];
  filterItemType?: number;
  filterCategory?: number;
  /** The collection item list's trait filter. */
  traits?: TraitFilter;
  orderType: number;
  pageNo: number;
  pageSize: number;
}

/** The item query of a request body. `orders` maps orderType to an order. */
export function queryOf(
  b: FilterBody,
  scope: ItemScope,
  orders: readonly OrderKey[],
  usdPrices: Partial<Record<Coin, string>>,
  now: Date,
): ItemQuery {
  return {
    scope,
    searchText: b.searchText,
    statuses: b.filterStatus,
    priceRanges: priceRangesOf(b.filterPrice, b.startPrice, b.endPrice, usdPrices),
    collections: b.filterCollection,
    coins: b.filterCoin,
    itemType: b.filterItemType,
    category: b.filterCategory || undefined,
    traits: b.traits && trimTraitFilter(b.traits),
    order: orders[b.orderType] ?? 'newest',
    now,
  };
}

/** How long a marketplace/search total is shared between requests with the same filters. */
export const MARKET_COUNT_TTL_MS = 2000;

export function itemGrid(deps: Uses<'db' | 'now'>) {
  const query = createItemQuery(deps.db, { marketCountTtlMs: MARKET_COUNT_TTL_MS });
  /** A page of cards of `scope` as `viewer` sees them. */
  async function cards(b: FilterBody, scope: ItemScope, orders: readonly OrderKey[], viewer?: AuthedMember) {
    const prices = b.startPrice !== undefined || b.endPrice !== undefined ? await query.usdPrices() : {};
    const q = queryOf(b, scope, orders, prices, deps.now());
    const { list, total, listings } = await query.list(q, b, viewer?.address, {
      withListings: scope.kind === 'market',
    });
    return {
      rows: list,
      listings,
      list: list.map((r) => toItemCard(r, viewer?.memberIdx)),
      page: pageOf(total, b.pageNo, b.pageSize),
    };
  }
  return { cards };
}

/** The grids' replies are built with exactly the contract's keys (toItemCard, toMarketItem): compiled serializers. */
const GRID = { compiledReply: true } as const;

export default async function itemListRoutes(app: FastifyInstance) {
  const { cards } = itemGrid(app);

  async function market(b: FilterBody, viewer?: AuthedMember) {
    const { rows, list, page, listings: cheapest } = await cards(b, { kind: 'market' }, MARKET_ORDER_KEYS, viewer);
    const out = list.map((card, n) => toMarketItem(card, rows[n]!, cheapest.get(card.productId)));
    return { returnCode: ReturnCode.Success, list: out, page };
  }

  /** An active member, or a former one (their items stay public, under the address). */
  async function member(memberIdx: number) {
    const m = await membersRepo(app.db).findByIdx(memberIdx);
    if (!m || (m.state !== 'active' && m.state !== 'deleted')) throw new AppError(ReturnCode.MemberNotFound);
    return { memberIdx: m.memberIdx, address: m.address };
  }

  defineRoute(app, '/nft/instance/list', async ({ body, member: viewer }) => market(body, viewer), GRID);

  defineRoute(app, '/nft/info/searchList', async ({ body, member: viewer }) => market(body, viewer), GRID);

  defineRoute(
    app,
    '/nft/info/allList',
    async ({ body, member: me }) => {
      const { list, page } = await cards(
        body,
        { kind: 'owned', memberIdx: me.memberIdx, address: me.address },
        LIST_ORDER_KEYS,
        me,
      );
      return { returnCode: ReturnCode.Success, list, page };
    },
    GRID,
  );

  defineRoute(
    app,
    '/nft/info/allList/other',
    async ({ body, member: viewer }) => {
      const owner = await member(body.memberIdx);
      const { list, page } = await cards(body, { kind: 'owned', ...owner }, LIST_ORDER_KEYS, viewer);
      return { returnCode: ReturnCode.Success, list, page };
    },
    GRID,
  );

  defineRoute(
    app,
    '/nft/like/list',
    async ({ body, member: me }) => {
      const { list, page } = await cards(body, { kind: 'liked', memberIdx: me.memberIdx }, LIST_ORDER_KEYS, me);
      return { returnCode: ReturnCode.Success, list, page };
    },
    GRID,
  );

  defineRoute(
    app,
    '/nft/like/list/other',
    async ({ body, member: viewer }) => {
      const owner = await member(body.memberIdx);
      const { list, page } = await cards(body, { kind: 'liked', memberIdx: owner.memberIdx }, LIST_ORDER_KEYS, viewer);
      return { returnCode: ReturnCode.Success, list, page };
    },
    GRID,
  );

  defineRoute(
    app,
    '/nft/hide/list',
    async ({ body, member: me }) => {
      const { list, page } = await cards(
        body,
        { kind: 'hidden', memberIdx: me.memberIdx, address: me.address },
        LIST_ORDER_KEYS,
        me,
      );
      return { returnCode: ReturnCode.Success, list, page };
    },
    GRID,
  );
}
