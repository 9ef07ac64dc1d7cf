import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { auth, useConnectDialog, useLoginState } from '../auth/auth-controller';
import { NetworkMessage } from '../wallet/NetworkMessage';
import { errorText } from './error-text';
import { closePopup, type Popup, usePopups } from './popup-store';

/** Sign-up and its mail step sign with the wallet (viem's SIWE): they load with the wallet, when needed. */
const SignUpPopup = lazy(() => import('../auth/SignUpPopup').then((m) => ({ default: m.SignUpPopup })));
const MailSentPopup = lazy(() => import('../auth/MailSentPopup').then((m) => ({ default: m.MailSentPopup })));

/**
 * The wallet choice needs the wallet stack (wagmi, viem): it loads when the dialog first opens, or earlier when
 * a pointer or the focus reaches a connect button (`preloadConnectDialog`), so the dialog opens at once.
 */
export const preloadConnectDialog = () => import('../wallet/ConnectDialog');
const ConnectDialog = lazy(() => preloadConnectDialog().then((m) => ({ default: m.ConnectDialog })));

export function PopupHost() {
  const list = usePopups();
  const login = useLoginState();
  const connectOpen = useConnectDialog();
  const top = list[list.length - 1];
  return (
    <>
      {connectOpen && (
        <Suspense fallback={null}>
          <ConnectDialog />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {login.name === 'signUp' && <SignUpPopup address={login.address} />}
        {login.name === 'awaitingEmail' && (
          <MailSentPopup address={login.address} email={login.email} justSent={login.justSent} onClose={() => auth.dismiss()} />
        )}
      </Suspense>
      {top && <GlobalPopup key={top.id} popup={top} />}
    </>
  );
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
        footer={
          <button type="button" className="btn btn-primary" data-testid="ok-popup-confirm" onClick={close} data-autofocus>
            {t('popup.ok')}
          </button>
        }
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

export function ErrorPopup({ code, onClose }: { code: number; onClose: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Dialog
      title={t('popup.errorTitle')}
      onClose={onClose}
      testId="error-popup"
      role="alertdialog"
      footer={
        <button type="button" className="btn btn-primary" data-testid="error-popup-confirm" onClick={onClose} data-autofocus>
          {t('popup.ok')}
        </button>
      }
    >
      <p className="popup-message" data-testid="error-popup-message" data-code={code}>
        {errorText(t, code)}
      </p>
    </Dialog>
  );
}
