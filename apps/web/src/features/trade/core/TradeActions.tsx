/**
 * The footer of every trade popup: close (only when the machine allows it), then retry after a failure or a refusal
 * in the wallet, else the popup's own action (a form's submit, or a button with `onClick`).
 */
import { useTranslation } from 'react-i18next';
import { canClose, isRunning, type TradeState } from './trade-machine';

export interface TradeActionsProps {
  state: TradeState;
  close: { label: string; testId: string; onClick: () => void };
  /** The action; without `onClick` it submits the form around it. Hidden once the trade is done. */
  submit: { label: string; testId: string; disabled: boolean; onClick?: () => void };
  onRetry: () => void;
}

export function TradeActions({ state, close, submit, onRetry }: TradeActionsProps) {
  const { t } = useTranslation('trade');
  const running = isRunning(state);
  return (
    <div className="form-actions">
      <button
        type="button"
        className="btn btn-outline"
        onClick={close.onClick}
        disabled={!canClose(state)}
        data-testid={close.testId}
      >
        {close.label}
      </button>
      {state.name === 'failed' || state.name === 'cancelled' ? (
        <button type="button" className="btn btn-primary" onClick={onRetry} data-testid="trade-retry">
          {t('steps.retry')}
        </button>
      ) : (
        state.name !== 'indexed' && (
          <button
            type={submit.onClick ? 'button' : 'submit'}
            className="btn btn-primary"
            onClick={submit.onClick}
            disabled={running || submit.disabled}
            aria-busy={running}
            data-testid={submit.testId}
          >
            {submit.label}
          </button>
        )
      )}
    </div>
  );
}
