import enAccount from './locales/en/account.json';
import enAuth from './locales/en/auth.json';
import enCollection from './locales/en/collection.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enHome from './locales/en/home.json';
import enHistory from './locales/en/history.json';
import enItem from './locales/en/item.json';
import enLegal from './locales/en/legal.json';
import enProfile from './locales/en/profile.json';
import enSocial from './locales/en/social.json';
import enMarketplace from './locales/en/marketplace.json';
import enSupport from './locales/en/support.json';
import enWallet from './locales/en/wallet.json';
import koAccount from './locales/ko/account.json';
import koAuth from './locales/ko/auth.json';
import koCollection from './locales/ko/collection.json';
import koCommon from './locales/ko/common.json';
import koErrors from './locales/ko/errors.json';
import koHome from './locales/ko/home.json';
import koHistory from './locales/ko/history.json';
import koItem from './locales/ko/item.json';
import koLegal from './locales/ko/legal.json';
import koProfile from './locales/ko/profile.json';
import koSocial from './locales/ko/social.json';
import koMarketplace from './locales/ko/marketplace.json';
import koSupport from './locales/ko/support.json';
import koWallet from './locales/ko/wallet.json';

/** The source catalogue: keys are typed from Korean, the default language. */
export const ko = {
  common: koCommon,
  wallet: koWallet,
  auth: koAuth,
  account: koAccount,
  errors: koErrors,
  collection: koCollection,
  item: koItem,
  support: koSupport,
  legal: koLegal,
  profile: koProfile,
  social: koSocial,
  home: koHome,
  marketplace: koMarketplace,
  history: koHistory,
};
export const en = {
  common: enCommon,
  wallet: enWallet,
  auth: enAuth,
  account: enAccount,
  errors: enErrors,
  collection: enCollection,
  item: enItem,
  support: enSupport,
  legal: enLegal,
  profile: enProfile,
  social: enSocial,
  home: enHome,
  marketplace: enMarketplace,
  history: enHistory,
};

export const resources = { ko, en } as const;
export const NAMESPACES = ['common', 'wallet', 'auth', 'account', 'errors', 'collection', 'item', 'support', 'legal', 'profile', 'social', 'home', 'marketplace', 'history'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
