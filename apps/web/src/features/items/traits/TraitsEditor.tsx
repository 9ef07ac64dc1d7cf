/**
 * The item form's traits editor: rows of a name, a kind (text or number), a value and, for numbers, an optional
 * maximum; add (up to 20) and remove rows. Every control is a native input, select or button (keyboard as usual);
 * a new row takes the focus on its name, a removed row hands it to the next row (or the add button). Each row's
 * problem shows under it; at phone width a row's fields stack.
 */
import { type TraitCheck, TRAITS_MAX } from '@att/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/FieldError';
import './traits.css';
import { newRow, type TraitRow } from './trait-rows';

export function TraitsEditor({
  rows,
  onChange,
  errors,
}: {
  rows: TraitRow[];
  onChange: (rows: TraitRow[]) => void;
  errors: Record<number, TraitCheck>;
}) {
  const { t } = useTranslation('item');
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusKey, setFocusKey] = useState<number | 'add' | null>(null);
  useEffect(() => {
    if (focusKey === null) return;
    if (focusKey === 'add') addButton.current?.focus();
    else list.current?.querySelector<HTMLInputElement>(`[data-row="${focusKey}"] input`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const set = (key: number, patch: Partial<TraitRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const row = newRow();
    onChange([...rows, row]);
    setFocusKey(row.key);
  };
  const remove = (at: number) => {
    onChange(rows.filter((_, i) => i !== at));
    setFocusKey(rows[at + 1]?.key ?? rows[at - 1]?.key ?? 'add');
  };

  return (
    <fieldset
      className="field trait-editor"
      data-field="traits"
      data-testid="item-traits"
      aria-describedby={`${id}-hint`}
    >
      <legend>{t('traits.title')}</legend>
      <p className="hint" id={`${id}-hint`}>
        {t('traits.hint')} {t('traits.count', { count: rows.length, max: TRAITS_MAX })}
      </p>
      <ol className="trait-rows" ref={list}>
        {rows.map((r, i) => {
          const rowId = `${id}-${r.key}`;
          const error = errors[r.key];
          return (
            <li
              key={r.key}
              className="trait-row"
              data-row={r.key}
              data-testid={`item-trait-${i}`}
              aria-label={t('traits.row', { n: i + 1 })}
            >
              <label className="trait-cell">
                <span className="small">{t('traits.type')}</span>
                <input
                  value={r.traitType}
                  placeholder={t('traits.typePlaceholder')}
                  maxLength={60}
                  aria-invalid={error === 'typeEmpty' || error === 'typeLong' || error === 'duplicate'}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  data-testid={`item-trait-${i}-type`}
                  onChange={(e) => set(r.key, { traitType: e.target.value })}
                />
              </label>
              <label className="trait-cell trait-kind">
                <span className="small">{t('traits.kind')}</span>
                <select
                  value={r.kind}
                  data-testid={`item-trait-${i}-kind`}
                  onChange={(e) => set(r.key, { kind: e.target.value as TraitRow['kind'], maxValue: '' })}
                >
                  <option value="text">{t('traits.kindText')}</option>
                  <option value="number">{t('traits.kindNumber')}</option>
                </select>
              </label>
              <label className="trait-cell">
                <span className="small">{t('traits.value')}</span>
                <input
                  value={r.value}
                  inputMode={r.kind === 'number' ? 'decimal' : undefined}
                  placeholder={r.kind === 'number' ? '5' : t('traits.valuePlaceholder')}
                  maxLength={110}
                  aria-invalid={error === 'valueEmpty' || error === 'valueLong' || error === 'number'}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  data-testid={`item-trait-${i}-value`}
                  onChange={(e) => set(r.key, { value: e.target.value })}
                />
              </label>
              {r.kind === 'number' && (
                <label className="trait-cell trait-max">
                  <span className="small">{t('traits.max')}</span>
                  <input
                    value={r.maxValue}
                    inputMode="decimal"
                    aria-invalid={error === 'maxBelow'}
                    aria-describedby={error ? `${rowId}-error` : undefined}
                    data-testid={`item-trait-${i}-max`}
                    onChange={(e) => set(r.key, { maxValue: e.target.value })}
                  />
                </label>
              )}
              <button
                type="button"
                className="btn btn-outline trait-remove"
                aria-label={t('traits.remove', { n: i + 1 })}
                data-testid={`item-trait-${i}-remove`}
                onClick={() => remove(i)}
              >
                ×
              </button>
              {error && (
                <div className="trait-error" id={`${rowId}-error`}>
                  <FieldError text={t(`traits.errors.${error}`)} testId={`item-trait-${i}-error`} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        ref={addButton}
        className="btn btn-outline"
        disabled={rows.length >= TRAITS_MAX}
        data-testid="item-trait-add"
        onClick={add}
      >
        + {t('traits.add')}
      </button>
    </fieldset>
  );
}
