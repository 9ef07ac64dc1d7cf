/**
 * The console's editor popup-in-place and its fields: a titled card form with Cancel and Save, the labelled text,
 * sort-order, language and check fields every tab edits, and the row's Edit button.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConsoleEditor({
  editor,
  title,
  testId,
  saveTestId,
  saveLabel,
  saveDisabled = false,
  compact = false,
  actionsAtStart = false,
  children,
}: {
  editor: { submit: (e: React.FormEvent) => void; close: () => void; busy: boolean };
  title?: ReactNode;
  testId: string;
  saveTestId?: string;
  saveLabel?: string;
  saveDisabled?: boolean;
  /** A form inside a side panel: no card, no title. */
  compact?: boolean;
  /** Save first, at the start of the row (the curation editor's layout). */
  actionsAtStart?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const cancel = (
    <button type="button" className="btn btn-outline" onClick={editor.close}>
      {t('common.cancel')}
    </button>
  );
  const save = (
    <button type="submit" className="btn btn-primary" disabled={editor.busy || saveDisabled} data-testid={saveTestId}>
      {saveLabel ?? t('common.save')}
    </button>
  );
  return (
    <form className={compact ? 'form' : 'card form admin-editor'} onSubmit={editor.submit} data-testid={testId}>
      {title !== undefined && <h2 className="panel-title">{title}</h2>}
      {children}
      {actionsAtStart ? (
        <div className="button-row">
          {save}
          {cancel}
        </div>
      ) : (
        <div className="form-actions">
          {cancel}
          {save}
        </div>
      )}
    </form>
  );
}

export function TextField({
  label,
  value,
  onChange,
  maxLength,
  pattern,
  grow = false,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  pattern?: string;
  grow?: boolean;
  testId?: string;
}) {
  return (
    <label className={grow ? 'field admin-grow' : 'field'}>
      <span>{label}</span>
      <input
        value={value}
        maxLength={maxLength}
        pattern={pattern}
        required
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

export function SortOrderField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      <span>{t('common.sortOrder')}</span>
      <input type="number" min={0} max={10000} value={value} onChange={(e) => onChange(Number(e.target.value) || 0)} />
    </label>
  );
}

export function LangField({
  value,
  onChange,
  testId,
}: {
  value: 'ko' | 'en';
  onChange: (lang: 'ko' | 'en') => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      <span>{t('common.lang')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value === 'en' ? 'en' : 'ko')} data-testid={testId}>
        <option value="ko">한국어</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}

/** A labelled checkbox (`inline` in a row of fields or a table cell, else one line of a check list). */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
  inline = false,
  testId,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  inline?: boolean;
  testId?: string;
}) {
  return (
    <label className={inline ? 'admin-inline' : 'check'}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  );
}

/** A row's action button (Edit unless told; `danger` for hiding and blocking). */
export function RowButton({
  onClick,
  disabled,
  danger = false,
  testId,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      className={danger ? 'btn btn-danger btn-sm' : 'btn btn-outline btn-sm'}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children ?? t('common.edit')}
    </button>
  );
}
