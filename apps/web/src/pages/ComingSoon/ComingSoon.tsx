import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Pages of later issues: an honest "coming soon" page. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow empty-page" data-testid="coming-soon">
      <span className="empty-emoji" aria-hidden="true">
        🛠️
      </span>
      <h1>{t('comingSoon.title')}</h1>
      <p className="muted">{t('comingSoon.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('comingSoon.home')}
      </Link>
    </section>
  );
}
