/**
 * The Korean namespaces bundled with the app: what the shell (header, footer, sidebar, popups) and the home page
 * show. Every other namespace of catalogue-ko.ts loads with its page (router.tsx `page()`), so the first load of
 * the home page carries only these.
 */
import koAuth from './locales/ko/auth.json';
import koCollection from './locales/ko/collection.json';
import koCommon from './locales/ko/common.json';
import koErrors from './locales/ko/errors.json';
import koHome from './locales/ko/home.json';
import koItem from './locales/ko/item.json';
import koSocial from './locales/ko/social.json';
import koSupport from './locales/ko/support.json';
import koWallet from './locales/ko/wallet.json';

export const koShell = {
  common: koCommon,
  wallet: koWallet,
  auth: koAuth,
  errors: koErrors,
  collection: koCollection,
  item: koItem,
  support: koSupport,
  social: koSocial,
  home: koHome,
};

export const SHELL_NAMESPACES = Object.keys(koShell) as (keyof typeof koShell)[];
