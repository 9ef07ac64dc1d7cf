import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { popups } from '../../features/popups/popup-store';
import { GOVERNANCE_URL, WEBTOON_URL } from '../../lib/links';
import { useAccountActions, useCategoryLinks } from './Header';

export function Footer() {
  const { t } = useTranslation();
  const categories = useCategoryLinks();
  const { loggedIn } = useAccountActions();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{t('brand')}</span>
          </Link>
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        <nav className="footer-cols" aria-label={t('footer.resources')}>
          <div>
            <h2>{t('footer.marketplace')}</h2>
            <ul>
              <li>
                <Link to="/Marketplace">{t('nav.allNfts')}</Link>
              </li>
              {categories.map((c) => (
                <li key={c.code}>
                  <Link to={`/Marketplace/${c.code}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </div>
          {loggedIn && (
            <div>
              <h2>{t('footer.myAccount')}</h2>
              <ul>
                <li>
                  <Link to="/MyProfile">{t('footer.myProfile')}</Link>
                </li>
                <li>
                  <Link to="/MyProfile/Liked">{t('footer.liked')}</Link>
                </li>
                <li>
                  <Link to="/AccountSetting">{t('footer.accountSettings')}</Link>
                </li>
              </ul>
            </div>
          )}
          <div>
            <h2>{t('footer.resources')}</h2>
            <ul>
              <li>
                <button type="button" className="link-button" onClick={() => popups.ok(t('ranking.comingSoon'))}>
                  {t('nav.ranking')}
                </button>
              </li>
              <li>
                <Link to="/Transactional">{t('nav.transactions')}</Link>
              </li>
              <li>
                <Link to="/Notice">{t('nav.notice')}</Link>
              </li>
              <li>
                <Link to="/FAQ">{t('nav.faq')}</Link>
              </li>
              {loggedIn && (
                <li>
                  <Link to="/Inquiry">{t('nav.inquiry')}</Link>
                </li>
              )}
            </ul>
          </div>
          <div>
            <h2>{t('footer.company')}</h2>
            <ul>
              <li>
                <a href={WEBTOON_URL} target="_blank" rel="noopener noreferrer">
                  {t('nav.webtoon')}
                </a>
              </li>
              <li>
                <a href={GOVERNANCE_URL} target="_blank" rel="noopener noreferrer">
                  {t('nav.governance')}
                </a>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="footer-bottom">
        <span>{t('footer.copyright')}</span>
        <span className="footer-legal">
          <a href="/PrivacyPolicy" target="_blank" rel="noopener noreferrer" data-testid="footer-privacy">
            {t('footer.privacy')}
          </a>
          <a href="/UserTerms" target="_blank" rel="noopener noreferrer" data-testid="footer-terms">
            {t('footer.terms')}
          </a>
        </span>
      </div>
    </footer>
  );
}
