import { ReturnCode } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isAddress } from 'viem';
import { MailIcon } from '../../components/ui/icons';
import { loginStore } from '../../features/auth';
import { loadWallet } from '../../features/wallet/wallet-loader';
import { hasWallet } from '../../features/auth/login-machine';
import { forgetSignUpEmail } from '../../features/auth/signup-email';
import { signIn } from '../../features/auth/siwe';
import { popups } from '../../features/popups/popup-store';
import { DEV_ACCOUNT_COUNT, devAccount } from '../../features/wallet/dev-wallet';
import {
  connectWallet,
  currentWallet,
  getDevWallet,
  isWalletAvailable,
  WalletError,
  type WalletKind,
} from '../../features/wallet/wallet';
import { showWalletMessage } from '../../features/wallet/wallet-message';
import { shortAddress } from '../../features/wallet/address';
import { api } from '../../lib/api';
import { loadChain } from '../../lib/config';

/**
 * The wallet to verify with when no wallet is held by the login machine: the one wagmi holds, else an injected
 * one, else the dev wallet on the local chain (switched to the link's account: nobody is signed in with it).
 */
function pickWallet(address: string): WalletKind | null {
  const held = currentWallet();
  if (held) return held.kind;
  if (isWalletAvailable('injected')) return 'injected';
  if (isWalletAvailable('kaikas')) return 'kaikas';
  const dev = getDevWallet();
  if (!dev) return null;
  for (let i = 0; i < DEV_ACCOUNT_COUNT; i++) {
    if (devAccount(i).address.toLowerCase() === address.toLowerCase()) dev.selectAccount(i);
  }
  return 'dev';
}

export function EmailVerify() {
  const { email, cert, address } = useParams();
  if (!email || !cert || !address || !isAddress(address, { strict: false })) return <Navigate to="/" replace />;
  return <EmailVerifyForm email={email} cert={cert} address={address} />;
}

interface Mismatch {
  connected: string;
  /** The member signed in with the connected wallet, if any: switching the wallet account signs them out. */
  member: string | null;
}

function EmailVerifyForm({ email, cert, address }: { email: string; cert: string; address: string }) {
  const { t } = useTranslation(['auth', 'wallet']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const target = address.toLowerCase();

  /**
   * A wallet the login machine holds (a signed-in member, or a connected wallet) is used as it is: never
   * reconnected or switched, so verifying a link of another wallet cannot sign anybody out. Else connect one.
   */
  async function walletToSign(): Promise<{ address: string; chainId: number } | null> {
    const login = loginStore.get();
    if (hasWallet(login)) {
      if (login.address.toLowerCase() !== target) {
        setMismatch({ connected: login.address, member: login.name === 'loggedIn' ? login.id : null });
        return null;
      }
      const held = currentWallet();
      return { address: login.address, chainId: held?.chainId ?? 0 };
    }
    const kind = pickWallet(address);
    if (!kind) {
      showWalletMessage('notInstalled');
      return null;
    }
    try {
      const connected = await connectWallet(kind);
      if (connected.address.toLowerCase() !== target) {
        setMismatch({ connected: connected.address, member: null });
        return null;
      }
      return connected;
    } catch (err) {
      showWalletMessage(err instanceof WalletError ? err.reason : 'failed');
      return null;
    }
  }

  async function verify() {
    setBusy(true);
    setMismatch(null);
    try {
      const chain = await loadChain();
      await loadWallet();
      const wallet = await walletToSign();
      if (!wallet) return;
      if (chain && wallet.chainId !== chain.front.chainId) {
        popups.network(chain.front.chainId);
        return;
      }
      const signed = await signIn(target);
      if (!signed.ok) {
        if (signed.reason) showWalletMessage(signed.reason);
        else popups.error(signed.code ?? ReturnCode.Undefined);
        return;
      }
      const r = await api('/emailVerify/register/check', { ...signed.signed, email, cert });
      if (r.returnCode === 0) {
        forgetSignUpEmail(address);
        navigate('/SignUpComplete');
      } else popups.error(r.returnCode);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page page-narrow center-card">
      <div className="card hero-card">
        <span className="success-badge info" aria-hidden="true">
          <MailIcon />
        </span>
        <h1>{t('auth:emailVerify.title')}</h1>
        <p className="muted">{t('auth:emailVerify.text')}</p>
        <dl className="kv">
          <dt>{t('auth:emailVerify.email')}</dt>
          <dd data-testid="email-verify-email">{email}</dd>
          <dt>{t('auth:emailVerify.address')}</dt>
          <dd className="mono break">{address}</dd>
        </dl>
        {mismatch && (
          <div className="field-error" role="alert" data-testid="email-verify-mismatch">
            <p>
              {t('auth:emailVerify.addressMismatch', {
                expected: shortAddress(address),
                connected: shortAddress(mismatch.connected),
              })}
            </p>
            {mismatch.member && <p>{t('auth:emailVerify.signedInAs', { id: mismatch.member })}</p>}
          </div>
        )}
        <button
          type="button"
          className="btn btn-primary btn-lg btn-block"
          data-testid="email-verify-button"
          disabled={busy}
          onClick={() => void verify()}
        >
          {busy ? t('auth:emailVerify.working') : t('auth:emailVerify.button')}
        </button>
      </div>
    </section>
  );
}
