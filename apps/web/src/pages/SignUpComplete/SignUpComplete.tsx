import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckIcon } from '../../components/ui/icons';
import { auth, useLoginState } from '../../features/auth';

/**
 * /SignUpComplete: title, text, and the two buttons of spec 1 (to / and to /CollectionRegist). Verifying the
 * e-mail does not sign the member in, so "create a collection" first asks them to connect and sign in, then
 * continues to /CollectionRegist by itself.
 */
export function SignUpComplete() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginState();
  const signedIn = login.name === 'loggedIn';
  const [continueToCollection, setContinueToCollection] = useState(false);

  useEffect(() => {
    if (continueToCollection && signedIn) navigate('/CollectionRegist');
  }, [continueToCollection, signedIn, navigate]);

  const createCollection = (e: MouseEvent) => {
    if (signedIn) return;
    e.preventDefault();
    setContinueToCollection(true);
    auth.requestConnect();
  };

  return (
    <section className="page page-narrow center-card" data-testid="signup-complete">
      <div className="card hero-card">
        <span className="success-badge" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h1>{t('signUpComplete.title')}</h1>
        <p className="muted">{t('signUpComplete.text')}</p>
        {continueToCollection && !signedIn && (
          <p role="status" data-testid="signup-complete-sign-in">
            {t('signUpComplete.signInFirst')}
          </p>
        )}
        <div className="button-row">
          <Link to="/" className="btn btn-secondary" data-testid="signup-complete-home">
            {t('signUpComplete.home')}
          </Link>
          <Link
            to="/CollectionRegist"
            className="btn btn-primary"
            data-testid="signup-complete-collection"
            onClick={createCollection}
          >
            {t('signUpComplete.createCollection')}
          </Link>
        </div>
      </div>
    </section>
  );
}
