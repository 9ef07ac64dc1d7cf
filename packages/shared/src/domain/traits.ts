/**
 * Item traits (the OpenSea metadata standard's `attributes`): up to TRAITS_MAX pairs of a type and a value, the
 * value a text or a number (with an optional maximum). The server answers 5 to a body that breaks a limit; the web
 * form shows `itemForm.traits.<code>` for the same checks.
 */

export const TRAITS_MAX = 20;
export const TRAIT_TYPE_MAX = 50;
export const TRAIT_VALUE_MAX = 100;
/** A number value or maximum lies within ±TRAIT_NUMBER_LIMIT (so its text is exact in JSON and numeric). */
export const TRAIT_NUMBER_LIMIT = 1e15;
/** At most this many values of one type in a filter. */
export const TRAIT_FILTER_VALUES_MAX = 50;

export interface TraitInput {
  traitType: string;
  value: string | number;
  maxValue?: number;
}

export type TraitCheck = 'typeEmpty' | 'typeLong' | 'valueEmpty' | 'valueLong' | 'number' | 'maxBelow' | 'duplicate';

const chars = (s: string) => [...s].length;
const inRange = (n: number) => Number.isFinite(n) && Math.abs(n) <= TRAIT_NUMBER_LIMIT;

/** The first rule a trait breaks, or null. */
export function checkTrait(t: TraitInput): TraitCheck | null {
  const type = t.traitType.trim();
  if (type.length === 0) return 'typeEmpty';
  if (chars(type) > TRAIT_TYPE_MAX) return 'typeLong';
  if (typeof t.value === 'string') {
    if (t.value.trim().length === 0) return 'valueEmpty';
    if (chars(t.value.trim()) > TRAIT_VALUE_MAX) return 'valueLong';
    if (t.maxValue !== undefined) return 'number';
    return null;
  }
  if (!inRange(t.value)) return 'number';
  if (t.maxValue !== undefined) {
    if (!inRange(t.maxValue)) return 'number';
    if (t.maxValue < t.value) return 'maxBelow';
  }
  return null;
}

/** Index of the first trait whose type repeats an earlier one (case-insensitive, trimmed), or -1. */
export function duplicateTraitIndex(traits: readonly TraitInput[]): number {
  const seen = new Set<string>();
  for (const [i, t] of traits.entries()) {
    const key = t.traitType.trim().toLowerCase();
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

/** A value as stored and filtered: the trimmed text, or the number's shortest decimal text. */
export const traitValueText = (value: string | number): string =>
  typeof value === 'number' ? String(value) : value.trim();
