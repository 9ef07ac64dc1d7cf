import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CloseIcon } from '../../components/ui/Dialog';
import { MenuIcon, SearchIcon } from '../../components/ui/icons';
import { AlertInbox } from '../../features/alerts';
import { useLoginState } from '../../features/auth';
import { CartButton } from '../../features/trade';
import { LanguageMenu } from './LanguageMenu';
import { MobileSidebar } from './MobileSidebar';
import { NavMenus } from './NavMenus';
import { ProfileMenu } from './ProfileMenu';
import { SearchBox } from './SearchBox';
import { WalletButton } from './WalletButton';
import { WalletDrawer } from './WalletDrawer';

/** The site header: menu button (phone), logo, search, navigation, language, account menu and wallet. */
export function Header() {
  const { t } = useTranslation();
  const [panel, setPanel] = useState(false);
  const [sidebar, setSidebar] = useState(false);
  const [mobileSearch, setMobileSearch] = useState(false);
  const location = useLocation();
  const login = useLoginState();

  // Close overlays on navigation.
  useEffect(() => {
    setSidebar(false);
    setMobileSearch(false);
  }, [location.pathname]);

  // Open the wallet panel once an interactive sign-in completes.
  useEffect(() => {
    const onLogin = (e: Event) => {
      if ((e as CustomEvent<{ interactive?: boolean }>).detail?.interactive) setPanel(true);
    };
    window.addEventListener('att:login-complete', onLogin);
    return () => window.removeEventListener('att:login-complete', onLogin);
  }, []);
  useEffect(() => {
    if (login.name === 'loggedOut') setPanel(false);
  }, [login.name]);

  return (
    <header className="site-header">
      <div className="header-inner">
        <button
          type="button"
          className="icon-button mobile-only"
          data-testid="mobile-menu-button"
          aria-label={t('nav.openMenu')}
          aria-expanded={sidebar}
          onClick={() => setSidebar(true)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="logo" aria-label={t('brand')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('brand')}</span>
        </Link>
        <div className="desktop-only header-search">
          <SearchBox testId="header-search" />
        </div>
        <NavMenus />
        <div className="header-actions">
          <button
            type="button"
            className="icon-button mobile-only"
            data-testid="mobile-search"
            aria-label={mobileSearch ? t('search.close') : t('search.open')}
            aria-expanded={mobileSearch}
            onClick={() => setMobileSearch((v) => !v)}
          >
            {mobileSearch ? <CloseIcon /> : <SearchIcon />}
          </button>
          <LanguageMenu />
          {login.name === 'loggedIn' && (
            <Suspense fallback={null}>
              <AlertInbox />
            </Suspense>
          )}
          <CartButton />
          <ProfileMenu />
          <WalletButton onOpen={() => setPanel(true)} />
        </div>
      </div>
      {mobileSearch && (
        <div className="mobile-search-bar mobile-only">
          <SearchBox testId="mobile-search-input" autoFocus onDone={() => setMobileSearch(false)} />
        </div>
      )}
      {sidebar && <MobileSidebar onClose={() => setSidebar(false)} />}
      {panel && <WalletDrawer onClose={() => setPanel(false)} />}
    </header>
  );
}
