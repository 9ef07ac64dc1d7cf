import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FloatingAlert } from '../../features/alerts/FloatingAlert';
import { auth, setNavigator, useLoginState } from '../../features/auth/auth-controller';
import { PopupHost } from '../../features/popups/PopupHost';
import { NoticePopup } from '../../features/support/NoticePopup';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const login = useLoginState();

  useEffect(() => {
    setNavigator((to) => void navigate(to));
    void auth.start();
  }, [navigate]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  // Every navigation scrolls to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="app" data-login-state={login.name}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <NoticePopup />
      <PopupHost />
      <FloatingAlert />
    </div>
  );
}
