import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FloatingAlert } from '../../features/alerts';
import { auth, AuthPopups, setNavigator, useConnectDialog, useLoginState } from '../../features/auth';
import { PopupHost, usePopups } from '../../features/popups';
import { NoticePopup } from '../../features/support/NoticePopup';
import { refreshAfterAlert } from '../../features/trade';
import { captureReferral } from '../../lib/referral-link';
import { Footer } from './Footer';
import { Header } from './Header';

/** An item alert reads again what it says changed, so an open item page shows another member's bid or sale. */
const itemAlert = (productIdx: number) => void refreshAfterAlert(productIdx);

export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const login = useLoginState();
  const messages = usePopups();
  const connectOpen = useConnectDialog();
  // Popups come one at a time: the notice waits for a message, a wallet event or a sign-up step to close.
  const otherPopupOpen =
    messages.length > 0 || connectOpen || login.name === 'signUp' || login.name === 'awaitingEmail';

  useEffect(() => {
    setNavigator((to) => void navigate(to));
    void auth.start();
  }, [navigate]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  // A share link's referral code is kept until the visitor signs up.
  useEffect(() => {
    captureReferral(search);
  }, [search]);

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
      <NoticePopup held={otherPopupOpen} />
      <AuthPopups />
      <PopupHost />
      <FloatingAlert onItemAlert={itemAlert} />
    </div>
  );
}
