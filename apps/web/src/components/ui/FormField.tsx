import type { ReactNode } from 'react';
import { FieldError } from './FieldError';

/**
 * A field of the publishing forms (item, collection): the label (with the required mark), the control, and its
 * problem under it (`<testPrefix>-<field>-error`).
 */
export function FormField(p: {
  id: string;
  field: string;
  testPrefix: string;
  label: string;
  required?: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="field" data-field={p.field}>
      <label htmlFor={p.id}>
        {p.label}{' '}
        {p.required && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {p.children}
      <FieldError text={p.error} testId={`${p.testPrefix}-${p.field}-error`} />
    </div>
  );
}

/** A text input (or a 5-row textarea) with its character counter under it (`<id>-count`, `over` past the limit). */
export function CountedText(p: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  invalid: boolean;
  required?: boolean;
  multiline?: boolean;
  testId: string;
  over: boolean;
  counter: ReactNode;
}) {
  const control = {
    id: p.id,
    value: p.value,
    placeholder: p.placeholder,
    'aria-required': p.required ? ('true' as const) : undefined,
    'aria-invalid': p.invalid,
    'aria-describedby': `${p.id}-count`,
    'data-testid': p.testId,
  };
  return (
    <>
      {p.multiline ? (
        <textarea rows={5} {...control} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input {...control} onChange={(e) => p.onChange(e.target.value)} />
      )}
      <p className={`counter ${p.over ? 'over' : ''}`} id={`${p.id}-count`}>
        {p.counter}
      </p>
    </>
  );
}

/**
 * A counted text field of the publishing forms (the name, the description): `FormField` around `CountedText`, whose
 * test id is `<testPrefix>-<field>`.
 */
export function CountedField(
  p: Omit<Parameters<typeof FormField>[0], 'children'> &
    Omit<Parameters<typeof CountedText>[0], 'invalid' | 'testId' | 'required'>,
) {
  const { field, testPrefix, label, error, ...text } = p;
  return (
    <FormField id={p.id} field={field} testPrefix={testPrefix} label={label} required={p.required} error={error}>
      <CountedText {...text} invalid={Boolean(error)} testId={`${testPrefix}-${field}`} />
    </FormField>
  );
}
