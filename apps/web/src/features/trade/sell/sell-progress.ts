/**
 * The sell page's step list, read from the one trade machine's state: the listing's steps as the spec names them
 * (approve -> sign -> register), each pending, active, done or failed, and the catalogue key of why a run stopped.
 */
import type { TradeState, TradeStateName, TradeStep } from '../core/trade-machine';

export type SellStep = 'approve' | 'sign' | 'register';
export type SellStepState = 'pending' | 'active' | 'done' | 'failed';

export interface SellProgress {
  steps: { key: SellStep; state: SellStepState }[];
  /** Why the run stopped: the catalogue key from the trade error translator. */
  problem?: string;
}

const SHOWN: Partial<Record<TradeStep, SellStep>> = { approve: 'approve', sign: 'sign', reserve: 'register' };
/** The plan step a state of the machine works on (in a sell plan each step is there once). */
const STEP_OF: Partial<Record<TradeStateName, TradeStep>> = {
  approving: 'approve',
  awaitingWallet: 'sign',
  reserving: 'reserve',
};

export function sellProgress(state: TradeState, plan: readonly TradeStep[]): SellProgress {
  const shown = plan.flatMap((s) => (SHOWN[s] ? [SHOWN[s]] : []));
  const at =
    state.name === 'failed' || state.name === 'cancelled'
      ? plan.indexOf(STEP_OF[state.at] ?? 'reserve')
      : 'step' in state
        ? state.step
        : state.name === 'indexed'
          ? plan.length
          : -1;
  const stopped = state.name === 'failed' || state.name === 'cancelled';
  return {
    steps: shown.map((key, i) => ({
      key,
      state: i < at ? 'done' : i === at ? (stopped ? 'failed' : 'active') : 'pending',
    })),
    problem:
      state.name === 'failed' ? state.messageKey : state.name === 'cancelled' ? 'trade:errors.rejected' : undefined,
  };
}
