import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { errorText } from './error-text';

/** A refused call: the catalogue text of its returnCode (999's text for a code the catalogue does not know). */
export function ErrorPopup({ code, onClose }: { code: number; onClose: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Dialog
      title={t('popup.errorTitle')}
      onClose={onClose}
      testId="error-popup"
      role="alertdialog"
      footer={
        <button
          type="button"
          className="btn btn-primary"
          data-testid="error-popup-confirm"
          onClick={onClose}
          data-autofocus
        >
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
