import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/ui/SafeHtml';

/** An HTML textarea with a sanitized live preview. */
export function HtmlField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={8}
        value={value}
        maxLength={10_000}
        onChange={(e) => onChange(e.target.value)}
        className="mono"
        data-testid={testId}
        aria-describedby={`${id}-hint`}
      />
      <p className="hint" id={`${id}-hint`}>
        {t('common.htmlHint')}
      </p>
      {value.trim() && (
        <div className="admin-preview">
          <span className="section-label">{t('common.preview')}</span>
          <SafeHtml html={value} className="rich-text" />
        </div>
      )}
    </div>
  );
}
