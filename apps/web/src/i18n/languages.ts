/** The namespaces every page may use (each has a file per language in locales/; `admin` loads with the console). */
export const NAMESPACES = [
  'common',
  'wallet',
  'auth',
  'account',
  'errors',
  'collection',
  'item',
  'support',
  'legal',
  'profile',
  'social',
  'home',
  'marketplace',
  'history',
  'trade',
  'offer',
  'sell',
  'itemDetail',
  'referral',
  'watchlist',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
