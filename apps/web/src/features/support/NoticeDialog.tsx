/**
 * The notice popup's dialog (NoticePopup.tsx decides which notice shows): its HTML goes through the sanitizer, which
 * is loaded only when a notice is shown, not with every page's first load.
 */
import type { Notice } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { SafeHtml } from '../../components/ui/SafeHtml';

export function NoticeDialog({
  current,
  position,
  total,
  close,
  snooze,
}: {
  current: Notice;
  position: number;
  total: number;
  close: () => void;
  snooze: () => void;
}) {
  const { t } = useTranslation('support');
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
            {t('popup.counter', { current: position, total })}
          </span>
          {current.flagForce !== 1 && (
            <button type="button" className="btn btn-outline" onClick={snooze} data-testid="notice-popup-snooze">
              {t('popup.snooze')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={close}
            data-testid="notice-popup-close"
            data-autofocus
          >
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
