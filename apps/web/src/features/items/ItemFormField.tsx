import type { ReactNode } from 'react';
import { FieldError } from '../../components/ui/FieldError';
import type { ItemField } from './item-validation';

/** A field of the item form: label (with the required mark), the control, and its problem under it. */
export function ItemFormField(p: {
  id: string;
  field: ItemField;
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
      <FieldError text={p.error} testId={`item-${p.field}-error`} />
    </div>
  );
}
