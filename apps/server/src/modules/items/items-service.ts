/**
 * Item rules (spec 2 "Item card actions" and section 4):
 * - publish into an own, live collection (254/250), with this member's unused uploads (81), a thumbnail for
 *   video/audio (5), a known category (5);
 * - edit and delete only by the creator while they are the only owner of the whole edition (274), nothing on
 *   sale or reserved (273), never traded (282); delete also refused once minted (282); supply is read-only (5);
 * - hide/unhide by the creator (everywhere) or a holder (their own lists), else 274;
 * - unlockable content for holders only (274).
 * The edit/delete rule runs inside the repository's transaction, under the item's row lock.
 */
import {
  ReturnCode,
  type ItemCard,
  type ItemDetail,
  type itemRegisterRequest,
  type itemUpdateRequest,
} from '@att/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { NotFoundError, ThumbnailRequiredError, UploadNotFoundError } from '../../platform/db/domain-errors';
import type { ItemCardRow } from './items-repository';
import type { ItemState } from './item-state';
import { removeFiles } from '../../platform/storage/remove-files';
import { metadataUrl } from './metadata';
import { catalogRepo } from '../catalog';
import { itemsRepo } from './items-repository';
import { collectionsRepo } from '../collections';

type RegisterBody = z.output<typeof itemRegisterRequest>;
type UpdateBody = z.output<typeof itemUpdateRequest>;

function itemWriteError(err: unknown): never {
  if (err instanceof UploadNotFoundError) throw new AppError(ReturnCode.UploadFileNotFound, err.message);
  if (err instanceof ThumbnailRequiredError) throw new AppError(ReturnCode.ValidationFailed, err.message);
  if (err instanceof NotFoundError) {
    throw new AppError(err.entity === 'collection' ? ReturnCode.CollectionNotFound : ReturnCode.ProductNotFound);
  }
  throw err;
}

/** Why `memberIdx` may not edit the item, as a returnCode; null when the edit rules hold. */
export function editRefusal(s: ItemState, memberIdx: number | undefined): number | null {
  if (s.creatorIdx !== memberIdx) return ReturnCode.NotProductOwner;
  const onlyCreator =
    s.holders.length === 1 && s.holders[0]!.address === s.creatorAddress && s.holders[0]!.amount === s.totalSupply;
  if (!onlyCreator) return ReturnCode.NotProductOwner;
  if (s.tradeCount > 0 || s.lastPrice !== null) return ReturnCode.ItemAlreadyMinted;
  if (s.holders.some((h) => h.onSale > 0 || h.reserved > 0)) return ReturnCode.ItemOnSale;
  return null;
}

export function deleteRefusal(s: ItemState, memberIdx: number | undefined): number | null {
  return editRefusal(s, memberIdx) ?? (s.flagMint === 1 ? ReturnCode.ItemAlreadyMinted : null);
}

const refuse = (code: number | null) => {
  if (code !== null) throw new AppError(code as never);
};

async function knownCategory(app: FastifyInstance, category: number) {
  const categories = await catalogRepo(app.db).listCategories();
  if (!categories.some((c) => c.idx === category)) throw new AppError(ReturnCode.ValidationFailed, 'unknown category');
}

async function ownCollection(app: FastifyInstance, member: AuthedMember, collectionIdx: number) {
  const c = await collectionsRepo(app.db).findById(collectionIdx);
  if (!c) throw new AppError(ReturnCode.CollectionNotFound);
  if (c.memberIdx !== member.memberIdx) throw new AppError(ReturnCode.NotCollectionOwner);
}

export async function publishItem(app: FastifyInstance, member: AuthedMember, b: RegisterBody) {
  await ownCollection(app, member, b.collectionIdx);
  await knownCategory(app, b.category);
  return itemsRepo(app.db)
    .publish(
      {
        collectionIdx: b.collectionIdx,
        creatorIdx: member.memberIdx,
        creatorAddress: member.address,
        name: b.productName,
        description: b.productDesc,
        categoryIdx: b.category,
        unlockedContent: b.isExistUnlockedContent === 1 ? b.unlockedContent : null,
        fileName: b.fileName,
        thumbnailFileName: b.thumbnailFileName ?? null,
        totalSupply: b.totalSupply,
      },
      app.now(),
    )
    .catch(itemWriteError);
}

