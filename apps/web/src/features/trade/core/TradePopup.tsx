/**
 * The shell of every trade popup (buy, transfer; bid, offer and accept reuse it): the dialog, which closes only
 * when the machine allows it (`canClose`), `data-trade-state` on `.trade-popup`, the caller's facts and form
 * fields, the steps once the flow started, and the actions (close; retry after a failure, else submit). Once the
 * flow is done the form gives way to the done message, the steps with the transaction link, and close.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import { canClose, isRunning, type TradeState, type TradeStep } from './trade-machine';
import { TradeDone, TradeSteps } from './TradeSteps';
import './trade.css';

export interface TradePopupProps {
  title: string;
  /** `data-testid` of the dialog; the close button is `<testId without -popup>-cancel`. */
  testId: string;
  state: TradeState;
  plan: readonly TradeStep[];
  explorerUrl: string;
  /** What the approve step approves (the token by default; the item contract for an accept). */
  approveKind?: 'token' | 'items';
  /** What the popup is about (item name, seller, price…): shown above the form and after the trade. */
  summary: ReactNode;
  /** The form's fields and messages (hidden once the trade is done). */
  children: ReactNode;
  submit: { label: string; testId: string; disabled: boolean };
  done: { message: string; testId: string };
  onSubmit: (e: FormEvent) => void;
  onRetry: () => void;
  onClose: () => void;
}

export function TradePopup(p: TradePopupProps) {
  const { t } = useTranslation('trade');
  const { state } = p;
  const running = isRunning(state);
  const closable = canClose(state);
  const steps = { state, plan: p.plan, explorerUrl: p.explorerUrl, approveKind: p.approveKind };
  return (
    <Dialog title={p.title} onClose={closable ? p.onClose : undefined} size="md" testId={p.testId}>
      <div className="trade-popup" data-trade-state={state.name}>
        {p.summary}
        {state.name === 'indexed' ? (
          <TradeDone message={p.done.message} testId={p.done.testId} onClose={p.onClose} {...steps} />
        ) : (
          <form className="form" onSubmit={p.onSubmit} noValidate>
            {p.children}
            {state.name !== 'idle' && <TradeSteps {...steps} />}
            <div className="form-actions">
              <button
                type="button"
                className="btn btn-outline"
                onClick={p.onClose}
                disabled={!closable}
                data-testid={p.testId.replace(/-popup$/, '-cancel')}
              >
                {t('steps.close')}
              </button>
              {state.name === 'failed' || state.name === 'cancelled' ? (
                <button type="button" className="btn btn-primary" onClick={p.onRetry} data-testid="trade-retry">
                  {t('steps.retry')}
                </button>
              ) : (
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={running || p.submit.disabled}
                  aria-busy={running}
                  data-testid={p.submit.testId}
                >
                  {p.submit.label}
                </button>
              )}
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
