/**
 * The collection form's rules (spec 2, section 5). Each failure is a key of `collection:errors`, so the Korean
 * text and its English twin live only in the catalogues.
 * Create: logo required; name required, at most 100; description at most 1000; royalty digits only, 0-10 %.
 * Update: the same, with the logo optional (the current one stays).
 */
import { digitsOnly } from '../../lib/digits';

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 1000;
export const ROYALTY_MAX_PERCENT = 10;
export const COLLECTION_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface CollectionFormValues {
  name: string;
  description: string;
  /** Digits only (see `royaltyInput`). */
  royalty: string;
  /** A newly chosen logo, or null. */
  logo: File | Blob | null;
}

export type CollectionErrorKey = 'logoRequired' | 'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'royaltyTooBig';
export type CollectionErrors = Partial<Record<'logo' | 'name' | 'description' | 'royalty', CollectionErrorKey>>;

/** Characters as the member sees them (a Korean syllable or an emoji counts once). */
export const charCount = (s: string) => [...s].length;

/** What the royalty box keeps of a keystroke: digits, at most two of them (10 is the maximum). */
export function royaltyInput(raw: string): string {
  return digitsOnly(raw).slice(0, 2);
}

export function validateCollection(v: CollectionFormValues, mode: 'create' | 'update'): CollectionErrors {
  const errors: CollectionErrors = {};
  if (mode === 'create' && !v.logo) errors.logo = 'logoRequired';
  const name = v.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (charCount(name) > COLLECTION_NAME_MAX) errors.name = 'nameTooLong';
  if (charCount(v.description) > COLLECTION_DESCRIPTION_MAX) errors.description = 'descriptionTooLong';
  const royalty = v.royalty === '' ? 0 : Number(v.royalty);
  if (!/^\d*$/.test(v.royalty) || royalty > ROYALTY_MAX_PERCENT) errors.royalty = 'royaltyTooBig';
  return errors;
}

export const hasErrors = (e: object) => Object.keys(e).length > 0;
