/**
 * The one step machine of every on-chain action (buy, transfer, cancel a listing, sell; later bid, offer and
 * accept, as plans on it, never a machine of their own), as a pure reducer like the login machine. Effects (server calls, wallet calls, waiting for the indexer)
 * are run by `useTradeFlow`; this module only decides.
 *
 * A flow is a plan: an ordered list of steps chosen when it starts, e.g.
 *   buy in ATT:      reserve -> approve -> send -> index      buy in KLAY: reserve -> send -> index
 *   transfer:        reserve (checks; the permit for unminted pieces) -> send -> index
 *   sell:            [approve ->] sign -> reserve             cancel on chain: send   (each plan: buy/, transfer/, sell/)
 *
 *   idle --START(plan)--> the first step's state
 *   reserving      (server call)                 --STEP_DONE-->                  next step
 *   approving      (allowance / setApprovalForAll; hash once sent: APPROVE_SENT)
 *                                                --STEP_DONE (mined, or not needed)--> next step
 *   awaitingWallet (confirm a transaction, or sign) --TX_SENT(hash)--> confirming  (send)
 *                                                   --STEP_DONE-->      next step  (sign)
 *   confirming     (hash sent, waiting to be mined) --TX_MINED--> confirming {mined} when the plan indexes, else next
 *   confirming {mined} (waiting for the server to show it) --INDEXED--> indexed
 *   after the last step: indexed (done; the hash of the transaction, if any, is kept for the explorer link)
 *   any active state --FAIL(messageKey)--> failed        --REJECTED (wallet said no)--> cancelled
 *   failed | cancelled | indexed --RESET--> idle
 *
 * Events that do not fit the state are ignored (a late answer of an abandoned step changes nothing).
 */

export type TradeStep = 'reserve' | 'approve' | 'sign' | 'send' | 'index';

/** The plan of a paid trade (buy, offer, bid): ATT needs an allowance for the Market; KLAY goes as the value. */
export const payPlan = (native: boolean): readonly TradeStep[] =>
  native ? ['reserve', 'send', 'index'] : ['reserve', 'approve', 'send', 'index'];

/** A catalogue key the failure is shown with (`trade:...` or `errors:<code>`), from `trade-errors.ts`. */
export type TradeMessageKey = string;

interface Progress {
  plan: readonly TradeStep[];
  /** Index of the current step in the plan. */
  step: number;
}

export type TradeState =
  | { name: 'idle' }
  | ({ name: 'reserving' } & Progress)
  | ({ name: 'approving'; hash?: `0x${string}` } & Progress)
  | ({ name: 'awaitingWallet'; action: 'send' | 'sign' } & Progress)
  | ({ name: 'confirming'; hash: `0x${string}`; mined: boolean } & Progress)
  | { name: 'indexed'; hash?: `0x${string}` }
  | {
      name: 'failed';
      messageKey: TradeMessageKey;
      /** The state the failure happened in. */
      at: TradeStateName;
      hash?: `0x${string}`;
    }
  | { name: 'cancelled'; at: TradeStateName };

export type TradeStateName = TradeState['name'];

export type TradeEvent =
  | { type: 'START'; plan: readonly TradeStep[] }
  | { type: 'STEP_DONE' }
  | { type: 'APPROVE_SENT'; hash: `0x${string}` }
  | { type: 'TX_SENT'; hash: `0x${string}` }
  | { type: 'TX_MINED' }
  | { type: 'INDEXED' }
  | { type: 'FAIL'; messageKey: TradeMessageKey }
  | { type: 'REJECTED' }
  | { type: 'RESET' };

export const initialTradeState: TradeState = { name: 'idle' };

const ACTIVE: readonly TradeStateName[] = ['reserving', 'approving', 'awaitingWallet', 'confirming'];

export function isActive(s: TradeState): s is Extract<TradeState, Progress> {
  return ACTIVE.includes(s.name);
}

/** True once the flow ended (done, failed or cancelled). */
export function isFinished(s: TradeState): boolean {
  return s.name === 'indexed' || s.name === 'failed' || s.name === 'cancelled';
}

/** True while a started flow has not finished (done, failed or cancelled). */
export function isRunning(s: TradeState): boolean {
  return s.name !== 'idle' && !isFinished(s);
}

/**
 * Whether the popup may be closed: always, except while a transaction of the member's is on its way to a block
 * (then the popup stays to report the outcome). Closing while the wallet waits for the member abandons the flow.
 */
export function canClose(s: TradeState): boolean {
  return !(s.name === 'confirming' || (s.name === 'approving' && s.hash !== undefined));
}

/** Checks a plan: known steps, each at most once, `send` before `index`, `index` last and only after `send`. */
export function validPlan(plan: readonly TradeStep[]): boolean {
  if (plan.length === 0 || new Set(plan).size !== plan.length) return false;
  const i = plan.indexOf('index');
  return i === -1 || (i === plan.length - 1 && plan.indexOf('send') !== -1 && plan.indexOf('send') < i);
}

