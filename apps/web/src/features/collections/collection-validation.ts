/**
 * The collection form's rules (spec 2, section 5) are `checkCollectionForm` in @att/shared, which the server
 * enforces too. This module adds what only the form needs: every failing field at once (each message shows
 * under its field, from `collection:errors.<code>`), and the royalty box's digits-only input.
 */
import { checkCollectionForm, type CollectionForm, type CollectionFormError } from '@att/shared';
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

/** A collection that passes every rule: each field is checked alone against it. */
const VALID: CollectionForm = { collectionName: 'x', collectionDesc: '', royalty: '0', hasLogo: true };

/**
 * Every failing field with its rule (empty when the form is valid), so the form shows them all at once. The
 * shared check stops at the first failure; run on one field at a time (the others valid) it names each field's.
 */
export type CollectionFormErrors = Partial<Record<CollectionField, CollectionFormError>>;

export function collectionFormErrors(v: CollectionFormValues, mode: 'create' | 'update'): CollectionFormErrors {
  const alone: Record<CollectionField, Partial<CollectionForm>> = {
    logo: { hasLogo: v.hasLogo },
    name: { collectionName: v.name },
    description: { collectionDesc: v.description },
    royalty: { royalty: v.royalty },
  };
  const errors: CollectionFormErrors = {};
  for (const [field, part] of Object.entries(alone) as [CollectionField, Partial<CollectionForm>][]) {
    const code = checkCollectionForm({ ...VALID, ...part }, mode === 'update');
    if (code && FIELD[code] === field) errors[field] = code;
  }
  return errors;
}

/** What the royalty box keeps of a keystroke: digits, at most two of them (10 is the maximum). */
export function royaltyInput(raw: string): string {
  return digitsOnly(raw).slice(0, 2);
}
