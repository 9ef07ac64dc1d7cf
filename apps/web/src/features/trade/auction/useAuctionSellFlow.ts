import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { popups } from '../../popups';
import { isRunning, type TradeStep } from '../core/trade-machine';
import { refreshAfterTrade } from '../core/trade-refresh';
import { useTradeFlow } from '../core/useTradeFlow';
import { type AuctionSaleRun, auctionPlan, auctionSaleRun } from './auction-plan';

/**
 * The sell page's run of an auction on the one trade machine, like `useSellFlow` for a listing: one run at a time
 * (`isBusy()`), the plan it started with (for the steps), the outcome. A server code (275 not a single item, 273
 * listed at a fixed price, 280 already on auction…) closes the steps and opens the error popup; a wallet or chain
 * failure stays in the steps with its text until closed.
 */
export function useAuctionSellFlow(o: {
  productId: number;
  seller: string;
  onRegistered: () => void;
  onStopped: () => void;
}) {
  const flow = useTradeFlow();
  const [plan, setPlan] = useState<readonly TradeStep[]>(() => auctionPlan(true));
  const running = useRef(false);

  const start = (run: Omit<AuctionSaleRun, 'onFailure'>) => {
    running.current = true;
    setPlan(auctionPlan(run.needsApproval));
    const failure: { refused?: ApiError } = {};
    void flow
      .start(auctionSaleRun({ ...run, onFailure: (err) => void (err instanceof ApiError && (failure.refused = err)) }))
      .then((registered) => {
        void refreshAfterTrade('sell', { productId: o.productId, address: o.seller });
        if (registered) {
          flow.reset();
          o.onRegistered();
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
    busy: isRunning(flow.state),
    isBusy: () => running.current,
    start,
    close: flow.reset,
  };
}
