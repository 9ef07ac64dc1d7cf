/**
 * The mail-sent popup (spec 1, popups): the address the verification mail went to, and what to do when it did
 * not arrive: send it again, or fix a mistyped e-mail. Both are signed by the sign-up's wallet and count against
 * the server's mail quotas (111 says so here, inline). An e-mail the server masked (/user/exist answers anyone)
 * is shown whole once the wallet signs in (/ticket/request names it to its own wallet).
 */
import { CERT_REQUEST_WINDOW_MS, ReturnCode } from '@att/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { MailIcon } from '../../components/ui/icons';
import { currentLanguage } from '../../i18n';
import { api } from '../../lib/api';
import { popups } from '../popups';
import { showWalletMessage } from '../wallet';
import { auth } from './auth-controller';
import { rememberSignUpEmail, signUpEmailToShow } from './signup-email';
import { liveEmailError, type SignUpErrorKey, submitEmailError } from './signup-validation';
import { type SignedMessage, signIn } from './siwe';

/** Seconds before the next resend is offered, so one impatient click does not spend the hour's quota. */
export const RESEND_COOLDOWN_S = 30;

type Notice = { kind: 'resent' } | { kind: 'changed'; email: string } | { kind: 'quota' } | null;

function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(RESEND_COOLDOWN_S)];
}

