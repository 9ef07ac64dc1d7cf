import { describe, expect, it } from 'vitest';
import { offsetOf } from './paginate';

describe('offsetOf', () => {
  it('skips the rows of the pages before the page', () => {
    expect(offsetOf({ pageNo: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ pageNo: 2, pageSize: 20 })).toBe(20);
    expect(offsetOf({ pageNo: 5, pageSize: 12 })).toBe(48);
  });
});
