/**
 * The shell of every trade popup (buy, transfer, bid, offer, accept, cancel an offer, the one-transaction popups):
 * the dialog, which closes only when the machine allows it (`canClose`), `data-trade-state` on `.trade-popup`, the
 * caller's facts and form fields, the steps once the flow started, and the actions (`TradeActions`: close; retry
 * after a failure, else submit). Once the flow is done the form gives way to the done message, the steps with the
 * transaction link, and close. `popup/useTradePopup` gives the shell's props (`TradePopupShell`).
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog';
import { canClose, type TradeState, type TradeStep } from './trade-machine';
import { TradeActions } from './TradeActions';
import { TradeDone, TradeSteps } from './TradeSteps';
import './trade.css';

export interface TradePopupTexts {
  title: string;
  submit: string;
  done: string;
}

/** What a popup's flow decides: its name (test ids `<name>-popup`, `-submit`, `-done`, `-cancel`), texts, plan, state. */
export interface TradePopupShell {
  name: string;
  texts: TradePopupTexts;
  plan: readonly TradeStep[];
  state: TradeState;
  explorerUrl: string;
  onRetry: () => void;
  onClose: () => void;
}

export interface TradePopupProps extends TradePopupShell {
  /** What the approve step approves (the token by default; the item contract for an accept). */
  approveKind?: 'token' | 'items';
  /** What the popup is about (item name, seller, price…): shown above the form and after the trade. */
  summary: ReactNode;
  /** The form's fields and messages (hidden once the trade is done). */
  children?: ReactNode;
  /** Whether the submit is refused before the flow starts. */
  disabled: boolean;
  onSubmit: (e: FormEvent) => void;
}

export function TradePopup(p: TradePopupProps) {
  const { t } = useTranslation('trade');
  const { state, name } = p;
  const steps = { state, plan: p.plan, explorerUrl: p.explorerUrl, approveKind: p.approveKind };
  return (
    <Dialog title={p.texts.title} onClose={canClose(state) ? p.onClose : undefined} size="md" testId={`${name}-popup`}>
      <div className="trade-popup" data-trade-state={state.name}>
        {p.summary}
        {state.name === 'indexed' ? (
          <TradeDone message={p.texts.done} testId={`${name}-done`} onClose={p.onClose} {...steps} />
        ) : (
          <form className="form" onSubmit={p.onSubmit} noValidate>
            {p.children}
            {state.name !== 'idle' && <TradeSteps {...steps} />}
            <TradeActions
              state={state}
              close={{ label: t('steps.close'), testId: `${name}-cancel`, onClick: p.onClose }}
              submit={{ label: p.texts.submit, testId: `${name}-submit`, disabled: p.disabled }}
              onRetry={p.onRetry}
            />
          </form>
        )}
      </div>
    </Dialog>
  );
}
