/** Items: publish, edit, delete, hide/unhide, unlock, detail. */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { isAppError } from '../../platform/http/app-error';
import { createItemDetailRepository } from './item-detail-repository';
import { defineRoute } from '../../platform/http/define-route';
import { deleteItem } from './delete-item';
import { setItemHidden } from './hide-item';
import { publishItem } from './publish-item';
import { itemDetail } from './read-item-detail';
import { unlockItem } from './unlock-item';
import { updateItem } from './update-item';
import { utcDay, viewerKey } from './viewer-key';

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
}
