/**
 * Referral rewards (spec 1 section 9: "Referral reward 1% of the sale, paid monthly, only above 0.005"): a member's
 * share link carries `?ref=<their user name>`; a sale whose buyer signed up through it accrues REFERRAL_BPS of the
 * sale price to the referrer, paid from the platform's payout wallet (never from the seller's or creator's share,
 * which the Market already paid at the sale) once a month when the balance is above REFERRAL_PAYOUT_MIN.
 */
import { TOKEN_DECIMALS } from './tokens';

/** The reward in basis points of the sale price (1 %). */
export const REFERRAL_BPS = 100n;
/** A coin's balance is paid only above this (0.005 of the coin, in wei). */
export const REFERRAL_PAYOUT_MIN = 5n * 10n ** BigInt(TOKEN_DECIMALS - 3);
/** The query parameter of a share link that names the referrer. */
export const REFERRAL_PARAM = 'ref';

/** The reward of a sale of `price` wei (floored). */
export const referralReward = (price: bigint): bigint => (price * REFERRAL_BPS) / 10_000n;

/** A payout's state: written before the transfer is sent (Pending), Paid after its receipt, Failed when it reverted
 * or its nonce went to another transaction (its amount is back in the balance). */
export const PayoutState = { Pending: 1, Paid: 2, Failed: 3 } as const;
export type PayoutStateValue = (typeof PayoutState)[keyof typeof PayoutState];

/** What a line of the member's referral ledger is. */
export const ReferralEntryKind = { Accrual: 1, Payout: 2 } as const;
export type ReferralEntryKindValue = (typeof ReferralEntryKind)[keyof typeof ReferralEntryKind];