export function MailSentPopup({
  address,
  email,
  justSent,
  onClose,
}: {
  address: string;
  email: string;
  justSent: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [cooldown, startCooldown] = useCountdown();
  const [changing, setChanging] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<SignUpErrorKey | undefined>();
  /** The e-mail as the server names it to the signed-in wallet (until then /user/exist's masked one). */
  const [whole, setWhole] = useState<string | null>(null);
  const shown = whole ?? signUpEmailToShow(address, email);

  /** Signs with the sign-up's wallet and sends; returns the reply, or null when the wallet said no. */
  async function signedReply<R extends { returnCode: number }>(
    call: (signed: SignedMessage) => Promise<R>,
  ): Promise<R | null> {
    const signed = await signIn(address);
    if (!signed.ok) {
      if (signed.reason) showWalletMessage(signed.reason);
      else popups.error(signed.code ?? ReturnCode.Undefined);
      return null;
    }
    return call(signed.signed);
  }
  const signedCall = async (call: (signed: SignedMessage) => Promise<{ returnCode: number }>) =>
    (await signedReply(call))?.returnCode ?? null;

  /** The wallet signs in: the server names its own pending e-mail whole (13 with `email`). */
  async function reveal() {
    setBusy(true);
    try {
      const r = await signedReply((s) => api('/ticket/request', s));
      if (r === null) return;
      if (r.returnCode === ReturnCode.EarlierRequestExists && r.email) setWhole(r.email);
      else if (r.returnCode !== ReturnCode.Success) popups.error(r.returnCode);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setNotice(null);
    try {
      const code = await signedCall((s) => api('/cert/email/register/resend', { ...s, lang: currentLanguage() }));
      if (code === null) return;
      if (code === 0) {
        setNotice({ kind: 'resent' });
        startCooldown();
      } else if (code === ReturnCode.TooManyCertRequests) setNotice({ kind: 'quota' });
      else popups.error(code);
    } finally {
      setBusy(false);
    }
  }

  async function changeEmail(e: FormEvent) {
    e.preventDefault();
    const value = newEmail.trim();
    const invalid = submitEmailError(value);
    setEmailError(invalid);
    if (invalid) return;
    setBusy(true);
    setNotice(null);
    try {
      // A taken e-mail is known without a signature.
      const available = await api('/user/available', { email: value });
      if (available.data?.email === ReturnCode.EmailExists) return setEmailError('emailTaken');
      if (available.returnCode !== 0) return void popups.error(available.returnCode);
      const code = await signedCall((s) =>
        api('/cert/email/register/email', { ...s, email: value, lang: currentLanguage() }),
      );
      if (code === null) return;
      if (code === 0) {
        rememberSignUpEmail(address, value);
        auth.emailChanged(value);
        setChanging(false);
        setNewEmail('');
        setNotice({ kind: 'changed', email: value });
        startCooldown();
      } else if (code === ReturnCode.EmailExists) setEmailError('emailTaken');
      else if (code === ReturnCode.TooManyCertRequests) setNotice({ kind: 'quota' });
      else popups.error(code);
    } finally {
      setBusy(false);
    }
  }

  const minutes = Math.round(CERT_REQUEST_WINDOW_MS / 60_000);
  return (
    <Dialog
      title={t('auth:mailSent.title')}
      onClose={busy ? undefined : onClose}
      testId="mail-sent-popup"
      footer={
        <button
          type="button"
          className="btn btn-primary"
          data-testid="mail-sent-confirm"
          onClick={onClose}
          disabled={busy}
          data-autofocus
        >
          {t('common:popup.ok')}
        </button>
      }
    >
      <div className="mail-sent">
        <span className="mail-sent-icon">
          <MailIcon />
        </span>
        <p>{justSent ? t('auth:mailSent.text') : t('auth:mailSent.pendingText')}</p>
        <p className="mail-sent-email" data-testid="mail-sent-email">
          {shown}
        </p>
        {shown.includes('***') && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            data-testid="mail-sent-reveal"
            disabled={busy}
            onClick={() => void reveal()}
          >
            {t('auth:mailSent.reveal')}
          </button>
        )}
        <p className="hint">{t('auth:mailSent.validity')}</p>
        <p className="sr-only" aria-live="polite">
          {busy ? t('auth:mailSent.signing') : ''}
        </p>
        {notice && (
          <p
            className={notice.kind === 'quota' ? 'field-error mail-sent-notice' : 'mail-sent-notice'}
            role={notice.kind === 'quota' ? 'alert' : 'status'}
            data-testid="mail-sent-notice"
            data-kind={notice.kind}
          >
            {notice.kind === 'resent' && t('auth:mailSent.resent')}
            {notice.kind === 'changed' && t('auth:mailSent.changed', { email: notice.email })}
            {notice.kind === 'quota' && `${t('errors:111')} ${t('auth:mailSent.quota', { minutes })}`}
          </p>
        )}
        {changing ? (
          <form className="form mail-sent-change" onSubmit={changeEmail} noValidate>
            <div className="field">
              <label htmlFor={inputId}>{t('auth:mailSent.newEmail')}</label>
              <input
                id={inputId}
                type="email"
                autoComplete="email"
                data-testid="mail-sent-new-email"
                value={newEmail}
                placeholder={t('auth:signUp.emailPlaceholder')}
                aria-invalid={Boolean(emailError)}
                aria-describedby={emailError ? `${inputId}-err` : undefined}
                autoFocus
                onChange={(e) => {
                  setNewEmail(e.target.value);
                  setEmailError(liveEmailError(e.target.value));
                }}
              />
              {emailError && (
                <p role="alert" className="field-error" id={`${inputId}-err`} data-testid="mail-sent-new-email-error">
                  {t(`auth:signUp.errors.${emailError}`)}
                </p>
              )}
            </div>
            <div className="mail-sent-actions">
              <button type="button" className="btn btn-secondary" onClick={() => setChanging(false)} disabled={busy}>
                {t('common:popup.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" data-testid="mail-sent-change-submit" disabled={busy}>
                {t('auth:mailSent.changeSubmit')}
              </button>
            </div>
          </form>
        ) : (
          <div className="mail-sent-actions">
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="mail-sent-resend"
              disabled={busy || cooldown > 0}
              onClick={() => void resend()}
            >
              {cooldown > 0 ? t('auth:mailSent.resendIn', { seconds: cooldown }) : t('auth:mailSent.resend')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="mail-sent-change"
              disabled={busy}
              onClick={() => {
                setNotice(null);
                setChanging(true);
              }}
            >
              {t('auth:mailSent.change')}
            </button>
          </div>
        )}
        <p className="hint">{t('auth:mailSent.signHint')}</p>
      </div>
    </Dialog>
  );
}
