import { describe, expect, it } from 'vitest';
import { checkInquiry, pageCountOf, pageGroup } from './support';

describe('checkInquiry', () => {
  it('checks title before message, with the spec limits in characters', () => {
    expect(checkInquiry('', '')).toBe('titleRequired');
    expect(checkInquiry('   ', 'x')).toBe('titleRequired');
    expect(checkInquiry('가'.repeat(101), 'x')).toBe('titleTooLong');
    expect(checkInquiry('가'.repeat(100), '')).toBe('messageRequired');
    expect(checkInquiry('t', '나'.repeat(1001))).toBe('messageTooLong');
    expect(checkInquiry('😀'.repeat(100), '나'.repeat(1000))).toBeNull();
  });
});

describe('pagination', () => {
  it('groups page links', () => {
    expect(pageGroup(1, 3, 10)).toEqual([1, 2, 3]);
    expect(pageGroup(12, 25, 10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageGroup(6, 7, 5)).toEqual([6, 7]);
    expect(pageGroup(99, 7, 5)).toEqual([6, 7]);
    expect(pageGroup(1, 0, 5)).toEqual([]);
  });

  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });
});
