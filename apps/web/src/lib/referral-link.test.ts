import { beforeEach, describe, expect, it } from 'vitest';
import { captureReferral, clearReferral, storedReferral, withReferral } from './referral-link';

describe('referral links', () => {
  beforeEach(() => clearReferral());

  it("adds the sharer's code to a link, and nothing without one", () => {
    expect(withReferral('https://m.example/Profile/%EA%B9%80', '김철수')).toBe(
      'https://m.example/Profile/%EA%B9%80?ref=%EA%B9%80%EC%B2%A0%EC%88%98',
    );
    expect(withReferral('https://m.example/NftInfo/3?x=1', 'alice')).toBe('https://m.example/NftInfo/3?x=1&ref=alice');
    expect(withReferral('https://m.example/NftInfo/3', null)).toBe('https://m.example/NftInfo/3');
  });

  it('keeps the latest code it arrived with until the sign-up forgets it; ignores empty and oversized codes', () => {
    captureReferral('?ref=alice');
    captureReferral('?x=1');
    captureReferral('?ref=');
    captureReferral(`?ref=${'a'.repeat(65)}`);
    expect(storedReferral()).toBe('alice');
    captureReferral('?ref=%EA%B9%80%EC%B2%A0%EC%88%98');
    expect(storedReferral()).toBe('김철수');
    clearReferral();
    expect(storedReferral()).toBeUndefined();
  });
});
