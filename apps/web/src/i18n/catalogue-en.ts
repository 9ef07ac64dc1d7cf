/** The English catalogue: its own chunk, loaded when English is chosen (i18n/index.ts). */
import enAccount from './locales/en/account.json';
import enAuth from './locales/en/auth.json';
import enCollection from './locales/en/collection.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enItem from './locales/en/item.json';
import enLegal from './locales/en/legal.json';
import enSupport from './locales/en/support.json';
import enWallet from './locales/en/wallet.json';
import enProfile from './locales/en/profile.json';
import enSocial from './locales/en/social.json';
import enHome from './locales/en/home.json';
import enMarketplace from './locales/en/marketplace.json';
import enHistory from './locales/en/history.json';
import enTrade from './locales/en/trade.json';
import enOffer from './locales/en/offer.json';
import enSell from './locales/en/sell.json';
import enItemDetail from './locales/en/itemDetail.json';
import enReferral from './locales/en/referral.json';
import enWatchlist from './locales/en/watchlist.json';

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
  trade: enTrade,
  offer: enOffer,
  sell: enSell,
  itemDetail: enItemDetail,
  referral: enReferral,
  watchlist: enWatchlist,
};
