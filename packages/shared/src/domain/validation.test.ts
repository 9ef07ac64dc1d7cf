import { describe, expect, it } from 'vitest';
import { weiSchema } from '../api/common';
import { checkUsername } from './validation';
import { MAX_UINT256 } from './constants';

describe('checkUsername', () => {
  it('allows Hangul syllables, Latin letters, digits, - and _', () => {
    expect(checkUsername('한글이름_1')).toBeNull();
    expect(checkUsername('demo-seller_01')).toBeNull();
  });

  it('refuses standalone jamo (ㅣ passes for l) and other characters', () => {
    expect(checkUsername('demo_seㅣㅣer')).toBe('characters');
    expect(checkUsername('ㄱㄴㄷㄹㅁ')).toBe('characters');
    expect(checkUsername('demo seller')).toBe('characters');
    expect(checkUsername('ｄｅｍｏ_ｓｅｌｌｅｒ')).toBe('characters');
  });
});

describe('weiSchema', () => {
  it('takes integer wei up to 2^256 - 1', () => {
    expect(weiSchema.safeParse('0').success).toBe(true);
    expect(weiSchema.safeParse(MAX_UINT256.toString()).success).toBe(true);
    expect(weiSchema.safeParse((MAX_UINT256 + 1n).toString()).success).toBe(false);
    expect(weiSchema.safeParse('9'.repeat(78)).success).toBe(false);
    expect(weiSchema.safeParse('1.5').success).toBe(false);
    expect(weiSchema.safeParse('-1').success).toBe(false);
  });
});
