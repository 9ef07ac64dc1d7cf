import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { popups } from '../../popups';
import { isRunning, type TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { useTradeFlow } from '../core/useTradeFlow';
import { type SaleRun, saleRun, sellPlan } from './sell-plan';

/**
 * The sell page's run of a listing on the one trade machine: one run at a time (`isBusy()`), the plan it started
 * with (for the step list), and the outcome. A server code closes the step list and opens the error popup
 * (spec 3, section 8); any other failure stays in the step list with its text until closed.
 */
export function useSellFlow(o: { productId: number; seller: string; onListed: () => void; onStopped: () => void }) {
  const flow = useTradeFlow();
  const [plan, setPlan] = useState<readonly TradeStep[]>(() => sellPlan(true));
  const running = useRef(false);

  const start = (run: Omit<SaleRun, 'onFailure' | 'onListed'>) => {
    running.current = true;
    setPlan(sellPlan(run.needsApproval));
    const failure: { refused?: ApiError } = {};
    void flow
      .start(saleRun({ ...run, onFailure: (err) => void (err instanceof ApiError && (failure.refused = err)) }))
      .then((listed) => {
        if (listed) {
          void refreshAfterTrade('sell', { productId: o.productId, address: o.seller });
          flow.reset();
          o.onListed();
          return;
        }
        o.onStopped();
        if (failure.refused) {
          flow.reset();
          popups.error(failure.refused.code);
        }
      })
      .finally(() => {
        running.current = false;
      });
  };

  return {
    state: flow.state,
    plan,
    /** The steps are running (the form is busy). */
    busy: isRunning(flow.state),
    isBusy: () => running.current,
    start,
    close: flow.reset,
  };
}
