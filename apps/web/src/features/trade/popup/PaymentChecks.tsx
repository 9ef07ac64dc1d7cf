/**
 * The payment block the paying popups share (buy, make an offer, bid): the total, the member's balance of the coin
 * with the no-coin warning, and the agree box with the form's problem under it. Each popup gives its texts' prefix
 * (`keys`) and its test id prefix (`<testId>-total`, `-balance`, `-no-coin`, `-agree`, `-problem`).
 */
import { formatTokenAmount } from '@att/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '../../../lib/format';

/** The texts of a paying popup: `<keys>.balance`, `.balanceLoading`, `.noCoin`, `.agree`. */
export type PaymentKeys = 'trade:buy' | 'trade:bid' | 'offer:make';

/** A trade's sum on one line: its label, and the amount in bold. */
export function TradeTotal({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <p className="trade-total">
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </p>
  );
}

/** The member's balance of `symbol` (loading until read), what the popup adds about it, then the no-coin warning. */
export function CoinBalance(p: {
  keys: PaymentKeys;
  testId: string;
  symbol: string;
  balance: bigint | undefined;
  noCoin: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['trade', 'offer']);
  const amount = p.balance === undefined ? null : groupDigits(formatTokenAmount(p.balance));
  return (
    <>
      <p className="muted small" data-testid={`${p.testId}-balance`}>
        {amount === null ? t(`${p.keys}.balanceLoading`) : t(`${p.keys}.balance`, { symbol: p.symbol, amount })}
      </p>
      {p.children}
      {p.noCoin && (
        <p className="field-error" role="alert" data-testid={`${p.testId}-no-coin`}>
          {t(`${p.keys}.noCoin`)}
        </p>
      )}
    </>
  );
}

/** The agree box (kept once the flow started) and, under it, the form's problem once submitted. */
export function AgreeBox(p: {
  keys: PaymentKeys;
  testId: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  problem: string | null;
}) {
  const { t } = useTranslation(['trade', 'offer']);
  const id = useId();
  return (
    <>
      <div className="check-row">
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={p.checked}
            disabled={p.disabled}
            onChange={(e) => p.onChange(e.target.checked)}
            data-testid={`${p.testId}-agree`}
          />
          <span>{t(`${p.keys}.agree`)}</span>
        </label>
      </div>
      {p.problem && (
        <p className="field-error" role="alert" data-testid={`${p.testId}-problem`}>
          {p.problem}
        </p>
      )}
    </>
  );
}
