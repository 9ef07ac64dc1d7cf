import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { currentLanguage } from '../../i18n';
import { supportQueries } from './support-queries';
import { clearSnoozes, snoozeNotice, visibleNotices } from './notice-popup';
import './support.css';

/**
 * The notice popup on every page: popup notices one after another (closing shows the next); a non-forced one
 * offers "don't show for 24 hours"; forced ones always show. `?nr` clears the saved dismissals. Failures are
 * only logged (spec 2, section 8). Not shown in the operator console. `held`: another popup is open (a message, a
 * wallet event, the sign-up steps); the notice waits for it to close, so popups come one at a time, never stacked.
 */
export function NoticePopup({ held = false }: { held?: boolean }) {
  const { t } = useTranslation('support');
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const reset = params.has('nr');
  const [closed, setClosed] = useState<number[]>([]);
  useEffect(() => {
    if (reset) {
      clearSnoozes();
      setClosed([]);
    }
  }, [reset]);
  const query = useQuery(supportQueries.noticePopups(lang));
  useEffect(() => {
    if (query.error) console.error('[notice popup] could not load', query.error);
  }, [query.error]);

  const queue = visibleNotices(query.data?.list ?? []).filter((n) => !closed.includes(n.idx));
  const current = queue[0];
  // The operator console is not a member page: no popups over it.
  if (!current || held || pathname.startsWith('/admin')) return null;
  const total = closed.length + queue.length;
  const close = () => setClosed((c) => [...c, current.idx]);
  const snooze = () => {
    snoozeNotice(current.idx);
    close();
  };

  return (
    <Dialog
      key={current.idx}
      title={
        <span className="notice-popup-title">
          <span className="pinned-label">{t('popup.label')}</span> {current.title}
        </span>
      }
      onClose={close}
      size="md"
      testId="notice-popup"
      footer={
        <div className="notice-popup-footer">
          <span className="muted small" data-testid="notice-popup-counter">
            {t('popup.counter', { current: closed.length + 1, total })}
          </span>
          {current.flagForce !== 1 && (
            <button type="button" className="btn btn-outline" onClick={snooze} data-testid="notice-popup-snooze">
              {t('popup.snooze')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={close} data-testid="notice-popup-close" data-autofocus>
            {t('popup.close')}
          </button>
        </div>
      }
    >
      <div data-testid="notice-popup-item" data-idx={current.idx} data-force={current.flagForce}>
        <SafeHtml html={current.message} className="rich-text notice-popup-body" />
        <p className="small">
          <Link to={`/Notice/${current.idx}`} onClick={close}>
            {t('notice.title')} →
          </Link>
        </p>
      </div>
    </Dialog>
  );
}
