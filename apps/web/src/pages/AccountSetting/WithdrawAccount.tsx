/**
 * "회원 탈퇴" / "Delete account": the two-button confirm popup, then a fresh wallet signature, then /user/withdraw.
 * Something still open (22) shows the list, each with a link to where it is ended or collected; success signs out
 * (the session is gone on the server too) and says so.
 */
import { ReturnCode, type WithdrawalObligationLine } from '@att/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { sessionStore } from '../../lib/session';
import { auth, signFresh } from '../../features/auth';
import { popups } from '../../features/popups';

export function WithdrawAccount({ address }: { address: string }) {
  const { t, i18n } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<WithdrawalObligationLine[] | null>(null);
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ko';

  async function withdraw() {
    const { id, ticket } = sessionStore.get();
    if (!id || !ticket || !address) return;
    setBusy(true);
    try {
      const signed = await signFresh(address);
      if (!signed.ok) {
        if (signed.code !== undefined) popups.error(signed.code);
        else popups.ok(t('withdraw.notSigned'));
        return;
      }
      const r = await api('/user/withdraw', { id, ticketId: ticket, ...signed.signed });
      if (r.returnCode === ReturnCode.RelatedDataExists && r.data) return void setOpen(r.data.obligations);
      if (r.returnCode !== ReturnCode.Success) return void popups.error(r.returnCode);
      setOpen(null);
      auth.logout();
      popups.ok(t('withdraw.done'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack" data-testid="withdraw-section">
      <h3 className="section-label">{t('withdraw.title')}</h3>
      <p className="muted">{t('withdraw.text')}</p>
      {open && (
        <div className="stack" role="alert" data-testid="withdraw-obligations">
          <p>{t('withdraw.endFirst')}</p>
          <ul>
            {open.map((line) => (
              <li key={line.kind} data-testid={`withdraw-obligation-${line.kind}`}>
                <Link to={line.path}>{line[lang]}</Link> ({line.count})
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="withdraw"
          disabled={busy || !address}
          aria-busy={busy}
          onClick={() =>
            popups.confirm(t('withdraw.confirm'), () => void withdraw(), { confirmLabel: t('withdraw.button') })
          }
        >
          {t('withdraw.button')}
        </button>
      </div>
    </div>
  );
}
