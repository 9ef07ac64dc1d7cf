import { CATEGORY_CODES } from '@att/shared';
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '../../components/ui/Dialog';
import { Drawer } from '../../components/ui/Drawer';
import { ChevronDown, ExternalIcon, GlobeIcon, MenuIcon, SearchIcon, UserIcon, WalletIcon } from '../../components/ui/icons';
import { Menu } from '../../components/ui/Menu';
import { auth, useLoginState } from '../../features/auth/auth-controller';
import { useUserInfo } from '../../features/auth/useUserInfo';
import { preloadConnectDialog } from '../../features/popups/PopupHost';
import { popups } from '../../features/popups/popup-store';
import { shortAddress } from '../../features/wallet/address';
import { currentLanguage, setLanguage } from '../../i18n';
import { type Language } from '../../i18n/resources';
import { cdnImage, useCategories, useFrontConfig } from '../../lib/config';
import { GOVERNANCE_URL, WEBTOON_URL } from '../../lib/links';

/** The wallet drawer reads balances with viem: it loads when first opened, not with the page. */
const WalletPanel = lazy(() => import('../../features/wallet/WalletPanel').then((m) => ({ default: m.WalletPanel })));

/** The 8 categories: from /nft/category/list, or the fixed codes while it loads or if it fails. */
export function useCategoryLinks() {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  if (categories.data?.length) {
    return categories.data.map((c) => ({ code: c.code, name: i18n.language === 'en' ? c.nameEn : c.name }));
  }
  return CATEGORY_CODES.map((code) => ({ code, name: t(`categories.${code}`) }));
}

/** Account menu actions shared by the header menu, the mobile sidebar and the footer. */
export function useAccountActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginState();
  const user = useUserInfo();
  const loggedIn = login.name === 'loggedIn';
  const go = (to: string) => {
    if (!loggedIn) auth.requestConnect();
    else navigate(to);
  };
  const publish = () => {
    if (!loggedIn) return auth.requestConnect();
    if ((user.data?.collectionCount ?? 0) >= 1) navigate('/NftPublish');
    else popups.confirm(t('profileMenu.needCollection'), () => navigate('/CollectionRegist'));
  };
  return { loggedIn, go, publish };
}

