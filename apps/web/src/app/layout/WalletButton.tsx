import { useTranslation } from 'react-i18next';
import { WalletIcon } from '../../components/ui/icons';
import { auth, useLoginState } from '../../features/auth';
import { preloadConnectDialog, shortAddress } from '../../features/wallet';

/** The header's wallet: the member's short address (opens the panel), or the panel icon and connect. */
export function WalletButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('wallet');
  const login = useLoginState();
  if (login.name === 'loggedIn') {
    return (
      <button
        type="button"
        className="btn btn-outline wallet-button"
        onClick={onOpen}
        data-testid="wallet-button"
        aria-label={t('openPanel')}
      >
        <WalletIcon size={18} />
        <span className="mono wallet-button-address">{shortAddress(login.address)}</span>
      </button>
    );
  }
  const busy =
    login.name === 'connecting' ||
    login.name === 'checkingUser' ||
    login.name === 'checkingTicket' ||
    login.name === 'signingIn';
  return (
    <>
      <button
        type="button"
        className="icon-button wallet-icon-button"
        aria-label={t('openPanel')}
        onClick={onOpen}
        data-testid="wallet-panel-button"
      >
        <WalletIcon />
      </button>
      <button
        type="button"
        className="btn btn-primary connect-button"
        data-testid="connect-wallet"
        disabled={busy}
        aria-busy={busy}
        onPointerEnter={() => void preloadConnectDialog()}
        onFocus={() => void preloadConnectDialog()}
        onClick={() => auth.requestConnect()}
      >
        {busy ? t('state.connecting') : t('connect')}
      </button>
    </>
  );
}
