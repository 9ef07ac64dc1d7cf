import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { popups } from '../../popups';
import { isRunning, type TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { type TradeRun, useTradeFlow } from '../core/useTradeFlow';

/** What differs between the sell page's kinds of sale: the plan and the run (a listing, an auction). */
export interface SaleKind<Run extends { needsApproval: boolean }> {
  plan: (needsApproval: boolean) => readonly TradeStep[];
  run: (run: Run & { onFailure: (err: unknown) => void }) => TradeRun;
  /** Refresh the item and the seller's wallet even when the run stopped (an auction may be on chain already). */
  refreshOnStop?: boolean;
}

/**
 * The sell page's run of a sale (a listing or an auction) on the one trade machine: one run at a time
 * (`isBusy()`), the plan it started with (for the step list), and the outcome. A server code (275 not a single
 * item, 273 listed at a fixed price, 280 already on auction…) closes the step list and opens the error popup
 * (spec 3, section 8); any other failure (wallet, chain) stays in the step list with its text until closed.
 */
export function useSaleFlow<Run extends { needsApproval: boolean }>(
  kind: SaleKind<Run>,
  o: { productId: number; seller: string; onDone: () => void; onStopped: () => void },
) {
  const flow = useTradeFlow();
  const [plan, setPlan] = useState<readonly TradeStep[]>(() => kind.plan(true));
  const running = useRef(false);

  const start = (run: Run) => {
    running.current = true;
    setPlan(kind.plan(run.needsApproval));
    const failure: { refused?: ApiError } = {};
    void flow
      .start(kind.run({ ...run, onFailure: (err) => void (err instanceof ApiError && (failure.refused = err)) }))
      .then((done) => {
        if (done || kind.refreshOnStop) void refreshAfterTrade('sell', { productId: o.productId, address: o.seller });
        if (done) {
          flow.reset();
          o.onDone();
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
