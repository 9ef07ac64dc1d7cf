/**
 * The navigation data of `app/navigation.ts`, resolved for the visitor: labels in the current language, the
 * category links of the marketplace group, members-only entries only for members; and the one way every menu
 * performs a link or an account action.
 */
import { CATEGORY_CODES } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auth, useLoginState } from '../../features/auth';
import { useStartPublishing } from '../../features/items/useStartPublishing';
import { popups } from '../../features/popups';
import { useCategories } from '../../lib/config';
import {
  ACCOUNT_ACTIONS,
  type AccountAction,
  EXTERNAL_LINKS,
  NAV_GROUPS,
  type NavGroup,
  type NavLink,
  type NavTarget,
} from '../navigation';

/** A link ready to render: its text and where it leads. */
export interface ShownLink {
  id: string;
  text: string;
  target: NavTarget;
  testId?: string;
}

export interface ShownGroup {
  id: NavGroup['id'];
  text: string;
  links: ShownLink[];
}

/** The 8 categories: from /nft/category/list, or the fixed codes while it loads or if it fails. */
function useCategoryLinks(): ShownLink[] {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const list = categories.data?.length
    ? categories.data.map((c) => ({ code: c.code, name: i18n.language === 'en' ? c.nameEn : c.name }))
    : CATEGORY_CODES.map((code) => ({ code, name: t(`categories.${code}`) }));
  return list.map((c) => ({ id: `category-${c.code}`, text: c.name, target: { route: `/Marketplace/${c.code}` } }));
}

export function useNavigation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoginState().name === 'loggedIn';
  const categories = useCategoryLinks();
  const startPublishing = useStartPublishing();

  const show = (l: NavLink): ShownLink => ({ id: l.id, text: t(l.label), target: l.target, testId: l.testId });
  const visible = (l: { membersOnly?: boolean }) => loggedIn || !l.membersOnly;
  const groups: ShownGroup[] = NAV_GROUPS.map((g) => ({
    id: g.id,
    text: t(g.label),
    links: [...g.links.filter(visible).map(show), ...(g.categories ? categories : [])],
  }));

  return {
    loggedIn,
    groups,
    external: EXTERNAL_LINKS.map(show),
    accountActions: ACCOUNT_ACTIONS.filter(visible),
    /** A notice entry opens its popup (route and external entries are links). */
    notify: (target: NavTarget) => {
      if ('notice' in target) popups.ok(t(target.notice));
    },
    /** Runs an account action: a visitor is asked to connect before any member page. */
    perform: (action: AccountAction) => {
      if (action.perform === 'logout') auth.logout();
      else if (action.perform === 'publish') startPublishing();
      else if (!loggedIn) auth.requestConnect();
      else navigate(action.perform.route);
    },
  };
}
