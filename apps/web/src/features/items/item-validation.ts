/**
 * The item form's rules (spec 2, section 5) are `checkItemForm` in @att/shared, which the server enforces too.
 * This module names every failing field at once (each message shows under its field, from `item:errors.<code>`).
 */
import { checkItemForm, type ItemForm, type ItemFormError, ResourceType } from '@att/shared';
import type { MediaKind } from './media-check';

/** The item form's typed fields, as the form holds them. */
export interface ItemFieldValues {
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

export interface ItemFormValues extends ItemFieldValues {
  /** The kind of the chosen (or, on edit, the stored) resource; null when there is none. */
  resourceKind: MediaKind | null;
  /** A thumbnail is chosen now or already stored. */
  hasThumbnail: boolean;
}

export type ItemField =
  'resource' | 'thumbnail' | 'name' | 'description' | 'category' | 'collection' | 'quantity' | 'unlockable';

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

/** An item that passes every rule: each field is checked alone against it. */
const VALID: ItemForm = {
  hasResource: true,
  resourceType: ResourceType.Image,
  hasThumbnail: true,
  productName: 'x',
  productDesc: '',
  category: 1,
  collectionIdx: 1,
  totalSupply: 1,
  isExistUnlockedContent: 0,
  unlockedContent: '',
};

/**
 * Every failing field with its rule (empty when the form is valid), so the form shows them all at once. The
 * shared check stops at the first failure; run on one field at a time (the others valid) it names each field's.
 */
export type ItemFormErrors = Partial<Record<ItemField, ItemFormError>>;

export function itemFormErrors(v: ItemFormValues): ItemFormErrors {
  const resourceType =
    v.resourceKind === null ? null : v.resourceKind === 'image' ? ResourceType.Image : ResourceType.Media;
  const alone: Record<ItemField, Partial<ItemForm>> = {
    resource: { hasResource: v.resourceKind !== null, resourceType },
    // A thumbnail is needed only beside a video or audio resource.
    thumbnail: { resourceType, hasThumbnail: v.hasThumbnail },
    name: { productName: v.name },
    description: { productDesc: v.description },
    category: { category: v.category },
    collection: { collectionIdx: v.collectionIdx },
    quantity: { totalSupply: /^\d+$/.test(v.quantity) ? Number(v.quantity) : 0 },
    unlockable: { isExistUnlockedContent: v.unlockableOn ? 1 : 0, unlockedContent: v.unlockable },
  };
  const errors: ItemFormErrors = {};
  for (const [field, part] of Object.entries(alone) as [ItemField, Partial<ItemForm>][]) {
    const code = checkItemForm({ ...VALID, ...part });
    if (code && FIELD[code] === field) errors[field] = code;
  }
  return errors;
}
