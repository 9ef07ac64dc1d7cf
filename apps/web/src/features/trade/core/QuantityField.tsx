/**
 * The number of pieces in the trade forms (buy, transfer, sell): a numeric text field that keeps digits only
 * (no leading zeros), with its label and, below it, whatever the form says about it (an error). The form owns
 * the text and its validation (min 1, max what is free or on sale); a problem it gives is shown under the field.
 */
import { type ReactNode, type Ref, useId, useState } from 'react';
import { digitsOnly } from '../../../lib/digits';
import { parseQuantity } from './trade-validation';

export interface QuantityFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  /** The new text, digits only. */
  onChange: (digits: string) => void;
  /** Marks the input invalid (a problem below says so by itself). */
  invalid?: boolean;
  testId: string;
  disabled?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown below the field (a hint), before the problem. */
  children?: ReactNode;
  /** The form's problem with the quantity: shown below it as an alert, and the input points to it. */
  problem?: { text: string; testId: string } | null;
}

export function QuantityField({
  id,
  label,
  value,
  onChange,
  invalid,
  testId,
  disabled,
  describedBy,
  inputRef,
  children,
  problem,
}: QuantityFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(digitsOnly(e.target.value))}
        aria-invalid={invalid || Boolean(problem) || undefined}
        aria-describedby={[describedBy, problem && problemId].filter(Boolean).join(' ') || undefined}
        data-testid={testId}
      />
      {children}
      {problem && (
        <p className="field-error" role="alert" id={problemId} data-testid={problem.testId}>
          {problem.text}
        </p>
      )}
    </div>
  );
}

/**
 * A trade form's quantity: its text (`initial` first) and the number it means for `itemType` (single items: 1), with
 * the field's id, value and change (`field`, spread into `QuantityField`; `onEdit` also hears each change).
 */
export function useQuantity(itemType: number, initial = '1', onEdit?: () => void) {
  const id = useId();
  const [text, setText] = useState(initial);
  const onChange = (digits: string) => {
    setText(digits);
    onEdit?.();
  };
  return { quantity: parseQuantity(text, itemType), field: { id, value: text, onChange } };
}