function SearchBox({ testId, onDone, autoFocus }: { testId: string; onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/Search/${encodeURIComponent(q)}`);
    setText('');
    onDone?.();
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <SearchIcon size={18} />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        data-testid={testId}
        placeholder={t('search.placeholder')}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}

function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const choose = (lng: Language, close: () => void) => {
    setLanguage(lng);
    close();
  };
  return (
    <Menu
      align="right"
      testId="lang-switch"
      triggerClassName="nav-trigger lang-trigger"
      ariaLabel={`${t('language.label')}: ${t('language.current')}`}
      label={
        <>
          <GlobeIcon size={18} />
          <span className="lang-label">{i18n.language === 'en' ? 'EN' : 'KO'}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) => (
        <ul className="menu-list">
          {(['en', 'ko'] as const).map((lng) => (
            <li key={lng}>
              <button
                type="button"
                className="menu-item"
                data-testid={`lang-${lng}`}
                lang={lng}
                aria-current={currentLanguage() === lng ? 'true' : undefined}
                onClick={() => choose(lng, close)}
              >
                {t(`language.${lng}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Menu>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const front = useFrontConfig();
  const user = useUserInfo();
  const { loggedIn, go, publish } = useAccountActions();
  const avatar = loggedIn ? cdnImage(front.data?.cdnUrl, 'profile', user.data?.profile) : null;
  const item = (label: string, action: () => void, testId?: string) => (
    <li>
      <button type="button" className="menu-item" data-testid={testId} onClick={action}>
        {label}
      </button>
    </li>
  );
  return (
    <Menu
      align="right"
      testId="profile-menu"
      triggerClassName="icon-button profile-trigger"
      ariaLabel={t('profileMenu.label')}
      label={avatar ? <img src={avatar} alt="" className="avatar-sm" /> : <UserIcon />}
    >
      {(close) => (
        <ul className="menu-list">
          {loggedIn && user.data && <li className="menu-heading">{user.data.id}</li>}
          {item(t('profileMenu.myProfile'), () => (close(), go('/MyProfile')), 'menu-my-profile')}
          {item(t('profileMenu.liked'), () => (close(), go('/MyProfile/Liked')), 'menu-liked')}
          {item(t('profileMenu.publish'), () => (close(), publish()), 'menu-publish')}
          {item(t('profileMenu.myCollection'), () => (close(), go('/MyCollection')), 'menu-my-collection')}
          {item(t('profileMenu.accountSettings'), () => (close(), go('/AccountSetting')), 'menu-account-settings')}
          {loggedIn && item(t('profileMenu.logout'), () => (close(), auth.logout()), 'menu-logout')}
        </ul>
      )}
    </Menu>
  );
}

function NavMenus({ onNavigate, mobile }: { onNavigate?: () => void; mobile?: boolean }) {
  const { t } = useTranslation();
  const categories = useCategoryLinks();
  const { loggedIn } = useAccountActions();
  const done = () => onNavigate?.();
  const ranking = () => {
    done();
    popups.ok(t('ranking.comingSoon'));
  };
  const groups = [
    {
      key: 'marketplace',
      label: t('nav.marketplace'),
      body: (close: () => void) => (
        <ul className="menu-list">
          <li>
            <Link className="menu-item" to="/Marketplace" onClick={() => (close(), done())}>
              {t('nav.allNfts')}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.code}>
              <Link className="menu-item" to={`/Marketplace/${c.code}`} onClick={() => (close(), done())}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'explorer',
      label: t('nav.explorer'),
      body: (close: () => void) => (
        <ul className="menu-list">
          <li>
            <button type="button" className="menu-item" data-testid="nav-ranking" onClick={() => (close(), ranking())}>
              {t('nav.ranking')}
            </button>
          </li>
          <li>
            <Link className="menu-item" to="/Transactional" onClick={() => (close(), done())}>
              {t('nav.transactions')}
            </Link>
          </li>
        </ul>
      ),
    },
    {
      key: 'support',
      label: t('nav.support'),
      body: (close: () => void) => (
        <ul className="menu-list">
          <li>
            <Link className="menu-item" to="/Notice" onClick={() => (close(), done())}>
              {t('nav.notice')}
            </Link>
          </li>
          <li>
            <Link className="menu-item" to="/FAQ" onClick={() => (close(), done())}>
              {t('nav.faq')}
            </Link>
          </li>
          {loggedIn && (
            <li>
              <Link className="menu-item" to="/Inquiry" onClick={() => (close(), done())} data-testid="nav-inquiry">
                {t('nav.inquiry')}
              </Link>
            </li>
          )}
        </ul>
      ),
    },
  ];
  const external = (
    <>
      <a className="nav-link" href={WEBTOON_URL} target="_blank" rel="noopener noreferrer">
        {t('nav.webtoon')} <ExternalIcon />
        <span className="sr-only">({t('nav.externalHint')})</span>
      </a>
      <a className="nav-link" href={GOVERNANCE_URL} target="_blank" rel="noopener noreferrer">
        {t('nav.governance')} <ExternalIcon />
        <span className="sr-only">({t('nav.externalHint')})</span>
      </a>
    </>
  );
  if (mobile) {
    return (
      <nav aria-label={t('nav.mainMenu')} className="mobile-nav">
        {groups.map((g) => (
          <details key={g.key} className="mobile-group">
            <summary>
              {g.label} <ChevronDown />
            </summary>
            {g.body(() => undefined)}
          </details>
        ))}
        {external}
      </nav>
    );
  }
  return (
    <nav aria-label={t('nav.mainMenu')} className="top-nav">
      {groups.map((g) => (
        <Menu
          key={g.key}
          testId={`nav-${g.key}`}
          label={
            <>
              {g.label} <ChevronDown />
            </>
          }
        >
          {g.body}
        </Menu>
      ))}
      {external}
    </nav>
  );
}

function WalletButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('wallet');
  const login = useLoginState();
  if (login.name === 'loggedIn') {
    return (
      <button type="button" className="btn btn-outline wallet-button" onClick={onOpen} data-testid="wallet-button" aria-label={t('openPanel')}>
        <WalletIcon size={18} />
        <span className="mono wallet-button-address">{shortAddress(login.address)}</span>
      </button>
    );
  }
  const busy = login.name === 'connecting' || login.name === 'checkingUser' || login.name === 'checkingTicket' || login.name === 'signingIn';
  return (
    <>
      <button
        type="button"
        className="icon-button wallet-icon-button"
        aria-label={t('openPanel')}
        onClick={onOpen}
        data-testid="wallet-panel-button"
      >
        <WalletIcon />
      </button>
      <button
        type="button"
        className="btn btn-primary connect-button"
        data-testid="connect-wallet"
        disabled={busy}
        aria-busy={busy}
        onPointerEnter={() => void preloadConnectDialog()}
        onFocus={() => void preloadConnectDialog()}
        onClick={() => auth.requestConnect()}
      >
        {busy ? t('state.connecting') : t('connect')}
      </button>
    </>
  );
}

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
      {panel && (
        <Suspense fallback={null}>
          <WalletPanel open onClose={() => setPanel(false)} />
        </Suspense>
      )}
    </header>
  );
}

function MobileSidebar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { loggedIn, go, publish } = useAccountActions();
  const act = (fn: () => void) => () => {
    onClose();
    fn();
  };
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
          <button type="button" className="menu-item" onClick={act(() => go('/MyProfile'))}>
            {t('profileMenu.myProfile')}
          </button>
          <button type="button" className="menu-item" onClick={act(() => go('/MyProfile/Liked'))}>
            {t('profileMenu.liked')}
          </button>
          <button type="button" className="menu-item" onClick={act(publish)}>
            {t('profileMenu.publish')}
          </button>
          <button type="button" className="menu-item" onClick={act(() => go('/MyCollection'))}>
            {t('profileMenu.myCollection')}
          </button>
          <button type="button" className="menu-item" onClick={act(() => go('/AccountSetting'))}>
            {t('profileMenu.accountSettings')}
          </button>
          {loggedIn && (
            <button type="button" className="menu-item" onClick={act(() => auth.logout())}>
              {t('profileMenu.logout')}
            </button>
          )}
        </div>
      </div>
    </Drawer>
  );
}
