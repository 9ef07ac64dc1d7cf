/** The demo items' traits: a background, a palette and a mood drawn with uneven weights (some values rare), and a level out of 10. */
import type { TraitInput } from '@att/shared';

const BACKGROUNDS = ['밤하늘', '노을', '새벽', '안개', '네온'] as const;
const PALETTES = ['Mono', 'Pastel', 'Vivid', 'Gold'] as const;
const MOODS = ['고요', '설렘', '몽환', '축제'] as const;
/** Weights of the values in order: the last values are the rare ones. */
const WEIGHTS = [40, 30, 15, 10, 5];

function weighted<T>(values: readonly T[], roll: number): T {
  const weights = WEIGHTS.slice(0, values.length);
  let at = roll * weights.reduce((a, b) => a + b, 0);
  for (const [n, w] of weights.entries()) {
    if (at < w) return values[n]!;
    at -= w;
  }
  return values.at(-1)!;
}

/** The traits of one demo item; `r` is the item's seeded random source. Every fourth item leaves out the mood. */
export function demoTraits(r: () => number, i: number): TraitInput[] {
  return [
    { traitType: '배경', value: weighted(BACKGROUNDS, r()) },
    { traitType: 'Palette', value: weighted(PALETTES, r()) },
    ...(i % 4 === 3 ? [] : [{ traitType: '분위기', value: weighted(MOODS, r()) }]),
    { traitType: 'Level', value: 1 + Math.floor(r() * 10), maxValue: 10 },
  ];
}
