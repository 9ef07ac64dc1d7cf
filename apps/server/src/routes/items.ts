/** Items: publish, edit, delete, hide/unhide, unlock, detail, and a collection's item lists. */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, isAppError } from '../errors';
import { createItemDetailRepository } from '../items/item-detail-repository';
import { defineRoute } from '../http/define-route';
import type { AuthedMember } from '../http/auth';
import { itemGrid, type FilterBody } from '../items/item-list-routes';
import { LIST_ORDER_KEYS } from '../items/item-query';
import {
  deleteItem,
  itemDetail,
  publishItem,
  setItemHidden,
  unlockItem,
  updateItem,
} from '../services/items-service';
import { utcDay, viewerKey } from '../social/viewer-key';

export default async function itemRoutes(app: FastifyInstance) {
  const { wasDeleted } = createItemDetailRepository(app.db);
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
    try {
      return {
        returnCode: ReturnCode.Success,
        data: await itemDetail(app, body.productId, member, { viewerKey: viewerKey(member, request, day), day }),
      };
    } catch (err) {
      if (isAppError(err) && err.returnCode === ReturnCode.ProductNotFound && (await wasDeleted(body.productId))) {
        return { returnCode: ReturnCode.ProductNotFound, deleteState: 1 as const };
      }
      throw err;
    }
  });

  const { cards } = itemGrid(app);
  async function list(collectionIdx: number, hidden: 0 | 1, body: FilterBody, viewer: AuthedMember | undefined) {
    const { list: rows, page } = await cards(body, { kind: 'collection', collectionIdx, hidden }, LIST_ORDER_KEYS, viewer);
    return { returnCode: ReturnCode.Success, list: rows, page };
  }

  async function liveCollection(collectionIdx: number) {
    const c = await app.repos.collections.findById(collectionIdx);
    if (!c) throw new AppError(ReturnCode.CollectionNotFound);
    return c;
  }

  defineRoute(app, '/nft/info/list', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    return list(body.collectionIdx, 0, body, member);
  });

  defineRoute(app, '/nft/info/collection/Item', async ({ body, member }) => {
    await liveCollection(body.collectionIdx);
    return list(body.collectionIdx, 0, body, member);
  });

  defineRoute(app, '/nft/info/collection/hideItem', async ({ body, member }) => {
    const c = await liveCollection(body.collectionIdx);
    if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
    return list(body.collectionIdx, 1, body, member);
  });
}
