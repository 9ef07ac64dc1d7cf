import { AlertType, INTERVALS } from '@att/shared';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../components/ui/icons';
import { CloseIcon } from '../../components/ui/Dialog';
import { queryClient } from '../../lib/api';
import { supportKeys } from '../support';
import { alertStore, useAlertCorrection, useFloatingAlert } from './alert-store';
import { alertActionKey, alertFloorMoveText, alertPath, alertTextKey, alertTopBidText } from './alert-text';

/**
 * The floating alert (item alerts 1-6, 9 and 10; 7 an inquiry answered; 11 a followed collection's floor moved): close
 * hides it and clears it after 1 s; a click opens the item (or the inquiry list, or the collection) and resets it. Its arrival also reads again what it says changed (the item's
 * listings, bids and offers; the inquiry list).
 */
/** `onItemAlert`: what the shell reads again when an item alert arrives (trading's `refreshAfterAlert`). */
export function FloatingAlert({ onItemAlert }: { onItemAlert?: (productIdx: number) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alert = useFloatingAlert();
  const answered = alert?.type === AlertType.InquiryAnswered;
  // An answered inquiry: the inquiry list (if open) shows the answer at once.
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: supportKeys.inquiries() });
  }, [answered, alert]);
  // An item alert: the item's page (if open) shows the change at once: another member's bid moves the auction's
  // top and end, a sale or an accepted offer the counts and listings (closing the alert reads nothing again).
  useEffect(() => {
    if (alert?.visible && !answered && alert.productIdx !== undefined) onItemAlert?.(alert.productIdx);
  }, [answered, alert, onItemAlert]);
  // A correction (a reorg undid what an alert told; the store has closed this alert if it was that one): the item's
  // page reads again what the undone event had changed.
  const correction = useAlertCorrection();
  useEffect(() => {
    if (correction?.productIdx !== undefined) onItemAlert?.(correction.productIdx);
  }, [correction, onItemAlert]);
  if (!alert) return null;
  const inquiry = answered;
  const close = () => {
    alertStore.set({ ...alert, visible: false });
    setTimeout(() => {
      if (alertStore.get()?.visible === false) alertStore.set(null);
    }, INTERVALS.alertClearDelayMs);
  };
  const path = alertPath(alert);
  const open = () => {
    alertStore.set(null);
    if (path) navigate(path);
  };
  // In a portal outside #root: an alert arriving while a dialog or the wallet drawer is open (the page behind them
  // is inert) must still be readable and clickable.
  return createPortal(
    <div
      className={`floating-alert ${alert.visible ? 'is-visible' : ''}`}
      data-testid="floating-alert"
      role="status"
      aria-live="polite"
    >
      <button type="button" className="floating-alert-body" onClick={open}>
        <span className="floating-alert-icon" aria-hidden="true">
          <BellIcon />
        </span>
        <span>
          <strong>{t('alert.title')}</strong>
          <span>{t(alertTextKey(alert.type))}</span>
          {alert.itemName && !inquiry && <span className="floating-alert-item">{alert.itemName}</span>}
          {alert.topBid && <span data-testid="floating-alert-top-bid">{alertTopBidText(t, alert.topBid)}</span>}
          {alert.floorMove && (
            <span data-testid="floating-alert-floor-move">{alertFloorMoveText(t, alert.floorMove)}</span>
          )}
          {path && <span className="link-sm">{t(alertActionKey(alert.type))}</span>}
        </span>
      </button>
      <button type="button" className="icon-button icon-button-sm" aria-label={t('alert.close')} onClick={close}>
        <CloseIcon />
      </button>
    </div>,
    document.body,
  );
}
