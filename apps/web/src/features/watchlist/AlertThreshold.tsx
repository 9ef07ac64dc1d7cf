/**
 * The floor alert's threshold of a followed collection: a select (off, 5, 10, 20, 50 %; a value set elsewhere is kept
 * as an option), a native control so a keyboard and a screen reader use it as any. Choosing one sets it on the
 * server (a follow with `alertPercent`, measured from the floor now; off clears it), then the follow state and the
 * watchlist are read again; a failure shows the error and the select keeps the server's value.
 */
import { ReturnCode, WatchKind } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { popups } from '../popups';
import { useWatchAuth, watchKeys } from './watchlist-queries';

/** The thresholds offered, in whole percent. */
export const ALERT_THRESHOLDS = [5, 10, 20, 50] as const;

export function AlertThreshold({ collectionIdx, value }: { collectionIdx: number; value: number | null }) {
  const { t } = useTranslation('watchlist');
  const auth = useWatchAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const options = [...new Set<number>([...ALERT_THRESHOLDS, ...(value === null ? [] : [value])])].sort((a, b) => a - b);
  if (!auth) return null;

  async function choose(v: string) {
    if (!auth) return;
    setBusy(true);
    try {
      const alertPercent = v === '' ? null : Number(v);
      const kind = WatchKind.Collection;
      const reply = await api('/watchlist/follow', { ...auth, kind, targetIdx: collectionIdx, alertPercent });
      if (reply.returnCode === ReturnCode.Success && reply.data) {
        queryClient.setQueryData(watchKeys.state(auth, kind, collectionIdx), reply.data);
        void queryClient.invalidateQueries({ queryKey: watchKeys.lists() });
      } else popups.error(reply.returnCode);
    } catch {
      popups.error(ReturnCode.HttpTrouble);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="watch-alert">
      <label htmlFor={id} className="sr-only">
        {t('alertLabel')}
      </label>
      <select
        id={id}
        className="watch-alert-select"
        data-testid="watch-alert"
        value={value === null ? '' : String(value)}
        disabled={busy}
        title={t('alertLabel')}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value="">{t('alertOff')}</option>
        {options.map((p) => (
          <option key={p} value={String(p)}>
            {t('alertPercent', { percent: p })}
          </option>
        ))}
      </select>
    </span>
  );
}
