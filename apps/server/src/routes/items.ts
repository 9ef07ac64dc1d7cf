/** Items: publish, edit, delete, hide/unhide, unlock, detail, and a collection's item lists. */
import { NEW_ITEM_DAYS, ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { defineRoute } from '../http/define-route';
import type { AuthedMember } from '../http/auth';
import type { ItemFilters } from '../repositories/items-repository';
import {
  deleteItem,
  itemDetail,
  publishItem,
  setItemHidden,
  toItemCard,
  unlockItem,
  updateItem,
} from '../services/items-service';
import { pageOf } from './collections';
import { utcDay, viewerKey } from '../social/viewer-key';

interface FilterBody {
  searchText: string;
  filterStatus?: number[];
  startPrice?: string;
  endPrice?: string;
  filterItemType?: number;
  orderType: number;
}

function filtersOf(b: FilterBody, now: Date): ItemFilters {
  return {
    searchText: b.searchText,
    statuses: b.filterStatus,
    newSince: new Date(now.getTime() - NEW_ITEM_DAYS * 24 * 60 * 60 * 1000),
    hasPriceRange: b.startPrice !== undefined || b.endPrice !== undefined,
    itemType: b.filterItemType,
    order: b.orderType,
  };
}

export default async function itemRoutes(app: FastifyInstance) {
  defineRoute(app, '/nft/register', async ({ body, member }) => {
    const { itemIdx, tokenId } = await publishItem(app, member, body);
    return { returnCode: ReturnCode.Success, data: { productId: itemIdx, tokenId } };
  });

  defineRoute(app, '/nft/update', async ({ body, member }) => {
    await updateItem(app, member, body);
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/nft/delete', async ({ body, member }) => {
    const collectionIdx = await deleteItem(app, member, body.productId);
    return { returnCode: ReturnCode.Success, data: { collectionIdx } };
  });

  defineRoute(app, '/nft/hide', async ({ body, member }) => {
    await setItemHidden(app, member, body.productId, 1);
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/nft/hideCancel', async ({ body, member }) => {
    await setItemHidden(app, member, body.productId, 0);
    return { returnCode: ReturnCode.Success };
  });

  defineRoute(app, '/nft/unlock', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: { unlockedContent: await unlockItem(app, member, body.productId) },
  }));

  defineRoute(app, '/nft/detail', async ({ body, member, request }) => {
    const day = utcDay(app.now());
    return {
      returnCode: ReturnCode.Success,
      data: await itemDetail(app, body.productId, member, { viewerKey: viewerKey(member, request, day), day }),
    };
  });

  async function list(
    collectionIdx: number,
    hidden: 0 | 1,
    filters: ItemFilters,
    page: { pageNo: number; pageSize: number },
    viewer: AuthedMember | undefined,
  ) {
    const { list: rows, total } = await app.repos.items.list(collectionIdx, hidden, filters, page, viewer?.address);
    return {
      returnCode: ReturnCode.Success,
      list: rows.map((r) => toItemCard(r, viewer?.memberIdx)),
      page: pageOf(total, page.pageNo, page.pageSize),
    };
  }

  async function liveCollection(collectionIdx: number) {
    const c = await app.repos.collections.findById(collectionIdx);
    if (!c) throw new AppError(ReturnCode.CollectionNotFound);
    return c;
  }

  defineRoute(app, '/nft/info/list', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    const filters = filtersOf({ searchText: '', orderType: body.orderType }, app.now());
    return list(body.collectionIdx, 0, filters, body, member);
  });

  defineRoute(app, '/nft/info/collection/Item', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    return list(body.collectionIdx, 0, filtersOf(body, app.now()), body, member);
  });

  defineRoute(app, '/nft/info/collection/hideItem', async ({ body, member }) => {
    const c = await liveCollection(body.collectionIdx);
    if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
    return list(body.collectionIdx, 1, filtersOf(body, app.now()), body, member);
  });
}