/** The state of step `step` of `plan`; past the end: done. `hash` is the last transaction sent. */
function enterStep(plan: readonly TradeStep[], step: number, hash?: `0x${string}`): TradeState {
  const kind = plan[step];
  switch (kind) {
    case 'reserve':
      return { name: 'reserving', plan, step };
    case 'approve':
      return { name: 'approving', plan, step };
    case 'sign':
      return { name: 'awaitingWallet', action: 'sign', plan, step };
    case 'send':
      return { name: 'awaitingWallet', action: 'send', plan, step };
    case 'index':
      // Only reached from a mined `send` (see TX_MINED), which keeps its hash.
      return hash ? { name: 'confirming', hash, mined: true, plan, step } : { name: 'indexed' };
    default:
      return hash ? { name: 'indexed', hash } : { name: 'indexed' };
  }
}

function hashOf(s: TradeState): `0x${string}` | undefined {
  return s.name === 'confirming' || s.name === 'failed' || s.name === 'indexed' ? s.hash : undefined;
}

export function tradeReducer(state: TradeState, event: TradeEvent): TradeState {
  switch (event.type) {
    case 'START':
      if (state.name !== 'idle' || !validPlan(event.plan)) return state;
      return enterStep(event.plan, 0);

    case 'STEP_DONE':
      if (
        state.name === 'reserving' ||
        state.name === 'approving' ||
        (state.name === 'awaitingWallet' && state.action === 'sign')
      )
        return enterStep(state.plan, state.step + 1);
      return state;

    case 'APPROVE_SENT':
      if (state.name !== 'approving' || state.hash) return state;
      return { ...state, hash: event.hash };

    case 'TX_SENT':
      if (state.name !== 'awaitingWallet' || state.action !== 'send') return state;
      return { name: 'confirming', hash: event.hash, mined: false, plan: state.plan, step: state.step };

    case 'TX_MINED':
      if (state.name !== 'confirming' || state.mined) return state;
      return enterStep(state.plan, state.step + 1, state.hash);

    case 'INDEXED':
      if (state.name !== 'confirming' || !state.mined) return state;
      return { name: 'indexed', hash: state.hash };

    case 'FAIL': {
      if (!isActive(state)) return state;
      const hash = hashOf(state);
      return hash
        ? { name: 'failed', messageKey: event.messageKey, at: state.name, hash }
        : { name: 'failed', messageKey: event.messageKey, at: state.name };
    }

    case 'REJECTED':
      if (!isActive(state)) return state;
      return { name: 'cancelled', at: state.name };

    case 'RESET':
      return isFinished(state) ? initialTradeState : state;
  }
}

/**
 * The steps a popup shows (approve -> confirm in wallet -> on chain -> done), each with its status. A plan
 * without `approve` shows no approve step; the server call is part of the first step shown.
 */
export type ShownStep = 'approve' | 'wallet' | 'chain' | 'done';
export type ShownStatus = 'pending' | 'active' | 'done' | 'failed';

export function shownSteps(plan: readonly TradeStep[]): ShownStep[] {
  const steps: ShownStep[] = [];
  if (plan.includes('approve')) steps.push('approve');
  if (plan.includes('send') || plan.includes('sign')) steps.push('wallet');
  if (plan.includes('send')) steps.push('chain');
  steps.push('done');
  return steps;
}

/** Which shown step the state is at. */
function shownAt(name: TradeStateName, plan: readonly TradeStep[], step: number): ShownStep {
  if (name === 'approving') return 'approve';
  if (name === 'awaitingWallet') return 'wallet';
  if (name === 'confirming') return 'chain';
  // reserving: the step after it in the plan decides where the server call belongs.
  const next = plan.slice(step + 1).find((s) => s !== 'reserve');
  if (next === 'approve') return 'approve';
  if (next === 'sign' || next === 'send') return 'wallet';
  return 'done';
}

/** Status of each shown step for `state` of a flow started with `plan`. */
export function stepStatuses(state: TradeState, plan: readonly TradeStep[]): Record<ShownStep, ShownStatus> {
  const steps = shownSteps(plan);
  const out = { approve: 'pending', wallet: 'pending', chain: 'pending', done: 'pending' } as Record<
    ShownStep,
    ShownStatus
  >;
  if (state.name === 'idle') return out;
  if (state.name === 'indexed') {
    for (const s of steps) out[s] = 'done';
    return out;
  }
  const at: ShownStep =
    state.name === 'failed' || state.name === 'cancelled'
      ? shownAt(state.at, plan, state.at === 'reserving' ? plan.indexOf('reserve') : 0)
      : shownAt(state.name, state.plan, state.step);
  const idx = steps.indexOf(at);
  steps.forEach((s, i) => {
    if (i < idx) out[s] = 'done';
    else if (i === idx) out[s] = state.name === 'failed' || state.name === 'cancelled' ? 'failed' : 'active';
  });
  return out;
}
