/** The Korean catalogue, the source of the keys' types. The app bundles the shell's part (catalogue-ko-shell.ts) and loads this chunk with the first other page. */
import koAccount from './locales/ko/account.json';
import koAuth from './locales/ko/auth.json';
import koCollection from './locales/ko/collection.json';
import koCommon from './locales/ko/common.json';
import koErrors from './locales/ko/errors.json';
import koItem from './locales/ko/item.json';
import koLegal from './locales/ko/legal.json';
import koSupport from './locales/ko/support.json';
import koWallet from './locales/ko/wallet.json';
import koProfile from './locales/ko/profile.json';
import koSocial from './locales/ko/social.json';
import koHome from './locales/ko/home.json';
import koMarketplace from './locales/ko/marketplace.json';
import koHistory from './locales/ko/history.json';
import koTrade from './locales/ko/trade.json';
import koOffer from './locales/ko/offer.json';
import koSell from './locales/ko/sell.json';
import koItemDetail from './locales/ko/itemDetail.json';
import koReferral from './locales/ko/referral.json';
import koWatchlist from './locales/ko/watchlist.json';

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
  trade: koTrade,
  offer: koOffer,
  sell: koSell,
  itemDetail: koItemDetail,
  referral: koReferral,
  watchlist: koWatchlist,
};
