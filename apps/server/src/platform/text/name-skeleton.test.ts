import { describe, expect, it } from 'vitest';
import { nameKey, skeleton } from './name-skeleton';

describe('name skeleton (Unicode TS #39)', () => {
  it('maps the confusable Latin letters and digits to their prototypes', () => {
    expect(skeleton('demo_seIIer')).toBe(skeleton('demo_seller'));
    expect(nameKey('demo_se11er')).toBe(nameKey('demo_seller'));
    expect(nameKey('m0rn1ng')).toBe(nameKey('rnOrnlng'));
    expect(nameKey('Demo_Seller')).toBe(nameKey('demo_seller'));
    expect(nameKey('MOON')).toBe(nameKey('rnoon'));
  });

  it('keeps names that only differ by look-unlike characters apart', () => {
    expect(nameKey('demo_seller')).not.toBe(nameKey('demo-seller'));
    expect(nameKey('alice')).not.toBe(nameKey('alize'));
    expect(nameKey('한글이름')).not.toBe(nameKey('한글이룸'));
  });

  it('decomposes Hangul syllables and maps look-alike jamo sequences', () => {
    // 까 (ᄁ + ᅡ) looks like ᄀᄀ + ᅡ; the skeleton of a syllable is its decomposed prototype.
    expect(skeleton('까')).toBe('\u1100\u1100\u1161');
    expect(nameKey('가나다라마')).toBe(nameKey('가나다라마'));
    expect(skeleton('이')).toBe('\u110B\u4E28');
  });
});
