/**
 * The item form's rules (spec 2, section 5). Each failure is a key of `item:errors`.
 * Resource required; thumbnail required for a non-image resource; name 1-45; description at most 1000
 * characters and 5 lines; category required; collection required; quantity digits only, at least 1;
 * unlockable content (behind its toggle) required when the toggle is on, at most 1000.
 */
import type { MediaKind } from './media-check';
import { charCount } from '../collections/collection-validation';

export const ITEM_NAME_MAX = 45;
export const ITEM_DESCRIPTION_MAX = 1000;
export const ITEM_DESCRIPTION_MAX_LINES = 5;
export const UNLOCKABLE_MAX = 1000;

export interface ItemFormValues {
  /** The kind of the chosen (or, on edit, the current) resource; null when there is none. */
  resourceKind: MediaKind | null;
  /** A thumbnail is chosen now or already stored. */
  hasThumbnail: boolean;
  name: string;
  description: string;
  /** The category code, or '' for none. */
  category: string;
  collectionIdx: number | null;
  /** Digits only. */
  quantity: string;
  unlockableOn: boolean;
  unlockable: string;
}

export type ItemErrorKey =
  | 'resourceRequired'
  | 'thumbnailRequired'
  | 'nameRequired'
  | 'nameTooLong'
  | 'descriptionTooLong'
  | 'descriptionTooManyLines'
  | 'categoryRequired'
  | 'collectionRequired'
  | 'quantityMin'
  | 'unlockableRequired'
  | 'unlockableTooLong';
export type ItemField = 'resource' | 'thumbnail' | 'name' | 'description' | 'category' | 'collection' | 'quantity' | 'unlockable';
export type ItemErrors = Partial<Record<ItemField, ItemErrorKey>>;

export const lineCount = (s: string) => (s === '' ? 0 : s.split(/\r\n|\r|\n/).length);

export function validateItem(v: ItemFormValues): ItemErrors {
  const errors: ItemErrors = {};
  if (!v.resourceKind) errors.resource = 'resourceRequired';
  else if (v.resourceKind !== 'image' && !v.hasThumbnail) errors.thumbnail = 'thumbnailRequired';
  const name = v.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (charCount(name) > ITEM_NAME_MAX) errors.name = 'nameTooLong';
  if (charCount(v.description) > ITEM_DESCRIPTION_MAX) errors.description = 'descriptionTooLong';
  else if (lineCount(v.description) > ITEM_DESCRIPTION_MAX_LINES) errors.description = 'descriptionTooManyLines';
  if (!v.category || v.category === '-1') errors.category = 'categoryRequired';
  if (v.collectionIdx === null || v.collectionIdx < 1) errors.collection = 'collectionRequired';
  if (!/^\d+$/.test(v.quantity) || Number(v.quantity) < 1) errors.quantity = 'quantityMin';
  if (v.unlockableOn) {
    if (!v.unlockable.trim()) errors.unlockable = 'unlockableRequired';
    else if (charCount(v.unlockable) > UNLOCKABLE_MAX) errors.unlockable = 'unlockableTooLong';
  }
  return errors;
}

/** itemType from the quantity: 1 piece is a single item (2), more is a multi-edition item (1). */
export const itemTypeFor = (quantity: number) => (quantity === 1 ? 2 : 1);
