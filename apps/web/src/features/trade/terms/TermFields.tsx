/**
 * The token and amount fields every priced trade form shares: the sell page's fixed price and auction
 * (`pages/NftSell/SaleTermsFields`) and the make-offer popup (its price and its USD value). Each form keeps its
 * own state, texts, layout and test ids; these render the select of the listed tokens and a labelled decimal
 * input (the phone's number pad, no autofill), with what a form shows under it as children.
 */
import { TOKEN_SYMBOLS, type TokenSymbol } from '@att/shared';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';

interface TokenFieldProps {
  id: string;
  label: string;
  value: TokenSymbol;
  onChange: (symbol: TokenSymbol) => void;
  testId: string;
  className?: string;
  disabled?: boolean;
}

export function TokenField(p: TokenFieldProps) {
  return (
    <div className={p.className ?? 'field'}>
      <label htmlFor={p.id}>{p.label}</label>
      <select
        id={p.id}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value as TokenSymbol)}
        data-testid={p.testId}
      >
        {TOKEN_SYMBOLS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

type AmountFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  value: string;
  /** Gets the raw text typed; the form filters it. */
  onValue: (raw: string) => void;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** What stands under the input (an estimate, a problem). */
  children?: ReactNode;
};

export function AmountField({ id, label, onValue, testId, inputRef, className, children, ...input }: AmountFieldProps) {
  return (
    <div className={className ?? 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        onChange={(e) => onValue(e.target.value)}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
