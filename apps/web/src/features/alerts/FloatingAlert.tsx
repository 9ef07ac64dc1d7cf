import { INQUIRY_ANSWERED_ALERT, INTERVALS } from '@att/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../components/ui/icons';
import { CloseIcon } from '../../components/ui/Dialog';
import { queryClient } from '../../lib/query-client';
import { alertStore, useFloatingAlert } from './alert-store';

/**
 * The floating alert (types 1-6 items, 7 an inquiry answered): close hides it and clears it after 1 s; a click opens
 * the item (or the inquiry list) and resets it.
 */
export function FloatingAlert() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alert = useFloatingAlert();
  const answered = alert?.type === INQUIRY_ANSWERED_ALERT;
  // An answered inquiry: the inquiry list (if open) shows the answer at once.
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: ['support', 'inquiries'] });
  }, [answered, alert]);
  if (!alert) return null;
  const type = String(alert.type) as '1' | '2' | '3' | '4' | '5' | '6' | '7';
  const inquiry = answered;
  const close = () => {
    alertStore.set({ ...alert, visible: false });
    setTimeout(() => {
      if (alertStore.get()?.visible === false) alertStore.set(null);
    }, INTERVALS.alertClearDelayMs);
  };
  const open = () => {
    alertStore.set(null);
    if (inquiry) navigate('/Inquiry');
    else if (alert.productIdx !== undefined) navigate(`/NftInfo/${alert.productIdx}`);
  };
  return (
    <div className={`floating-alert ${alert.visible ? 'is-visible' : ''}`} data-testid="floating-alert" role="status" aria-live="polite">
      <button type="button" className="floating-alert-body" onClick={open}>
        <span className="floating-alert-icon" aria-hidden="true">
          <BellIcon />
        </span>
        <span>
          <strong>{t('alert.title')}</strong>
          <span>{t(`alert.types.${type}`)}</span>
          {inquiry && <span className="link-sm">{t('alert.viewInquiry')}</span>}
          {!inquiry && alert.productIdx !== undefined && <span className="link-sm">{t('alert.view')}</span>}
        </span>
      </button>
      <button type="button" className="icon-button icon-button-sm" aria-label={t('alert.close')} onClick={close}>
        <CloseIcon />
      </button>
    </div>
  );
}
