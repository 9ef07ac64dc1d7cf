import { describe, expect, it } from 'vitest';
import { parseTab, profilePath, tabsFor } from './profile-route';

describe('profile routes', () => {
  it('defaults to MyItem and keeps the hidden, loyalty, referral and watchlist tabs for the owner', () => {
    expect(parseTab(undefined, false)).toBe('MyItem');
    expect(parseTab('Offers', false)).toBe('Offers');
    expect(parseTab('HiddenItem', false)).toBeNull();
    expect(parseTab('Loyalty', true)).toBe('Loyalty');
    expect(parseTab('Nope', true)).toBeNull();
    expect(tabsFor(false)).toEqual(['MyItem', 'TransactionHistory', 'Offers', 'Liked']);
    expect(parseTab('Referral', true)).toBe('Referral');
    expect(parseTab('Referral', false)).toBeNull();
    expect(parseTab('Watchlist', true)).toBe('Watchlist');
    expect(parseTab('Watchlist', false)).toBeNull();
    expect(tabsFor(true)).toHaveLength(8);
  });

  it('links the owner to /MyProfile and others to /Profile/{userId}', () => {
    expect(profilePath({ mine: true, userId: 'alice', tab: 'Loyalty', collectionIdx: 7 })).toBe('/MyProfile/Loyalty/7');
    expect(profilePath({ mine: false, userId: '김 철수', tab: 'Liked' })).toBe(
      '/Profile/%EA%B9%80%20%EC%B2%A0%EC%88%98/Liked',
    );
  });
});
