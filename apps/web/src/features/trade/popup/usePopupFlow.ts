import { useMember } from '../core/trade-env';
import { type TradeRun, useTradeFlow } from '../core/useTradeFlow';

/**
 * The flow of one trade popup on the one trade machine: `run` starts the plan and refreshes what the trade changed
 * once it ends (done or not: a transaction may be on chain already); `close` refreshes too when the flow started,
 * abandons it and closes the popup.
 */
export function usePopupFlow(refresh: () => Promise<unknown>, onClose: () => void) {
  const flow = useTradeFlow();
  const started = flow.state.name !== 'idle';
  const run = (trade: TradeRun, onDone?: () => void) =>
    void flow.start(trade).then((done) => {
      void refresh();
      if (done) onDone?.();
    });
  const close = () => {
    if (started) void refresh();
    flow.reset();
    onClose();
  };
  return { state: flow.state, started, run, retry: flow.reset, close };
}

export type PopupMember = NonNullable<ReturnType<typeof useMember>>;
