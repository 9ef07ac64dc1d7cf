import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons';

export function SignUpComplete() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow center-card" data-testid="signup-complete">
      <div className="card hero-card">
        <span className="success-badge" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h1>{t('signUpComplete.title')}</h1>
        <p className="muted">{t('signUpComplete.text')}</p>
        <div className="button-row">
          <Link to="/" className="btn btn-secondary" data-testid="signup-complete-home">
            {t('signUpComplete.home')}
          </Link>
          <Link to="/CollectionRegist" className="btn btn-primary" data-testid="signup-complete-collection">
            {t('signUpComplete.createCollection')}
          </Link>
        </div>
      </div>
    </section>
  );
}
