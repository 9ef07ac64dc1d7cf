/** An item card as the API sends it, from its row. */
import type { ItemCard } from '@att/shared';
import type { ItemCardRow } from './items-repository';

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
