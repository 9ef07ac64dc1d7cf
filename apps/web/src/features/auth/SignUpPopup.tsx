import { ABOUT_ME_MAX, BANNER_MAX_BYTES, ReturnCode } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { currentLanguage } from '../../i18n';
import { api } from '../../lib/api';
import { clearReferral, storedReferral } from '../../lib/referral-link';
import { IMAGE_MAX_LABEL, ImagePicker, mbLabel } from '../account';
import { showWalletMessage } from '../wallet';
import { popups } from '../popups';
import { auth } from './auth-controller';
import { savePendingImage } from './pending-images';
import { rememberSignUpEmail } from './signup-email';
import {
  availabilityErrors,
  fieldForCode,
  liveEmailError,
  submitEmailError,
  type SignUpErrors,
  type SignUpForm,
  usernameError,
  validateSignUp,
} from './signup-validation';
import { signIn } from './siwe';

export function SignUpPopup({ address }: { address: string }) {
  const { t } = useTranslation(['auth', 'wallet']);
  const ids = { u: useId(), e: useId(), a: useId(), addr: useId() };
  const [form, setForm] = useState<SignUpForm>({
    username: '',
    email: '',
    aboutMe: '',
    agreeAge: false,
    agreeTerms: false,
    agreePrivacy: false,
  });
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [profile, setProfile] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof SignUpForm>(k: K, v: SignUpForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: keyof SignUpErrors) => (errors[k] ? t(`auth:signUp.errors.${errors[k]}`) : null);

  /** On leaving a well-formed field: is the name or e-mail free? (Public and cheap; submit asks again.) */
  async function checkAvailable(field: 'username' | 'email') {
    const value = form[field].trim();
    if (field === 'username' ? usernameError(value) : submitEmailError(value)) return;
    const r = await api('/user/available', field === 'username' ? { id: value } : { email: value });
    const taken = availabilityErrors(r.data)[field];
    // Only if the field still holds what was asked about.
    const input = document.getElementById(field === 'username' ? ids.u : ids.e) as HTMLInputElement | null;
    if (input?.value.trim() === value) setErrors((x) => ({ ...x, [field]: taken }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateSignUp(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = found.username ? ids.u : found.email ? ids.e : found.aboutMe ? ids.a : null;
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      const id = form.username.trim();
      const email = form.email.trim();
      // A cheap public check first: a taken (or look-alike) name or a taken e-mail costs no wallet signature.
      const available = await api('/user/available', { id, email });
      if (available.returnCode !== 0) {
        const taken = availabilityErrors(available.data);
        if (Object.keys(taken).length === 0) return void popups.error(available.returnCode);
        setErrors(taken);
        document.getElementById(taken.username ? ids.u : ids.e)?.focus();
        return;
      }
      const signed = await signIn(address);
      if (!signed.ok) {
        if (signed.reason) showWalletMessage(signed.reason);
        else popups.error(signed.code ?? ReturnCode.Undefined);
        return;
      }
      const r = await api('/cert/email/register/request', {
        ...signed.signed,
        email,
        id,
        lang: currentLanguage(),
        aboutMe: form.aboutMe,
        agreeAge: true,
        agreeTerms: true,
        agreePrivacy: true,
        ref: storedReferral(),
      });
      if (r.returnCode === 0) {
        clearReferral();
        await Promise.all([
          savePendingImage(address, 'profile', profile).catch(() => undefined),
          savePendingImage(address, 'banner', banner).catch(() => undefined),
        ]);
        rememberSignUpEmail(address, email);
        auth.signedUp(email);
        return;
      }
      const field = fieldForCode(r.returnCode);
      // 42, 223 and 226 go under their fields; 111 and every other code (901 included) open the error popup.
      if (field) setErrors({ [field.field]: field.key });
      else popups.error(r.returnCode);
    } finally {
      setBusy(false);
    }
  }

  const aboutLength = [...form.aboutMe].length;

  return (
    <Dialog
      title={t('auth:signUp.title')}
      onClose={busy ? undefined : () => auth.dismiss()}
      size="md"
      testId="signup-popup"
    >
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{t('auth:signUp.intro')}</p>
        <div className="image-pickers">
          <ImagePicker
            label={t('auth:signUp.profileImage')}
            guide={t('auth:signUp.imageGuide', { size: '350x350', max: IMAGE_MAX_LABEL })}
            shape="round"
            file={profile}
            onChange={setProfile}
            testId="signup-profile-input"
          />
          <ImagePicker
            label={t('auth:signUp.bannerImage')}
            guide={t('auth:signUp.imageGuide', { size: '1920x320', max: mbLabel(BANNER_MAX_BYTES) })}
            maxBytes={BANNER_MAX_BYTES}
            shape="wide"
            file={banner}
            onChange={setBanner}
            testId="signup-banner-input"
          />
        </div>
        <p className="hint">{t('auth:signUp.imageLater')}</p>

        <div className="field">
          <label htmlFor={ids.u}>
            {t('auth:signUp.username')}{' '}
            <span className="req" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={ids.u}
            data-testid="signup-username"
            value={form.username}
            placeholder={t('auth:signUp.usernamePlaceholder')}
            autoComplete="username"
            aria-invalid={Boolean(errors.username)}
            aria-describedby={errors.username ? `${ids.u}-err` : undefined}
            onChange={(e) => {
              set('username', e.target.value);
              if (errors.username) setErrors((x) => ({ ...x, username: usernameError(e.target.value) }));
            }}
            onBlur={() => void checkAvailable('username')}
          />
          {err('username') && (
            <p role="alert" className="field-error" id={`${ids.u}-err`} data-testid="signup-username-error">
              {err('username')}
            </p>
          )}
        </div>

        <div className="field">
          <span className="label" id={ids.addr}>
            {t('auth:signUp.address')}
          </span>
          <p className="readonly-value mono" aria-labelledby={ids.addr} data-testid="signup-address">
            {address}
          </p>
          {err('address') && (
            <p role="alert" className="field-error" data-testid="signup-address-error">
              {err('address')}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={ids.e}>
            {t('auth:signUp.email')}{' '}
            <span className="req" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={ids.e}
            type="email"
            data-testid="signup-email"
            value={form.email}
            placeholder={t('auth:signUp.emailPlaceholder')}
            autoComplete="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${ids.e}-err` : undefined}
            onChange={(e) => {
              set('email', e.target.value);
              setErrors((x) => ({ ...x, email: liveEmailError(e.target.value) }));
            }}
            onBlur={() => void checkAvailable('email')}
          />
          {err('email') && (
            <p role="alert" className="field-error" id={`${ids.e}-err`} data-testid="signup-email-error">
              {err('email')}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={ids.a}>{t('auth:signUp.aboutMe')}</label>
          <textarea
            id={ids.a}
            data-testid="signup-about"
            rows={3}
            maxLength={ABOUT_ME_MAX}
            value={form.aboutMe}
            placeholder={t('auth:signUp.aboutMePlaceholder')}
            onChange={(e) => set('aboutMe', e.target.value)}
          />
          <p className="counter" aria-live="polite">
            {aboutLength} / {ABOUT_ME_MAX}
          </p>
          {err('aboutMe') && (
            <p role="alert" className="field-error">
              {err('aboutMe')}
            </p>
          )}
        </div>

        <fieldset className="agreements">
          <legend className="sr-only">{t('auth:signUp.title')}</legend>
          {(
            [
              ['agreeAge', 'signup-agree-age', null],
              ['agreeTerms', 'signup-agree-terms', '/UserTerms'],
              ['agreePrivacy', 'signup-agree-privacy', '/PrivacyPolicy'],
            ] as const
          ).map(([k, testId, link]) => (
            <div className="check-row" key={k}>
              <label className="check">
                <input
                  type="checkbox"
                  data-testid={testId}
                  checked={form[k]}
                  onChange={(e) => {
                    set(k, e.target.checked);
                    setErrors((x) => ({ ...x, agree: undefined }));
                  }}
                />
                <span>{t(`auth:signUp.${k}`)}</span>
              </label>
              {link && (
                <a href={link} target="_blank" rel="noopener noreferrer" className="link-sm">
                  {t('auth:signUp.viewTerms')}
                </a>
              )}
            </div>
          ))}
          {err('agree') && (
            <p role="alert" className="field-error" data-testid="signup-agree-error">
              {err('agree')}
            </p>
          )}
        </fieldset>

        <button type="submit" className="btn btn-primary btn-block" data-testid="signup-submit" disabled={busy}>
          {busy ? t('auth:signUp.submitting') : t('auth:signUp.submit')}
        </button>
      </form>
    </Dialog>
  );
}
