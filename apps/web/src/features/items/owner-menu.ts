/**
 * The item card's owner menu (spec 2, "Item card actions"). Shown only to an owner (a member holding pieces).
 * - sell: the owner holds pieces neither on sale nor reserved;
 * - transfer: owned minus on sale is above 0;
 * - edit: exactly one owner, no last sale price, nothing on sale or reserved;
 * - hideState 1 offers unhide, otherwise hide.
 */
import { HideState } from '@att/shared';

export interface OwnedItemCounts {
  itemCountMine: number;
  itemCountOnSaleMine: number;
  itemCountReservedMine: number;
  ownerCount: number;
  /** The last sale price in wei, or null/'' when the item never sold. */
  lastPrice: string | null | undefined;
  hideState: number;
}

export interface OwnerMenu {
  sell: boolean;
  transfer: boolean;
  edit: boolean;
  hide: 'hide' | 'unhide';
}

const neverSold = (price: string | null | undefined) => !price || /^0*$/.test(price);

/** The owner menu of an item, or null when the viewer owns none of it (the menu is not shown). */
export function ownerMenu(item: OwnedItemCounts): OwnerMenu | null {
  if (!(item.itemCountMine > 0)) return null;
  const free = item.itemCountMine - item.itemCountOnSaleMine - item.itemCountReservedMine;
  return {
    sell: free > 0,
    transfer: item.itemCountMine - item.itemCountOnSaleMine > 0,
    edit:
      item.ownerCount === 1 &&
      neverSold(item.lastPrice) &&
      item.itemCountOnSaleMine === 0 &&
      item.itemCountReservedMine === 0,
    hide: item.hideState === HideState.Hidden ? 'unhide' : 'hide',
  };
}
