import { ReturnCode } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon, LogoutIcon } from '../../components/ui/icons';
import { WithdrawAccount } from './WithdrawAccount';
import { auth } from '../../features/auth/auth-controller';
import { popups } from '../../features/popups/popup-store';
import { copyAddress, shortAddress } from '../../features/wallet/address';
import { api } from '../../lib/api';
import { sessionStore } from '../../lib/session';

export function WalletTab({ address }: { address: string }) {
  const { t } = useTranslation(['account', 'wallet']);
  const [busy, setBusy] = useState(false);

  /** "Log out everywhere else": every other ticket of the member is revoked; this browser stays signed in. */
  async function logoutOthers() {
    const { id, ticket } = sessionStore.get();
    if (!id || !ticket) return;
    setBusy(true);
    try {
      const r = await api('/ticket/logout/others', { id, ticketId: ticket });
      if (r.returnCode !== ReturnCode.Success || !r.data) return void popups.error(r.returnCode);
      popups.ok(
        r.data.revoked > 0
          ? t('account:wallet.othersLoggedOut', { count: r.data.revoked })
          : t('account:wallet.noOthers'),
      );
    } finally {
      setBusy(false);
    }
  }

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
      <div className="stack">
        <h3 className="section-label">{t('account:wallet.othersTitle')}</h3>
        <p className="muted">{t('account:wallet.othersText')}</p>
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="logout-others"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              popups.confirm(t('account:wallet.othersConfirm'), () => void logoutOthers(), {
                confirmLabel: t('account:wallet.othersButton'),
              })
            }
          >
            <LogoutIcon /> {t('account:wallet.othersButton')}
          </button>
        </div>
      </div>
      <WithdrawAccount address={address} />
    </div>
  );
}
