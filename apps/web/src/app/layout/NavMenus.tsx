import { useTranslation } from 'react-i18next';
import { ChevronDown } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { NavEntry } from './NavEntry';
import { type ShownGroup, type ShownLink, useNavigation } from './useNavigation';

function GroupList({ group, onFollow }: { group: ShownGroup; onFollow: (link: ShownLink) => void }) {
  return (
    <ul className="menu-list">
      {group.links.map((link) => (
        <li key={link.id}>
          <NavEntry link={link} variant="menu" onClick={() => onFollow(link)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The navigation groups and the external sites: dropdown menus in the header, or (`mobile`) folding sections in
 * the sidebar, where following an entry also closes the sidebar (`onNavigate`).
 */
export function NavMenus({ onNavigate, mobile }: { onNavigate?: () => void; mobile?: boolean }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  const follow = (link: ShownLink, close?: () => void) => {
    close?.();
    onNavigate?.();
    nav.notify(link.target);
  };
  const external = nav.external.map((link) => <NavEntry key={link.id} link={link} variant="menu" />);
  if (mobile) {
    return (
      <nav aria-label={t('nav.mainMenu')} className="mobile-nav">
        {nav.groups.map((g) => (
          <details key={g.id} className="mobile-group">
            <summary>
              {g.text} <ChevronDown />
            </summary>
            <GroupList group={g} onFollow={(link) => follow(link)} />
          </details>
        ))}
        {external}
      </nav>
    );
  }
  return (
    <nav aria-label={t('nav.mainMenu')} className="top-nav">
      {nav.groups.map((g) => (
        <Menu
          key={g.id}
          testId={`nav-${g.id}`}
          label={
            <>
              {g.text} <ChevronDown />
            </>
          }
        >
          {(close) => <GroupList group={g} onFollow={(link) => follow(link, close)} />}
        </Menu>
      ))}
      {external}
    </nav>
  );
}
