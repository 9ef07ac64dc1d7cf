/** Fixtures of the login tests: a member's /user/info, and another tab of the browser writing the session. */
import type { UserInfo } from '@att/shared';

export function memberInfo(address: string, id = 'alice_01'): UserInfo {
  return {
    id,
    memberIdx: 1,
    aboutMe: '',
    banner: null,
    profile: 'p.png',
    createDate: '2026-01-01',
    collectionCount: 0,
    email: 'a@b.co',
    erc20Address: address,
    flagItemSell: 1,
    flagBid: 1,
    flagAcceptOffer: 1,
    flagExpiredSell: 1,
    flagOverOffer: 1,
    flagMinOffer: 0,
    flagFloorMove: 1,
    flagEmail: 1,
    minOfferPriceKlay: '0',
    minOfferPriceAtt: '0',
  };
}

/** What the browser does when another tab writes the session: stores it, then fires `storage` here. */
export function otherTabStores(session: object | null, beforeEvent?: () => void) {
  const newValue = session === null ? null : JSON.stringify(session);
  if (newValue === null) localStorage.removeItem('att.session');
  else localStorage.setItem('att.session', newValue);
  beforeEvent?.();
  window.dispatchEvent(new StorageEvent('storage', { key: 'att.session', newValue, storageArea: localStorage }));
}
