import { describe, expect, it } from 'vitest';
import { emptyTip, englishStarted, tipEntryBody } from './tip-entry';

describe('tip entry form', () => {
  it('sends the Korean tip alone when no English is typed', () => {
    expect(
      tipEntryBody({ ...emptyTip, title: ' 지갑 ', detail: '설치', titleEn: '  ', connectUrl: 'https://a.example/ ' }),
    ).toEqual({
      title: '지갑',
      detail: '설치',
      connectUrl: 'https://a.example/',
    });
  });

  it('sends the English pair trimmed; once one half is typed the other is required', () => {
    const full = {
      ...emptyTip,
      title: '지갑',
      detail: '설치',
      titleEn: ' Wallet ',
      detailEn: 'Install ',
      connectUrl: 'https://a.example/',
    };
    expect(tipEntryBody(full)).toMatchObject({ titleEn: 'Wallet', detailEn: 'Install' });
    expect(englishStarted({ ...emptyTip, detailEn: 'x' })).toBe(true);
    expect(englishStarted(emptyTip)).toBe(false);
  });
});
