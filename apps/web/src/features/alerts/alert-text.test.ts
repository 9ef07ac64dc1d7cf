/** Every alert type a member can be shown has its words in both languages, and each says what its recipient lived. */
import { ALERT_TYPES, AlertType } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { en, ko } from '../../i18n/resources';
import { alertActionKey, alertTextKey } from './alert-text';

const textOf = (cat: typeof ko, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], cat.common);

describe('alert texts', () => {
  it('has a text for every alert type but the correction, in Korean and English', () => {
    for (const type of ALERT_TYPES.filter((t) => t !== AlertType.Correction)) {
      for (const cat of [ko, en]) expect(typeof textOf(cat, alertTextKey(type)), `${type}`).toBe('string');
    }
  });

  it("tells an outbid bidder they were outbid, not the seller's words, and offers to bid again", () => {
    expect(textOf(ko, alertTextKey(AlertType.Outbid))).not.toBe(textOf(ko, alertTextKey(AlertType.Bid)));
    expect(textOf(en, alertTextKey(AlertType.Outbid))).toBe('Your bid has been outbid.');
    expect(textOf(ko, alertActionKey(AlertType.Outbid))).toBe('다시 입찰하기');
    expect(alertActionKey(AlertType.Bid)).toBe('alert.view');
    expect(alertActionKey(AlertType.InquiryAnswered)).toBe('alert.viewInquiry');
  });
});
