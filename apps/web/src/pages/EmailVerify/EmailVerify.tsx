import { ReturnCode } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isAddress } from 'viem';
import { MailIcon } from '../../components/ui/icons';
import { signIn } from '../../features/auth/siwe';
import { popups } from '../../features/popups/popup-store';
import { DEV_ACCOUNT_COUNT, devAccount } from '../../features/wallet/dev-wallet';
import { connectWallet, getDevWallet, isWalletAvailable, WalletError, type WalletKind } from '../../features/wallet/wallet';
import { api } from '../../lib/api';
import { loadChain } from '../../lib/config';

/** The wallet to use for verification: an injected one if present, else the dev wallet on the local chain. */
function pickWallet(address: string): WalletKind | null {
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

function EmailVerifyForm({ email, cert, address }: { email: string; cert: string; address: string }) {
  const { t } = useTranslation(['auth', 'wallet']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [mismatch, setMismatch] = useState(false);

  async function verify() {
    setBusy(true);
    setMismatch(false);
    try {
      const chain = await loadChain();
      const kind = pickWallet(address);
      if (!kind) {
        popups.ok(t('wallet:messages.notInstalled'));
        return;
      }
      let connected;
      try {
        connected = await connectWallet(kind);
      } catch (err) {
        const reason = err instanceof WalletError ? err.reason : 'failed';
        popups.ok(t(`wallet:messages.${reason === 'failed' ? 'connectFailed' : reason}`));
        return;
      }
      if (connected.address.toLowerCase() !== address.toLowerCase()) {
        setMismatch(true);
        return;
      }
      if (chain && connected.chainId !== chain.front.chainId) {
        popups.network(chain.front.chainId);
        return;
      }
      const signed = await signIn(connected.address.toLowerCase());
      if (!signed.ok) {
        if (signed.reason) popups.ok(t(`wallet:messages.${signed.reason === 'failed' ? 'connectFailed' : signed.reason}`));
        else popups.error(signed.code ?? ReturnCode.Undefined);
        return;
      }
      const r = await api('/emailVerify/register/check', { ...signed.signed, email, cert });
      if (r.returnCode === 0) navigate('/SignUpComplete');
      else popups.error(r.returnCode);
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
          <p className="field-error" role="alert" data-testid="email-verify-mismatch">
            {t('auth:emailVerify.addressMismatch')}
          </p>
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
