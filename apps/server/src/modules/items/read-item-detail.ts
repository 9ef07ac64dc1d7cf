/** Use case: the item page's data, with what the viewer may do (edit, delete) and the view counted. */
import { ReturnCode, type ItemDetail } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import type { ItemState } from './item-state';
import { itemsRepo } from './items-repository';
import { metadataUrl } from './metadata';
import { deleteRefusal, editRefusal } from './item-rules';
import { toItemCard } from './item-card';
import { itemTraitsRepo, traitValue } from './item-traits-repository';
import type { Uses } from '../../platform/deps';

/** The item page's data; counts the view once per viewer (`viewerKey`, see viewer-key.ts) and UTC day. */
export async function itemDetail(
  deps: Uses<'db' | 'config'>,
  productId: number,
  viewer: AuthedMember | undefined,
  view: { viewerKey: string; day: string },
): Promise<ItemDetail> {
  const r = await itemsRepo(deps.db).find(productId, viewer?.address);
  if (!r) throw new AppError(ReturnCode.ProductNotFound);
  const counted = await itemsRepo(deps.db).countView(productId, view.viewerKey, view.day);
  const likeState = viewer ? await itemsRepo(deps.db).likedBy(productId, viewer.memberIdx) : 0;
  const state: ItemState = await itemsRepo(deps.db).state(productId);
  const edit = editRefusal(state, viewer?.memberIdx);
  const traits = await itemTraitsRepo(deps.db).traitsOf(productId);
  const collectionItemCount = traits.length > 0 ? await itemTraitsRepo(deps.db).shownItemCount(r.collectionIdx) : 0;
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
    metadataUrl: metadataUrl(deps.config, r.tokenId),
    contractAddress: deps.config.contracts.items,
    likeState,
    traits: traits.map((t) => ({
      traitType: t.traitType,
      value: traitValue(t),
      maxValue: t.maxValue === null ? null : Number(t.maxValue),
      itemCount: t.itemCount,
    })),
    collectionItemCount,
  });
}
