import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../lib/session';
import { useLoginState } from './login-store';

/**
 * What a members-only page shows without id and ticket (spec 2, section 6: the visitor goes to /). While a
 * sign-in is under way (a stored ticket being checked, or replaced by a new signature after it was refused) the
 * page waits for it instead: the member stays where they were and sees the page once the new ticket is stored.
 */
export function NotSignedIn() {
  const { t } = useTranslation();
  const login = useLoginState();
  if (login.name === 'checkingTicket' || login.name === 'signingIn') {
    return (
      <section className="page page-medium" data-testid="sign-in-pending">
        <Spinner label={t('loading')} />
      </section>
    );
  }
  return <Navigate to="/" replace />;
}

/** Pages for members only: the children get the ticket; without one, see `NotSignedIn`. */
export function RequireLogin({ children }: { children: (auth: { id: string; ticket: string }) => ReactNode }) {
  const { id, ticket } = useSession();
  if (!id || !ticket) return <NotSignedIn />;
  return <>{children({ id, ticket })}</>;
}
