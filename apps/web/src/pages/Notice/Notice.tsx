import { useTranslation } from 'react-i18next';

/** The notice list arrives with the support issue; the wallet guide already links here. */
export function Notice() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <h1 className="page-title">{t('notice.title')}</h1>
      <div className="card empty-state" data-testid="notice-empty">
        <p>{t('notice.empty')}</p>
        <p className="muted small">{t('notice.later')}</p>
      </div>
    </section>
  );
}
