/**
 * The login's own popups, shown by the login state: the wallet choice, the sign-up form and the mail-sent step.
 * Sign-up and its mail step sign with the wallet (viem's SIWE): they load with the wallet, when needed.
 */
import { lazy, Suspense } from 'react';
import { ConnectDialog } from '../wallet';
import { auth } from './auth-controller';
import { useConnectDialog, useLoginState } from './login-store';

const SignUpPopup = lazy(() => import('./SignUpPopup').then((m) => ({ default: m.SignUpPopup })));
const MailSentPopup = lazy(() => import('./MailSentPopup').then((m) => ({ default: m.MailSentPopup })));

export function AuthPopups() {
  const login = useLoginState();
  const connectOpen = useConnectDialog();
  return (
    <>
      {connectOpen && (
        <Suspense fallback={null}>
          <ConnectDialog onChoose={(kind) => auth.connect(kind)} onClose={() => auth.closeConnectDialog()} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {login.name === 'signUp' && <SignUpPopup address={login.address} />}
        {login.name === 'awaitingEmail' && (
          <MailSentPopup
            address={login.address}
            email={login.email}
            justSent={login.justSent}
            onClose={() => auth.dismiss()}
          />
        )}
      </Suspense>
    </>
  );
}
