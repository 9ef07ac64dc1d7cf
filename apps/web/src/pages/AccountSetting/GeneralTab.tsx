import type { UserInfo } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_LABEL } from '../../features/account/image-check';
import { ImagePicker } from '../../features/account/ImagePicker';
import { reloadUserInfo } from '../../features/auth';
import { popups } from '../../features/popups/popup-store';
import { api, type UploadKind, uploadUserImage } from '../../lib/api';
import { cdnImage, useFrontConfig } from '../../lib/config';
import { updateSession } from '../../lib/session';
import { aboutMeError, aboutMeLength } from './settings-validation';

export function GeneralTab({ info, auth }: { info: UserInfo; auth: { id: string; ticket: string } }) {
  const { t } = useTranslation('account');
  const front = useFrontConfig();
  const ids = { name: useId(), about: useId(), email: useId() };
  const [aboutMe, setAboutMe] = useState(info.aboutMe);
  const [profile, setProfile] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [progress, setProgress] = useState<Record<UploadKind, number | null>>({ profile: null, banner: null });
  const [busy, setBusy] = useState(false);
  const error = aboutMeError(aboutMe);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (error) return;
    setBusy(true);
    try {
      const r = await api('/user/update', { id: auth.id, ticketId: auth.ticket, aboutMe });
      if (r.returnCode !== 0) return popups.error(r.returnCode);
      for (const [kind, file] of [
        ['profile', profile],
        ['banner', banner],
      ] as const) {
        if (!file) continue;
        setProgress((p) => ({ ...p, [kind]: 0 }));
        const up = await uploadUserImage(kind, auth, file, (percent) =>
          setProgress((p) => ({ ...p, [kind]: percent })),
        );
        setProgress((p) => ({ ...p, [kind]: null }));
        if (up.returnCode !== 0) return popups.error(up.returnCode);
        if (kind === 'profile') {
          setProfile(null);
          updateSession({ profileImage: up.data?.fileName ?? null });
        } else setBanner(null);
      }
      await reloadUserInfo();
      popups.ok(t('general.saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor={ids.name}>{t('general.username')}</label>
        <input
          id={ids.name}
          value={info.id}
          readOnly
          aria-describedby={`${ids.name}-hint`}
          data-testid="account-username"
        />
        <p className="hint" id={`${ids.name}-hint`}>
          {t('general.readOnly')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.about}>{t('general.aboutMe')}</label>
        <textarea
          id={ids.about}
          rows={4}
          value={aboutMe}
          data-testid="account-about"
          aria-invalid={Boolean(error)}
          aria-describedby={`${ids.about}-count`}
          onChange={(e) => setAboutMe(e.target.value)}
        />
        <p className={`counter ${error ? 'over' : ''}`} id={`${ids.about}-count`} aria-live="polite">
          {t('general.aboutMeCounter', { count: aboutMeLength(aboutMe) })}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {t(`general.${error}`)}
          </p>
        )}
      </div>
      <div className="image-pickers">
        <ImagePicker
          label={t('general.profileImage')}
          guide={t('general.profileGuide', { max: IMAGE_MAX_LABEL })}
          shape="round"
          file={profile}
          onChange={setProfile}
          currentUrl={cdnImage(front.data?.cdnUrl, 'profile', info.profile)}
          progress={progress.profile}
          testId="account-profile-input"
        />
        <ImagePicker
          label={t('general.bannerImage')}
          guide={t('general.bannerGuide', { max: IMAGE_MAX_LABEL })}
          shape="wide"
          file={banner}
          onChange={setBanner}
          currentUrl={cdnImage(front.data?.cdnUrl, 'banner', info.banner)}
          progress={progress.banner}
          testId="account-banner-input"
        />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>{t('general.email')}</label>
        <input id={ids.email} value={info.email} readOnly data-testid="account-email" />
        <p className="hint">{t('general.readOnly')}</p>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" data-testid="account-save" disabled={busy || Boolean(error)}>
          {busy ? t('general.saving') : t('general.save')}
        </button>
      </div>
    </form>
  );
}
