/**
 * The item form's rules (spec 2, section 5) are `checkItemForm` in @att/shared, which the server enforces too.
 * This module maps a failure to its field (the message shows under it, from `item:errors.<code>`).
 */
import { checkItemForm, type ItemFormError, ResourceType } from '@att/shared';
import type { MediaKind } from './media-check';

export interface ItemFormValues {
  /** The kind of the chosen (or, on edit, the stored) resource; null when there is none. */
  resourceKind: MediaKind | null;
  /** A thumbnail is chosen now or already stored. */
  hasThumbnail: boolean;
  name: string;
  description: string;
  /** categoryIdx, or -1 for none. */
  category: number;
  /** collectionIdx, or -1 for none. */
  collectionIdx: number;
  /** Digits only. */
  quantity: string;
  unlockableOn: boolean;
  unlockable: string;
}

export type ItemField = 'resource' | 'thumbnail' | 'name' | 'description' | 'category' | 'collection' | 'quantity' | 'unlockable';

const FIELD: Record<ItemFormError, ItemField> = {
  resourceRequired: 'resource',
  thumbnailRequired: 'thumbnail',
  nameRequired: 'name',
  nameTooLong: 'name',
  descTooLong: 'description',
  descTooManyLines: 'description',
  categoryRequired: 'category',
  collectionRequired: 'collection',
  quantityMin: 'quantity',
  quantityMax: 'quantity',
  unlockedContentRequired: 'unlockable',
  unlockedContentTooLong: 'unlockable',
};

/** The first failing rule and its field, or null. */
export function itemFormError(v: ItemFormValues) {
  const code = checkItemForm({
    hasResource: v.resourceKind !== null,
    resourceType: v.resourceKind === null ? null : v.resourceKind === 'image' ? ResourceType.Image : ResourceType.Media,
    hasThumbnail: v.hasThumbnail,
    productName: v.name,
    productDesc: v.description,
    category: v.category,
    collectionIdx: v.collectionIdx,
    totalSupply: /^\d+$/.test(v.quantity) ? Number(v.quantity) : 0,
    isExistUnlockedContent: v.unlockableOn ? 1 : 0,
    unlockedContent: v.unlockable,
  });
  return code ? { field: FIELD[code], code } : null;
}
