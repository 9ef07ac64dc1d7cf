import { Suspense } from 'react';
import { auth, type LoginState, useLoginState } from '../../features/auth';
import { WithdrawableBalances } from '../../features/trade';
import { WalletPanel } from '../../features/wallet';

type PanelLogin = Parameters<typeof WalletPanel>[0]['login'];

/** What the wallet panel shows of the login: the member's wallet, a step on the way, or the connect offer. */
function panelLogin(login: LoginState): PanelLogin {
  if (login.name === 'loggedIn') return { name: 'loggedIn', address: login.address };
  if (
    login.name === 'connecting' ||
    login.name === 'checkingUser' ||
    login.name === 'checkingTicket' ||
    login.name === 'signingIn'
  ) {
    return { name: login.name };
  }
  return { name: 'loggedOut' };
}

/** The wallet panel (loaded when first opened: it reads balances with viem), with the member's withdrawable balances on the Market under the wallet's. */
export function WalletDrawer({ onClose }: { onClose: () => void }) {
  const login = useLoginState();
  return (
    <Suspense fallback={null}>
      <WalletPanel
        login={panelLogin(login)}
        onClose={onClose}
        onConnect={() => auth.requestConnect()}
        onLogout={() => auth.logout()}
        extra={
          <Suspense fallback={null}>
            <WithdrawableBalances />
          </Suspense>
        }
      />
    </Suspense>
  );
}
