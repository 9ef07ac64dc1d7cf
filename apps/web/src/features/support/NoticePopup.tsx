import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { currentLanguage } from '../../i18n';
import { supportQueries } from './support-queries';
import { clearSnoozes, snoozeNotice, visibleNotices } from './notice-popup';
import './support.css';

const NoticeDialog = lazy(() => import('./NoticeDialog').then((m) => ({ default: m.NoticeDialog })));

/**
 * The notice popup on every page: popup notices one after another (closing shows the next); a non-forced one
 * offers "don't show for 24 hours"; forced ones always show. `?nr` clears the saved dismissals. Failures are
 * only logged (spec 2, section 8). Once the member has closed the last one, it stays closed for this page (a
 * language switch loads the other language's notices, other rows, and must not reopen it). Not shown in the operator console. `held`: another popup is open (a message, a
 * wallet event, the sign-up steps); the notice waits for it to close, so popups come one at a time, never stacked.
 */
export function NoticePopup({ held = false }: { held?: boolean }) {
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const reset = params.has('nr');
  const [closed, setClosed] = useState<number[]>([]);
  // The member went through the popup: a language switch (whose notices are other rows) does not bring it back.
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (reset) {
      clearSnoozes();
      setClosed([]);
      setDone(false);
    }
  }, [reset]);
  const query = useQuery(supportQueries.noticePopups(lang));
  useEffect(() => {
    if (query.error) console.error('[notice popup] could not load', query.error);
  }, [query.error]);

  const queue = visibleNotices(query.data?.list ?? []).filter((n) => !closed.includes(n.idx));
  const current = queue[0];
  // The operator console is not a member page: no popups over it.
  if (!current || done || held || pathname.startsWith('/admin')) return null;
  const total = closed.length + queue.length;
  const close = () => {
    setClosed((c) => [...c, current.idx]);
    if (queue.length === 1) setDone(true);
  };
  const snooze = () => {
    snoozeNotice(current.idx);
    close();
  };

  return (
    <Suspense fallback={null}>
      <NoticeDialog
        key={current.idx}
        current={current}
        position={closed.length + 1}
        total={total}
        close={close}
        snooze={snooze}
      />
    </Suspense>
  );
}