export async function updateItem(app: FastifyInstance, member: AuthedMember, b: UpdateBody): Promise<void> {
  await knownCategory(app, b.category);
  if (b.collectionIdx !== undefined) await ownCollection(app, member, b.collectionIdx);
  const now = app.now();
  const replaced = await itemsRepo(app.db)
    .withLockedItem(
      b.productId,
      (s) => {
        refuse(editRefusal(s, member.memberIdx));
        if (b.totalSupply !== undefined && b.totalSupply !== s.totalSupply) {
          throw new AppError(ReturnCode.ValidationFailed, 'totalSupply is read-only');
        }
      },
      async (s, trx) => {
        const keys = await itemsRepo(app.db).applyUpdate(
          trx,
          s,
          {
            name: b.productName,
            description: b.productDesc,
            categoryIdx: b.category,
            unlockedContent: b.isExistUnlockedContent === 1 ? b.unlockedContent : null,
            collectionIdx: b.collectionIdx ?? s.collectionIdx,
            fileName: b.fileName,
            thumbnailFileName: b.productThumbnailFileName,
            hideState: b.hideState,
          },
          now,
        );
        return keys;
      },
    )
    .catch(itemWriteError);
  await removeFiles(app, replaced);
}

export async function deleteItem(app: FastifyInstance, member: AuthedMember, productId: number): Promise<number> {
  return itemsRepo(app.db)
    .withLockedItem(
      productId,
      (s) => refuse(deleteRefusal(s, member.memberIdx)),
      async (s, trx) => {
        await itemsRepo(app.db).applyDelete(trx, s, app.now());
        return s.collectionIdx;
      },
    )
    .catch(itemWriteError);
}

export async function setItemHidden(app: FastifyInstance, member: AuthedMember, productId: number, hidden: 0 | 1) {
  const done = await itemsRepo(app.db).setHidden(productId, member, hidden, app.now());
  // Hidden by an operator from the report queue: the owner cannot show it again.
  if (done === 'operatorHidden') throw new AppError(ReturnCode.PreviousStateWrong);
  if (done) return;
  const item = await itemsRepo(app.db).find(productId);
  throw new AppError(item ? ReturnCode.NotProductOwner : ReturnCode.ProductNotFound);
}

export async function unlockItem(app: FastifyInstance, member: AuthedMember, productId: number): Promise<string> {
  const row = await itemsRepo(app.db).unlockedContent(productId, member.address);
  if (!row) throw new AppError(ReturnCode.ProductNotFound);
  if (row.amount <= 0) throw new AppError(ReturnCode.NotProductOwner);
  if (row.unlockedContent === null) throw new AppError(ReturnCode.NoData);
  return row.unlockedContent;
}

/** The card fields of a row; a holder who hid the item from their lists sees hideState 1. */
export function toItemCard(r: ItemCardRow, viewerIdx?: number): ItemCard {
  return {
    productId: r.productId,
    tokenId: r.tokenId,
    collectionIdx: r.collectionIdx,
    collectionName: r.collectionName,
    name: r.name,
    resourceType: r.resourceType,
    fileFormat: r.fileFormat,
    fileName: r.fileName,
    thumbnailFileName: r.thumbnailFileName,
    category: r.category,
    itemType: r.totalItemCount === 1 ? 2 : 1,
    totalItemCount: r.totalItemCount,
    ownerCount: r.ownerCount,
    countHeart: r.countHeart,
    countView: r.countView,
    hideState: viewerIdx !== undefined && viewerIdx !== r.creatorIdx ? r.hideStateMine : r.hideState,
    flagMint: r.flagMint,
    creatorId: r.creatorId,
    lastPrice: r.lastPrice,
    lastSymbol: r.lastSymbol,
    priceAmount: r.priceAmount,
    priceSymbol: r.priceSymbol,
    saleType: r.saleType,
    createDate: r.createdAt.toISOString(),
    itemCountMine: r.itemCountMine,
    itemCountOnSaleMine: r.itemCountOnSaleMine,
    itemCountReservedMine: r.itemCountReservedMine,
  };
}

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
