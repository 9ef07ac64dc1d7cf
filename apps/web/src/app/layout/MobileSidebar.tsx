import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/ui/Dialog';
import { Drawer } from '../../components/ui/Drawer';
import { NavMenus } from './NavMenus';
import { SearchBox } from './SearchBox';
import { useNavigation } from './useNavigation';

/** The phone's menu (a drawer from the left): search, the navigation groups, the account actions. */
export function MobileSidebar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  return (
    <Drawer label={t('nav.mainMenu')} side="left" onClose={onClose} testId="mobile-sidebar">
      <div className="drawer-header">
        <Link to="/" className="logo" onClick={onClose}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('brand')}</span>
        </Link>
        <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={onClose} data-autofocus>
          <CloseIcon />
        </button>
      </div>
      <div className="drawer-body">
        <SearchBox testId="sidebar-search" onDone={onClose} />
        <NavMenus mobile onNavigate={onClose} />
        <div className="mobile-account">
          {nav.accountActions.map((action) => (
            <button
              key={action.id}
              type="button"
              className="menu-item"
              onClick={() => {
                onClose();
                nav.perform(action);
              }}
            >
              {t(action.label)}
            </button>
          ))}
        </div>
      </div>
    </Drawer>
  );
}
