import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_COLUMNS } from '../navigation';
import { NavEntry } from './NavEntry';
import { type ShownLink, useNavigation } from './useNavigation';

/** The footer: brand, the navigation of `app/navigation.ts` in columns, copyright and the legal documents. */
export function Footer() {
  const { t } = useTranslation();
  const nav = useNavigation();
  const links = (list: ShownLink[]) =>
    list.map((link) => (
      <li key={link.id}>
        <NavEntry link={link} variant="footer" onClick={() => nav.notify(link.target)} />
      </li>
    ));
  const accountLinks = nav.accountActions.flatMap((a) =>
    a.inFooter && typeof a.perform === 'object'
      ? [{ id: a.id, text: t(a.label), target: { route: a.perform.route } }]
      : [],
  );
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
          {FOOTER_COLUMNS.map((col) => {
            if (col.show === 'account' && !nav.loggedIn) return null;
            const list =
              col.show === 'account'
                ? accountLinks
                : col.show === 'external'
                  ? nav.external
                  : nav.groups.filter((g) => col.show.includes(g.id)).flatMap((g) => g.links);
            return (
              <div key={col.label}>
                <h2>{t(col.label)}</h2>
                <ul>{links(list)}</ul>
              </div>
            );
          })}
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
