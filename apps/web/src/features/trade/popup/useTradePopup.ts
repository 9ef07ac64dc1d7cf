import { useMember, useTradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import type { TradePopupShell, TradePopupTexts } from '../core/TradePopup';
import type { TradeRun } from '../core/useTradeFlow';
import { usePopupFlow } from './usePopupFlow';

export interface TradePopupSetup {
  /** The popup's test id prefix: `<name>-popup`, `<name>-submit`, `<name>-done`, `<name>-cancel`. */
  name: string;
  texts: TradePopupTexts;
  plan: readonly TradeStep[];
  /** What the trade changed, for the member's address (run when the flow ends, and on close once started). */
  refresh: (address: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/**
 * What every trade popup starts with: the chain and contracts, the signed-in member, its flow on the one trade
 * machine (`usePopupFlow`), and the props of the `TradePopup` shell that follow from them (`shell`). `start` runs the
 * popup's plan on the chain (the caller checked `env`).
 */
export function useTradePopup(setup: TradePopupSetup) {
  const env = useTradeEnv();
  const member = useMember();
  const flow = usePopupFlow(() => setup.refresh(member?.address), setup.onClose);
  const shell: TradePopupShell = {
    name: setup.name,
    texts: setup.texts,
    plan: setup.plan,
    state: flow.state,
    explorerUrl: env?.explorerUrl ?? '',
    onRetry: flow.retry,
    onClose: flow.close,
  };
  const start = (trade: Omit<TradeRun, 'plan' | 'chain'>, onDone?: () => void) => {
    if (env) flow.run({ ...trade, plan: setup.plan, chain: env.chain }, onDone);
  };
  return { env, member, ...flow, start, shell };
}
