/**
 * External sites linked from the header and footer. The spec names them (a webtoon site and a governance
 * site) without addresses, so they are set at build time; the defaults are reserved example domains.
 */
export const WEBTOON_URL: string = import.meta.env.VITE_WEBTOON_URL ?? 'https://webtoon.example.com';
export const GOVERNANCE_URL: string = import.meta.env.VITE_GOVERNANCE_URL ?? 'https://governance.example.com';

/** Where the "wallet not installed" message sends people (the wallet the spec names: Kaia Wallet, formerly Kaikas). */
export const WALLET_INSTALL_URL = 'https://www.kaiawallet.io/';
