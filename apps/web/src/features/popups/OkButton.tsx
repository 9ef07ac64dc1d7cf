import { useTranslation } from 'react-i18next';

/** The footer button of a popup that only informs: "확인" closes it (focused first). */
export function OkButton({ testId, onClick }: { testId: string; onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <button type="button" className="btn btn-primary" data-testid={testId} onClick={onClick} data-autofocus>
      {t('popup.ok')}
    </button>
  );
}
