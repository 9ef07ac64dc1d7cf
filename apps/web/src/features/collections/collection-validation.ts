/**
 * The collection form's rules (spec 2, section 5) are `checkCollectionForm` in @att/shared, which the server
 * enforces too. This module adds what only the form needs: which field a failure belongs to (its message shows
 * under that field, from `collection:errors.<code>`), and the royalty box's digits-only input.
 */
import { checkCollectionForm, type CollectionFormError } from '@att/shared';
import { digitsOnly } from '../../lib/digits';

export interface CollectionFormValues {
  name: string;
  description: string;
  /** Digits only (see `royaltyInput`). */
  royalty: string;
  /** A logo is chosen now (or, on update, already stored). */
  hasLogo: boolean;
}

export type CollectionField = 'logo' | 'name' | 'description' | 'royalty';

const FIELD: Record<CollectionFormError, CollectionField> = {
  logoRequired: 'logo',
  nameRequired: 'name',
  nameTooLong: 'name',
  descTooLong: 'description',
  royaltyInvalid: 'royalty',
  royaltyTooBig: 'royalty',
};

/** The first failing rule and its field, or null. */
export function collectionFormError(v: CollectionFormValues, mode: 'create' | 'update') {
  const code = checkCollectionForm(
    { collectionName: v.name, collectionDesc: v.description, royalty: v.royalty, hasLogo: v.hasLogo },
    mode === 'update',
  );
  return code ? { field: FIELD[code], code } : null;
}

/** What the royalty box keeps of a keystroke: digits, at most two of them (10 is the maximum). */
export function royaltyInput(raw: string): string {
  return digitsOnly(raw).slice(0, 2);
}
