/** Referral rewards: the own profile's referral tab (share link, earnings per coin, the ledger of accruals and payouts). */
export { ReferralTab } from './ReferralTab';
