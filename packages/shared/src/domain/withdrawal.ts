/**
 * Withdrawal ("회원 탈퇴"): what must end before a member may leave, each with its text and where it is ended; the
 * name a former member shows under; and how long a withdrawn wallet waits before it may sign up again (code 46).
 * The personal data is destroyed at once; trades, items and collections stay (they are public on chain) and show
 * the address with FORMER_MEMBER_LABEL instead of the name.
 */

/** What must end before a withdrawal, in the order the list shows them. */
export const WITHDRAWAL_OBLIGATIONS = [
  'live-listings',
  'running-auctions',
  'top-bids',
  'open-offers',
  'reservations',
  'withdrawable-balances',
  'unpaid-referral-rewards',
] as const;
export type WithdrawalObligation = (typeof WITHDRAWAL_OBLIGATIONS)[number];

/** Each obligation's text in both languages and the page where the member ends or collects it. */
export const WITHDRAWAL_OBLIGATION_TEXT: Readonly<
  Record<WithdrawalObligation, { ko: string; en: string; path: string }>
> = {
  'live-listings': { ko: '판매 중인 아이템', en: 'Items on sale', path: '/MyProfile/MyItem' },
  'running-auctions': { ko: '진행 중인 경매', en: 'Running auctions', path: '/MyProfile/MyItem' },
  'top-bids': { ko: '최고 입찰 중인 경매', en: 'Auctions you lead as top bidder', path: '/MyProfile/Offers' },
  'open-offers': { ko: '진행 중인 가격 제안', en: 'Open offers', path: '/MyProfile/Offers' },
  reservations: { ko: '결제 대기 중인 구매', en: 'Purchases awaiting payment', path: '/MyProfile/MyItem' },
  'withdrawable-balances': { ko: '출금 가능한 잔액', en: 'Balances to withdraw', path: '/MyProfile/Offers' },
  'unpaid-referral-rewards': {
    ko: '지급 기준(0.005)을 넘는 지급 전 추천 보상',
    en: 'Referral rewards above the payout minimum (0.005) not yet paid',
    path: '/MyProfile/Referral',
  },
};

/** One refusal line: which obligation, how many are open, its texts and its page. */
export interface WithdrawalObligationLine {
  kind: WithdrawalObligation;
  count: number;
  ko: string;
  en: string;
  path: string;
}

/** How a former member is shown where their name was. */
export const FORMER_MEMBER_LABEL = { ko: '탈퇴한 회원', en: 'Former member' } as const;

/**
 * The user name every withdrawn member's row holds instead of their own (which is destroyed): one marker for all,
 * stored as it is and answered as it is by every route that joins member names (no reply is rewritten), which the
 * web shows as FORMER_MEMBER_LABEL. `~` is outside the user-name characters, so no sign-up can take it; the name
 * indexes leave deleted rows out and name look-ups ask for active members, so a former member never matches one.
 */
export const FORMER_MEMBER_NAME = '~former';
/** Whether a name in a reply is a former member's. */
export const isFormerMemberName = (name: string | null | undefined): boolean => name === FORMER_MEMBER_NAME;

/** A withdrawn wallet may sign up again after this many days; before, sign-up answers 46. */
export const RESIGNUP_AFTER_WITHDRAWAL_DAYS = 30;
export const RESIGNUP_AFTER_WITHDRAWAL_MS = RESIGNUP_AFTER_WITHDRAWAL_DAYS * 24 * 60 * 60 * 1000;

/** A member who has not signed in for this many days has their personal data kept apart (privacy policy). */
export const INACTIVE_AFTER_DAYS = 365;
/** The notice mail goes this many days before. */
export const INACTIVE_NOTICE_DAYS = 30;
