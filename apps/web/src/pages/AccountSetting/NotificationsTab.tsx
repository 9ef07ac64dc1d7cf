import type { UserInfo } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadUserInfo } from '../../features/auth';
import { popups } from '../../features/popups/popup-store';
import { api } from '../../lib/api';
import { amountToWei, weiToAmount } from './settings-validation';

/**
 * The notification switches: one per alert kind (flagFloorMove, ours: the watchlist's floor alert; just before
 * flagMinOffer, whose amounts follow the list), then flagEmail, which sends each alert the member receives by
 * e-mail as well (an alert mail's unsubscribe link turns it off; this switch turns it back on).
 */
export const ALARM_FLAGS = [
  'flagItemSell',
  'flagBid',
  'flagAcceptOffer',
  'flagExpiredSell',
  'flagOverOffer',
  'flagFloorMove',
  'flagMinOffer',
  'flagEmail',
] as const;
type Flag = (typeof ALARM_FLAGS)[number];

export function NotificationsTab({ info, auth }: { info: UserInfo; auth: { id: string; ticket: string } }) {
  const { t } = useTranslation('account');
  const ids = { klay: useId(), att: useId() };
  const [flags, setFlags] = useState<Record<Flag, boolean>>(
    () => Object.fromEntries(ALARM_FLAGS.map((f) => [f, info[f] === 1])) as Record<Flag, boolean>,
  );
  const [minKlay, setMinKlay] = useState(weiToAmount(info.minOfferPriceKlay));
  const [minAtt, setMinAtt] = useState(weiToAmount(info.minOfferPriceAtt));
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const klayWei = amountToWei(minKlay);
  const attWei = amountToWei(minAtt);

  async function save(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (klayWei === null || attWei === null) return;
    setBusy(true);
    try {
      const bit = (f: Flag) => (flags[f] ? 1 : 0) as 0 | 1;
      const r = await api('/user/alarm/update', {
        id: auth.id,
        ticketId: auth.ticket,
        flagItemSell: bit('flagItemSell'),
        flagBid: bit('flagBid'),
        flagAcceptOffer: bit('flagAcceptOffer'),
        flagExpiredSell: bit('flagExpiredSell'),
        flagOverOffer: bit('flagOverOffer'),
        flagMinOffer: bit('flagMinOffer'),
        flagFloorMove: bit('flagFloorMove'),
        flagEmail: bit('flagEmail'),
        minOfferPriceKlay: klayWei,
        minOfferPriceAtt: attWei,
      });
      if (r.returnCode !== 0) return popups.error(r.returnCode);
      await reloadUserInfo();
      popups.ok(t('notifications.saved'));
    } finally {
      setBusy(false);
    }
  }

  const amountField = (
    id: string,
    label: string,
    value: string,
    set: (v: string) => void,
    wei: string | null,
    testId: string,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        data-testid={testId}
        aria-invalid={touched && wei === null}
        onChange={(e) => set(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      {touched && wei === null && (
        <p className="field-error" role="alert">
          {t('notifications.invalidAmount')}
        </p>
      )}
    </div>
  );

  const toggle = (f: Flag) => (
    <li key={f}>
      <label className="toggle-row">
        <span>
          <strong>{t(`notifications.${f}`)}</strong>
          <span className="muted small">{t(`notifications.${f}Desc`)}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          data-testid={`alarm-flag-${f}`}
          checked={flags[f]}
          onChange={(e) => setFlags((x) => ({ ...x, [f]: e.target.checked }))}
        />
      </label>
    </li>
  );

  return (
    <form className="form" onSubmit={save} noValidate>
      <div>
        <h2 className="panel-title">{t('notifications.title')}</h2>
        <p className="muted">{t('notifications.text')}</p>
      </div>
      <ul className="toggle-list">{ALARM_FLAGS.filter((f) => f !== 'flagEmail').map(toggle)}</ul>
      <div className="grid-2">
        {amountField(ids.klay, t('notifications.minKlay'), minKlay, setMinKlay, klayWei, 'alarm-min-klay')}
        {amountField(ids.att, t('notifications.minAtt'), minAtt, setMinAtt, attWei, 'alarm-min-att')}
      </div>
      <ul className="toggle-list">{toggle('flagEmail')}</ul>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" data-testid="alarm-save" disabled={busy}>
          {t('notifications.save')}
        </button>
      </div>
    </form>
  );
}
