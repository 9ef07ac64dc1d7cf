/** Use case: the item page's data, with what the viewer may do (edit, delete) and the view counted. */
import { ReturnCode, type ItemDetail } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import type { ItemState } from './item-state';
import { itemsRepo } from './items-repository';
import { metadataUrl } from './metadata';
import { deleteRefusal, editRefusal } from './item-rules';
import { toItemCard } from './item-card';

/** The item page's data; counts the view once per viewer (`viewerKey`, see viewer-key.ts) and UTC day. */
export async function itemDetail(
  app: FastifyInstance,
  productId: number,
  viewer: AuthedMember | undefined,
  view: { viewerKey: string; day: string },
): Promise<ItemDetail> {
  const r = await itemsRepo(app.db).find(productId, viewer?.address);
  if (!r) throw new AppError(ReturnCode.ProductNotFound);
  const counted = await itemsRepo(app.db).countView(productId, view.viewerKey, view.day);
  const likeState = viewer ? await itemsRepo(app.db).likedBy(productId, viewer.memberIdx) : 0;
  const state: ItemState = await itemsRepo(app.db).state(productId);
  const edit = editRefusal(state, viewer?.memberIdx);
  // Added to the card object (not `{ ...card }`, which gives each reply its own hidden class; see toMarketItem).
  return Object.assign(toItemCard(r, viewer?.memberIdx), {
    countView: counted ?? r.countView,
    description: r.description,
    collectionLogo: r.collectionLogo,
    creatorIdx: r.creatorIdx,
    creatorAddress: r.creatorAddress,
    creatorFileName: r.creatorFileName,
    royalty: r.royaltyBps / 100,
    isExistUnlockedContent: r.unlockedContent === null ? 0 : 1,
    onSaleCount: r.onSaleCount,
    reservedCount: r.reservedCount,
    editable: edit === null,
    deletable: edit === null && deleteRefusal(state, viewer?.memberIdx) === null,
    metadataUrl: metadataUrl(app.config, r.tokenId),
    contractAddress: app.config.contracts.items,
    likeState,
  });
}
