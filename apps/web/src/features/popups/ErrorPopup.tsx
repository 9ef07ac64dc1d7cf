import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { OkButton } from './OkButton';
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
      footer={<OkButton testId="error-popup-confirm" onClick={onClose} />}
    >
      <p className="popup-message" data-testid="error-popup-message" data-code={code}>
        {errorText(t, code)}
      </p>
    </Dialog>
  );
}
