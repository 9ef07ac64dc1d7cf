import { describe, expect, it } from 'vitest';
import { newRow, rowsOf, type TraitRow, traitsOf } from './trait-rows';

const row = (patch: Partial<TraitRow>): TraitRow => ({ ...newRow(), ...patch });

describe('the traits editor rows', () => {
  it('turn into the API traits: text trimmed, numbers as numbers with an optional maximum', () => {
    const rows = [
      row({ traitType: ' 배경 ', value: '파랑' }),
      row({ traitType: 'Level', kind: 'number', value: '5', maxValue: '10' }),
      row({ traitType: 'Speed', kind: 'number', value: '-1.5' }),
    ];
    expect(traitsOf(rows)).toEqual({
      traits: [
        { traitType: '배경', value: '파랑' },
        { traitType: 'Level', value: 5, maxValue: 10 },
        { traitType: 'Speed', value: -1.5 },
      ],
      errors: {},
    });
  });

  it("name each row's first problem by its key, duplicates after the first", () => {
    const rows = [
      row({ traitType: '', value: 'x' }),
      row({ traitType: 'a'.repeat(51), value: 'x' }),
      row({ traitType: 'v', value: ' ' }),
      row({ traitType: 'w', value: 'y'.repeat(101) }),
      row({ traitType: 'n', kind: 'number', value: '1e5' }),
      row({ traitType: 'm', kind: 'number', value: '5', maxValue: '4' }),
      row({ traitType: 'Hat', value: 'a' }),
      row({ traitType: ' hat', value: 'b' }),
    ];
    const { errors } = traitsOf(rows);
    expect(rows.map((r) => errors[r.key] ?? null)).toEqual([
      'typeEmpty',
      'typeLong',
      'valueEmpty',
      'valueLong',
      'number',
      'maxBelow',
      null,
      'duplicate',
    ]);
  });

  it("fill the editor from an item's stored traits", () => {
    const rows = rowsOf([
      { traitType: 'Level', value: 5, maxValue: 10, itemCount: 1 },
      { traitType: '배경', value: '파랑', maxValue: null, itemCount: 3 },
    ]);
    expect(rows.map(({ key: _, ...r }) => r)).toEqual([
      { traitType: 'Level', kind: 'number', value: '5', maxValue: '10' },
      { traitType: '배경', kind: 'text', value: '파랑', maxValue: '' },
    ]);
  });
});
