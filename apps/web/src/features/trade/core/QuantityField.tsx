/**
 * The number of pieces in the trade forms (buy, transfer, sell): a numeric text field that keeps digits only
 * (no leading zeros), with its label and, below it, whatever the form says about it (an error). The form owns
 * the text and its validation (min 1, max what is free or on sale).
 */
import type { ReactNode, Ref } from 'react';
import { digitsOnly } from '../../../lib/digits';

export interface QuantityFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  /** The new text, digits only. */
  onChange: (digits: string) => void;
  invalid: boolean;
  testId: string;
  disabled?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown below the field (the form's message about it). */
  children?: ReactNode;
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
}: QuantityFieldProps) {
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
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
