import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { chainInfo, useFrontConfig, useNetworkConfig } from '../../lib/config';
import { WALLET_INSTALL_URL } from '../../lib/links';
import { DEV_ACCOUNT_COUNT, devAccount } from './dev-wallet';
import { configureDevWallet, getDevWallet, isWalletAvailable, type WalletKind } from './wallet';

function shortAddress(a: string) {
  return `${a.slice(0, 6)}…${a.slice(-4)}`;
}

export interface ConnectDialogProps {
  /** The member chose a wallet (the dev wallet is already switched to the chosen account). */
  onChoose: (kind: WalletKind) => void;
  onClose: () => void;
}

/** The wallet choice: Kaia Wallet, a browser wallet, and on the local chain the dev wallet with its account. */
export function ConnectDialog({ onChoose, onClose }: ConnectDialogProps) {
  const { t } = useTranslation('wallet');
  const front = useFrontConfig();
  const networks = useNetworkConfig();
  const selectId = useId();
  const chain = chainInfo(networks.data, front.data?.chainId);
  // The dev wallet exists only on the local dev chain (front config `devWallet`), with that chain's RPC.
  const devChain = front.data?.devWallet && chain ? { rpcUrl: chain.rpcUrl, chainId: chain.chainId } : null;
  const [devIndex, setDevIndex] = useState(() => getDevWallet()?.selectedIndex ?? 0);

  const choose = (kind: WalletKind) => {
    if (kind === 'dev') configureDevWallet(devChain)?.selectAccount(devIndex);
    onChoose(kind);
  };

  // The E2E journeys click `injected-wallet-option` for whichever injected wallet the page has: the
  // browser wallet (window.ethereum) when present, else Kaia Wallet (window.klaytn).
  const hasEthereum = isWalletAvailable('injected');
  const hasKlaytn = isWalletAvailable('kaikas');
  const kaikasTestId = hasKlaytn && !hasEthereum ? 'injected-wallet-option' : 'kaikas-wallet-option';
  const injectedTestId = hasKlaytn && !hasEthereum ? 'browser-wallet-option' : 'injected-wallet-option';

  const option = (kind: 'kaikas' | 'injected', testId: string, name: string, logo: string) => {
    const available = isWalletAvailable(kind);
    return (
      <li>
        <button type="button" className="wallet-option" data-testid={testId} onClick={() => choose(kind)}>
          <span className={`wallet-logo wallet-logo-${kind}`} aria-hidden="true">
            {logo}
          </span>
          <span className="wallet-option-text">
            <strong>{name}</strong>
            <small>{t('injectedHint')}</small>
          </span>
          <span className={`badge ${available ? 'badge-ok' : ''}`}>{available ? t('detected') : t('notDetected')}</span>
        </button>
      </li>
    );
  };

  return (
    <Dialog title={t('connectTitle')} onClose={onClose} testId="connect-dialog">
      <p className="muted">{t('connectIntro')}</p>
      <ul className="wallet-options">
        {option('kaikas', kaikasTestId, t('kaiaWallet'), 'K')}
        {option('injected', injectedTestId, t('injectedWallet'), 'M')}
        {devChain && (
          <li className="dev-wallet">
            <div className="dev-wallet-head">
              <span className="wallet-logo wallet-logo-dev" aria-hidden="true">
                D
              </span>
              <span className="wallet-option-text">
                <strong>{t('devWallet')}</strong>
                <small>{t('devWalletHint')}</small>
              </span>
            </div>
            <div className="dev-wallet-row">
              <label htmlFor={selectId} className="sr-only">
                {t('devAccount')}
              </label>
              <select
                id={selectId}
                data-testid="dev-wallet-account"
                value={devIndex}
                onChange={(e) => setDevIndex(Number(e.target.value))}
              >
                {Array.from({ length: DEV_ACCOUNT_COUNT }, (_, i) => (
                  <option key={i} value={i}>
                    {t('devAccountOption', { n: i + 1 })} · {shortAddress(devAccount(i).address)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="dev-wallet-option"
                onClick={() => choose('dev')}
              >
                {t('connect')}
              </button>
            </div>
          </li>
        )}
      </ul>
      <p className="hint connect-links">
        <a href={WALLET_INSTALL_URL} target="_blank" rel="noopener noreferrer">
          {t('messages.installLink')}
        </a>
        {/* The guide of the wallet panel, reachable here too: on a phone the header has no room for the panel's button. */}
        <Link to="/Notice" data-testid="connect-dialog-guide" onClick={onClose}>
          {t('guide')}
        </Link>
      </p>
    </Dialog>
  );
}
