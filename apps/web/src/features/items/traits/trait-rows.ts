/**
 * The item form's traits as the editor holds them (rows of text inputs) and as the API takes them (`TraitInput`),
 * with the shared rules (`checkTrait`, `duplicateTraitIndex`) naming each row's first problem.
 */
import {
  checkTrait,
  duplicateTraitIndex,
  type ItemTrait,
  type TraitCheck,
  type TraitInput,
  TRAITS_MAX,
} from '@att/shared';

export interface TraitRow {
  /** Stable per row (React key, focus after add/remove). */
  key: number;
  traitType: string;
  kind: 'text' | 'number';
  value: string;
  /** Numbers only; empty for none. */
  maxValue: string;
}

let nextKey = 1;
export const newRow = (): TraitRow => ({ key: nextKey++, traitType: '', kind: 'text', value: '', maxValue: '' });

/** The editor's rows of an item's stored traits. */
export function rowsOf(traits: readonly ItemTrait[] | undefined): TraitRow[] {
  return (traits ?? []).map((t) => ({
    key: nextKey++,
    traitType: t.traitType,
    kind: typeof t.value === 'number' ? 'number' : 'text',
    value: String(t.value),
    maxValue: t.maxValue === null ? '' : String(t.maxValue),
  }));
}

const NUMBER = /^-?\d{1,16}(\.\d{1,10})?$/;

/** The API's traits of the rows, and each failing row's first problem (by row key). */
export function traitsOf(rows: readonly TraitRow[]): { traits: TraitInput[]; errors: Record<number, TraitCheck> } {
  const errors: Record<number, TraitCheck> = {};
  const traits: TraitInput[] = [];
  for (const r of rows.slice(0, TRAITS_MAX)) {
    let t: TraitInput;
    if (r.kind === 'number') {
      const value = r.value.trim();
      const max = r.maxValue.trim();
      if (!NUMBER.test(value) || (max !== '' && !NUMBER.test(max))) {
        errors[r.key] = r.traitType.trim() === '' ? 'typeEmpty' : 'number';
        traits.push({ traitType: r.traitType, value: 0 });
        continue;
      }
      t = { traitType: r.traitType, value: Number(value), ...(max === '' ? {} : { maxValue: Number(max) }) };
    } else t = { traitType: r.traitType, value: r.value };
    const problem = checkTrait(t);
    if (problem) errors[r.key] = problem;
    traits.push(t);
  }
  // Every row repeating an earlier row's type.
  for (let i = 1; i < traits.length; i++)
    if (duplicateTraitIndex(traits.slice(0, i + 1)) === i) errors[rows[i]!.key] ??= 'duplicate';
  return { traits: traits.map((t) => ({ ...t, traitType: t.traitType.trim() })), errors };
}
