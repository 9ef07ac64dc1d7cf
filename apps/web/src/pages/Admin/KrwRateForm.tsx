import { krwPerUsdSchema } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popups } from '../../features/popups/popup-store';
import { useApiCall } from '../../lib/api';
import { frontConfigQuery, useFrontConfig } from '../../lib/config';
import { useAuthFields } from './admin-kit';

/** The won-a-dollar rate of the won estimates (/config/front), with the time it was last set. */
export function KrwRateForm() {
  const { t, i18n } = useTranslation('admin');
  const auth = useAuthFields();
  const queryClient = useQueryClient();
  const front = useFrontConfig();
  const [rate, setRate] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const save = useApiCall('/admin/config/krw', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: frontConfigQuery.queryKey });
      setRate(null);
      popups.ok(t('common.saved'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = (rate ?? front.data?.krwPerUsd ?? '').trim();
    const ok = krwPerUsdSchema.safeParse(value).success;
    setInvalid(!ok);
    if (ok && !save.busy) save.run({ ...auth, krwPerUsd: value });
  };
  const setAt = front.data?.krwRateDate;
  return (
    <section className="card">
      <h2 className="panel-title">{t('prices.krw')}</h2>
      <form className="admin-inline-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('prices.krw')}</span>
          <input
            inputMode="decimal"
            value={rate ?? front.data?.krwPerUsd ?? ''}
            onChange={(e) => setRate(e.target.value)}
            aria-invalid={invalid}
            aria-describedby="admin-krw-hint"
            data-testid="admin-krw"
          />
          <span className="hint" id="admin-krw-hint">
            {setAt
              ? t('prices.krwSetAt', { time: new Date(setAt).toLocaleString(i18n.language) })
              : t('prices.krwUnset')}
          </span>
          {invalid && <span className="field-error">{t('prices.invalidKrw')}</span>}
        </label>
        <button type="submit" className="btn btn-primary" disabled={save.busy} data-testid="admin-krw-save">
          {t('common.save')}
        </button>
      </form>
    </section>
  );
}
