/**
 * The global popups of `popup-store`: the newest one shows (OK, confirm, error, wrong network). The login's own
 * popups (wallet choice, sign-up, mail sent) follow the login state instead: `features/auth/AuthPopups.tsx`.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { OkButton } from './OkButton';
import { ErrorPopup } from './ErrorPopup';
import { NetworkMessage } from './NetworkMessage';
import { closePopup, type Popup, usePopups } from './popup-store';

export function PopupHost() {
  const list = usePopups();
  const top = list[list.length - 1];
  return top ? <GlobalPopup key={top.id} popup={top} /> : null;
}

function GlobalPopup({ popup }: { popup: Popup }) {
  const { t } = useTranslation();
  const close = () => {
    closePopup(popup.id);
    if (popup.kind === 'ok' || popup.kind === 'error') popup.onClose?.();
  };
  if (popup.kind === 'error') return <ErrorPopup code={popup.code} onClose={close} />;
  if (popup.kind === 'network') return <NetworkMessage requiredChainId={popup.requiredChainId} onClose={close} />;
  if (popup.kind === 'ok') {
    return (
      <Dialog
        title={popup.title ?? t('popup.noticeTitle')}
        onClose={close}
        testId="ok-popup"
        footer={<OkButton testId="ok-popup-confirm" onClick={close} />}
      >
        <p className="popup-message">{popup.message}</p>
        {popup.link && (
          <p className="popup-link">
            <a href={popup.link.href} target="_blank" rel="noopener noreferrer" data-testid={popup.link.testId}>
              {popup.link.label}
            </a>
          </p>
        )}
      </Dialog>
    );
  }
  const cancel = () => {
    closePopup(popup.id);
    popup.onCancel?.();
  };
  return (
    <Dialog
      title={popup.title ?? t('popup.confirmTitle')}
      onClose={cancel}
      testId="confirm-popup"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" data-testid="confirm-popup-cancel" onClick={cancel}>
            {t('popup.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="confirm-popup-confirm"
            data-autofocus
            onClick={() => {
              closePopup(popup.id);
              popup.onConfirm();
            }}
          >
            {popup.confirmLabel ?? t('popup.ok')}
          </button>
        </>
      }
    >
      <p className="popup-message">{popup.message}</p>
    </Dialog>
  );
}
