/**
 * The site's navigation as data, declared once and rendered by every menu: the header's dropdowns, the mobile
 * sidebar and the footer (`layout/NavMenus.tsx`, `layout/MobileSidebar.tsx`, `layout/Footer.tsx`). A link or an
 * account action is added here, never in a component. `layout/useNavigation.ts` resolves the parts that depend on
 * the visitor (the category list, members-only entries) and performs the actions.
 */
import type { ParseKeys } from 'i18next';
import { GOVERNANCE_URL, WEBTOON_URL } from '../lib/links';

export type NavLabel = ParseKeys<'common'>;

/** Where an entry leads: a route of the app, an external site (new tab), or a notice popup (a page still to come). */
export type NavTarget = { route: string } | { external: string } | { notice: NavLabel };

export interface NavLink {
  id: string;
  label: NavLabel;
  target: NavTarget;
  testId?: string;
  /** Shown only to a signed-in member. */
  membersOnly?: boolean;
}

export interface NavGroup {
  id: 'marketplace' | 'explorer' | 'support';
  label: NavLabel;
  links: readonly NavLink[];
  /** The marketplace lists every category after its links (from /nft/category/list). */
  categories?: boolean;
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'marketplace',
    label: 'nav.marketplace',
    links: [{ id: 'allNfts', label: 'nav.allNfts', target: { route: '/Marketplace' } }],
    categories: true,
  },
  {
    id: 'explorer',
    label: 'nav.explorer',
    links: [
      { id: 'ranking', label: 'nav.ranking', target: { notice: 'ranking.comingSoon' }, testId: 'nav-ranking' },
      { id: 'transactions', label: 'nav.transactions', target: { route: '/Transactional' } },
    ],
  },
  {
    id: 'support',
    label: 'nav.support',
    links: [
      { id: 'notice', label: 'nav.notice', target: { route: '/Notice' } },
      { id: 'faq', label: 'nav.faq', target: { route: '/FAQ' } },
      { id: 'inquiry', label: 'nav.inquiry', target: { route: '/Inquiry' }, testId: 'nav-inquiry', membersOnly: true },
    ],
  },
];

/** The sister sites, after the groups in the header and the sidebar, under "company" in the footer. */
export const EXTERNAL_LINKS: readonly NavLink[] = [
  { id: 'webtoon', label: 'nav.webtoon', target: { external: WEBTOON_URL } },
  { id: 'governance', label: 'nav.governance', target: { external: GOVERNANCE_URL } },
];

/**
 * What a member does with their account: the profile menu, the sidebar's account list and the footer's "my
 * account" column. A route asks a visitor to connect first; `publish` needs a collection first.
 */
export interface AccountAction {
  id: 'myProfile' | 'liked' | 'publish' | 'myCollection' | 'accountSettings' | 'logout';
  label: NavLabel;
  perform: { route: string } | 'publish' | 'logout';
  testId: string;
  membersOnly?: boolean;
  /** Also listed in the footer's "my account" column (shown to members). */
  inFooter?: boolean;
}

export const ACCOUNT_ACTIONS: readonly AccountAction[] = [
  {
    id: 'myProfile',
    label: 'profileMenu.myProfile',
    perform: { route: '/MyProfile' },
    testId: 'menu-my-profile',
    inFooter: true,
  },
  {
    id: 'liked',
    label: 'profileMenu.liked',
    perform: { route: '/MyProfile/Liked' },
    testId: 'menu-liked',
    inFooter: true,
  },
  { id: 'publish', label: 'profileMenu.publish', perform: 'publish', testId: 'menu-publish' },
  {
    id: 'myCollection',
    label: 'profileMenu.myCollection',
    perform: { route: '/MyCollection' },
    testId: 'menu-my-collection',
  },
  {
    id: 'accountSettings',
    label: 'profileMenu.accountSettings',
    perform: { route: '/AccountSetting' },
    testId: 'menu-account-settings',
    inFooter: true,
  },
  { id: 'logout', label: 'profileMenu.logout', perform: 'logout', testId: 'menu-logout', membersOnly: true },
];

/** The footer's columns: which groups each gathers (the account column and the external links have their own). */
export const FOOTER_COLUMNS: readonly { label: NavLabel; show: 'account' | 'external' | readonly NavGroup['id'][] }[] =
  [
    { label: 'footer.marketplace', show: ['marketplace'] },
    { label: 'footer.myAccount', show: 'account' },
    { label: 'footer.resources', show: ['explorer', 'support'] },
    { label: 'footer.company', show: 'external' },
  ];
