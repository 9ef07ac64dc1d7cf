import { describe, expect, it } from 'vitest';
import { chipsOf, emptyFilters, removeChip, requestFields, toggleTrait } from './browse-filters';
import { filtersFromParams, filtersToParams } from './filter-params';

const defaults = emptyFilters(1);

describe('the trait filter', () => {
  it('chooses values per type (any within a type) and drops a type left without values', () => {
    let traits = toggleTrait([], '배경', '파랑');
    traits = toggleTrait(traits, '배경', 'Red');
    traits = toggleTrait(traits, 'Hat', 'Cap');
    expect(traits).toEqual([
      { traitType: '배경', values: ['파랑', 'Red'] },
      { traitType: 'Hat', values: ['Cap'] },
    ]);
    expect(toggleTrait(traits, 'Hat', 'Cap')).toEqual([{ traitType: '배경', values: ['파랑', 'Red'] }]);
    const f = { ...defaults, traits };
    expect(requestFields(f).traits).toEqual(traits);
    expect(requestFields(defaults)).not.toHaveProperty('traits');
    const chips = chipsOf(f).filter((c) => c.kind === 'trait');
    expect(chips.map((c) => c.key)).toEqual(['trait-배경-파랑', 'trait-배경-Red', 'trait-Hat-Cap']);
    expect(removeChip(f, chips[2]!).traits).toEqual([{ traitType: '배경', values: ['파랑', 'Red'] }]);
  });

  it('round-trips through the query string, colons and all; malformed entries are left out', () => {
    const f = {
      ...defaults,
      traits: [
        { traitType: 'Time: of day', values: ['Dusk: late', '5'] },
        { traitType: '배경', values: ['파랑'] },
      ],
    };
    const p = filtersToParams(f, defaults);
    expect(p.getAll('trait')).toEqual([
      'Time%3A%20of%20day:Dusk%3A%20late',
      'Time%3A%20of%20day:5',
      '%EB%B0%B0%EA%B2%BD:%ED%8C%8C%EB%9E%91',
    ]);
    expect(filtersFromParams(new URLSearchParams(p.toString()), defaults, [1, 2, 3, 4])).toEqual(f);
    const bad = new URLSearchParams('trait=a&trait=%E0%A4%A:x&trait=a:b:c&trait=Hat:Cap&trait=Hat:Cap');
    expect(filtersFromParams(bad, defaults, [1]).traits).toEqual([{ traitType: 'Hat', values: ['Cap'] }]);
    expect(filtersFromParams(new URLSearchParams(''), defaults, [1])).not.toHaveProperty('traits');
  });
});
