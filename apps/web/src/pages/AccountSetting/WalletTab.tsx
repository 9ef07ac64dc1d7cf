import { useTranslation } from 'react-i18next';
import { CopyIcon, LogoutIcon } from '../../components/ui/icons';
import { auth } from '../../features/auth/auth-controller';
import { copyAddress, shortAddress } from '../../features/wallet/WalletPanel';

export function WalletTab({ address }: { address: string }) {
  const { t } = useTranslation(['account', 'wallet']);
  return (
    <div className="stack">
      <div>
        <h2 className="panel-title">{t('account:wallet.title')}</h2>
        <p className="muted">{t('account:wallet.text')}</p>
      </div>
      <div className="wallet-address-card">
        <span className="avatar-dot" aria-hidden="true" />
        <span className="mono" data-testid="account-wallet-address" title={address}>
          {address ? shortAddress(address) : '-'}
        </span>
        <button
          type="button"
          className="icon-button"
          data-testid="account-wallet-copy"
          aria-label={t('wallet:copy')}
          disabled={!address}
          onClick={() => void copyAddress(address, t('wallet:copied'))}
        >
          <CopyIcon />
        </button>
      </div>
      <div>
        <button type="button" className="btn btn-secondary" data-testid="logout" onClick={() => auth.logout()}>
          <LogoutIcon /> {t('wallet:logout')}
        </button>
      </div>
    </div>
  );
}
