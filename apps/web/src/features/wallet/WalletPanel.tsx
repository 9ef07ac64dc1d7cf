import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/ui/Dialog';
import { Drawer } from '../../components/ui/Drawer';
import { ChevronDown, ChevronUp, CopyIcon, LogoutIcon, RefreshIcon, WalletIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { updateSession, useSession } from '../../lib/session';
import { groupDigits } from '../../lib/format';
import { copyAddress, shortAddress } from './address';
import { displayAmount, moveEntry, totalUsd } from './balances';
import { useBalances } from './useBalances';

/** Where the member's login is: signed in with a wallet, on the way (which step), or signed out. */
export type WalletPanelLogin =
  | { name: 'loggedIn'; address: string }
  | { name: 'connecting' | 'checkingUser' | 'checkingTicket' | 'signingIn' }
  | { name: 'loggedOut' };

export interface WalletPanelProps {
  login: WalletPanelLogin;
  onClose: () => void;
  onConnect: () => void;
  onLogout: () => void;
  /** Shown under the balances when signed in (the shell passes the Market's withdrawable balances). */
  extra?: ReactNode;
}

/** The wallet drawer: connect option and guide when logged out; address, total, balances and logout when in. */
export function WalletPanel({ login, onClose, onConnect, onLogout, extra }: WalletPanelProps) {
  const { t } = useTranslation('wallet');
  return (
    <Drawer label={t('panelTitle')} onClose={onClose} testId="wallet-panel">
      <div className="drawer-header">
        <h2>
          <WalletIcon /> {t('panelTitle')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('closePanel')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {login.name === 'loggedIn' ? (
        <ConnectedWallet
          address={login.address}
          extra={extra}
          onLogout={() => {
            onClose();
            onLogout();
          }}
        />
      ) : (
        <div className="drawer-body wallet-empty">
          {login.name === 'loggedOut' ? (
            <>
              <p className="muted">{t('notConnected')}</p>
              <button
                type="button"
                className="btn btn-primary btn-block"
                data-testid="wallet-panel-connect"
                onClick={onConnect}
              >
                {t('connect')}
              </button>
            </>
          ) : (
            <Spinner
              label={t(
                login.name === 'signingIn'
                  ? 'state.signingIn'
                  : login.name === 'connecting'
                    ? 'state.connecting'
                    : 'state.checkingUser',
              )}
            />
          )}
          <Link to="/Notice" className="btn btn-secondary btn-block" onClick={onClose}>
            {t('guide')}
          </Link>
        </div>
      )}
    </Drawer>
  );
}

function ConnectedWallet({ address, extra, onLogout }: { address: string; extra?: ReactNode; onLogout: () => void }) {
  const { t } = useTranslation('wallet');
  const session = useSession();
  const { balances, isLoading, isFetching, refresh } = useBalances(address);
  const [announce, setAnnounce] = useState('');

  const move = (index: number, delta: -1 | 1) => {
    const next = moveEntry(session.balances, index, delta);
    updateSession({ balances: next });
    const name = session.balances[index]?.name ?? '';
    setAnnounce(`${name} ${next.findIndex((b) => b.name === name) + 1}/${next.length}`);
    // keep focus on the moved row's same button
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLButtonElement>(`[data-testid="balance-row-${name}"] [data-dir="${delta}"]:not([disabled])`)
        ?.focus(),
    );
  };

  return (
    <div className="drawer-body">
      <div className="wallet-address-card">
        <span className="avatar-dot" aria-hidden="true" />
        <span className="mono" data-testid="wallet-address" title={address}>
          {shortAddress(address)}
        </span>
        <button
          type="button"
          className="icon-button"
          data-testid="wallet-copy"
          aria-label={t('copy')}
          onClick={() => void copyAddress(address, t('copied'))}
        >
          <CopyIcon />
        </button>
      </div>

      <div className="wallet-total">
        <div>
          <span className="muted small">{t('totalUsd')}</span>
          <strong data-testid="wallet-total-usd">${groupDigits(totalUsd(balances))}</strong>
        </div>
        <button
          type="button"
          className={`icon-button ${isFetching ? 'spinning' : ''}`}
          data-testid="wallet-refresh"
          aria-label={t('refresh')}
          onClick={() => void refresh()}
        >
          <RefreshIcon size={18} />
        </button>
      </div>

      <h3 className="section-label">{t('balances')}</h3>
      <ul className="balance-list" aria-busy={isLoading}>
        {balances.map((b, i) => (
          <li key={b.name} className="balance-row" data-testid={`balance-row-${b.name}`}>
            <img src={b.icon} alt="" width={36} height={36} />
            <div className="balance-name">
              <strong>{b.name}</strong>
              <span className="muted small">${groupDigits(b.usd)}</span>
            </div>
            <span className="balance-amount mono" data-testid={`balance-amount-${b.name}`}>
              {groupDigits(displayAmount(b))}
            </span>
            <span className="reorder">
              <button
                type="button"
                className="icon-button icon-button-sm"
                data-dir="-1"
                aria-label={t('moveUp', { name: b.name })}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <ChevronUp />
              </button>
              <button
                type="button"
                className="icon-button icon-button-sm"
                data-dir="1"
                aria-label={t('moveDown', { name: b.name })}
                disabled={i === balances.length - 1}
                onClick={() => move(i, 1)}
              >
                <ChevronDown />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {extra}

      <button type="button" className="btn btn-secondary btn-block" data-testid="logout" onClick={onLogout}>
        <LogoutIcon /> {t('logout')}
      </button>
    </div>
  );
}
