import { describe, expect, it } from 'vitest';
import {
  canClose,
  initialTradeState,
  isFinished,
  shownSteps,
  stepStatuses,
  type TradeEvent,
  tradeReducer,
  type TradeState,
  type TradeStep,
  validPlan,
} from './trade-machine';

const H1 = `0x${'1'.repeat(64)}` as const;
const H2 = `0x${'2'.repeat(64)}` as const;
const BUY_ATT: TradeStep[] = ['reserve', 'approve', 'send', 'index'];
const BUY_KLAY: TradeStep[] = ['reserve', 'send', 'index'];
const SELL: TradeStep[] = ['approve', 'sign', 'reserve'];

function run(events: TradeEvent[], from: TradeState = initialTradeState): TradeState {
  return events.reduce(tradeReducer, from);
}

describe('trade machine', () => {
  it('starts idle and enters the first step of the plan', () => {
    expect(initialTradeState).toEqual({ name: 'idle' });
    expect(tradeReducer(initialTradeState, { type: 'START', plan: BUY_ATT })).toEqual({
      name: 'reserving',
      plan: BUY_ATT,
      step: 0,
    });
    expect(tradeReducer(initialTradeState, { type: 'START', plan: ['send', 'index'] })).toEqual({
      name: 'awaitingWallet',
      action: 'send',
      plan: ['send', 'index'],
      step: 0,
    });
  });

  it('a buy in ATT: reserve -> approve (sent, mined) -> wallet -> confirming -> indexing -> indexed', () => {
    const reserved = run([{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }]);
    expect(reserved).toEqual({ name: 'approving', plan: BUY_ATT, step: 1 });
    const approveSent = tradeReducer(reserved, { type: 'APPROVE_SENT', hash: H1 });
    expect(approveSent).toEqual({ name: 'approving', hash: H1, plan: BUY_ATT, step: 1 });
    const wallet = tradeReducer(approveSent, { type: 'STEP_DONE' });
    expect(wallet).toEqual({ name: 'awaitingWallet', action: 'send', plan: BUY_ATT, step: 2 });
    const sent = tradeReducer(wallet, { type: 'TX_SENT', hash: H2 });
    expect(sent).toEqual({ name: 'confirming', hash: H2, mined: false, plan: BUY_ATT, step: 2 });
    const mined = tradeReducer(sent, { type: 'TX_MINED' });
    expect(mined).toEqual({ name: 'confirming', hash: H2, mined: true, plan: BUY_ATT, step: 3 });
    expect(tradeReducer(mined, { type: 'INDEXED' })).toEqual({ name: 'indexed', hash: H2 });
  });

  it('an allowance already given: approving is left with STEP_DONE and no hash', () => {
    const s = run([{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }, { type: 'STEP_DONE' }]);
    expect(s.name).toBe('awaitingWallet');
  });

  it('a buy in KLAY has no approve step', () => {
    const s = run([{ type: 'START', plan: BUY_KLAY }, { type: 'STEP_DONE' }]);
    expect(s).toEqual({ name: 'awaitingWallet', action: 'send', plan: BUY_KLAY, step: 1 });
  });

  it('a plan without index is done once mined, with the hash', () => {
    const plan: TradeStep[] = ['send'];
    expect(run([{ type: 'START', plan }, { type: 'TX_SENT', hash: H1 }, { type: 'TX_MINED' }])).toEqual({
      name: 'indexed',
      hash: H1,
    });
  });

  it('a sell: approve -> sign -> server, done without a transaction', () => {
    const signing = run([{ type: 'START', plan: SELL }, { type: 'STEP_DONE' }]);
    expect(signing).toEqual({ name: 'awaitingWallet', action: 'sign', plan: SELL, step: 1 });
    // A signature is not a transaction: TX_SENT is ignored.
    expect(tradeReducer(signing, { type: 'TX_SENT', hash: H1 })).toBe(signing);
    const registering = tradeReducer(signing, { type: 'STEP_DONE' });
    expect(registering).toEqual({ name: 'reserving', plan: SELL, step: 2 });
    expect(tradeReducer(registering, { type: 'STEP_DONE' })).toEqual({ name: 'indexed' });
  });

  it.each(['reserving', 'approving', 'awaitingWallet', 'confirming'] as const)(
    'a failure in %s is kept with its key',
    (name) => {
      const states: Record<string, TradeEvent[]> = {
        reserving: [{ type: 'START', plan: BUY_ATT }],
        approving: [{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }],
        awaitingWallet: [{ type: 'START', plan: BUY_KLAY }, { type: 'STEP_DONE' }],
        confirming: [{ type: 'START', plan: BUY_KLAY }, { type: 'STEP_DONE' }, { type: 'TX_SENT', hash: H1 }],
      };
      const s = run(states[name]!);
      expect(s.name).toBe(name);
      const failed = tradeReducer(s, { type: 'FAIL', messageKey: 'errors:83' });
      expect(failed).toEqual(
        name === 'confirming'
          ? { name: 'failed', messageKey: 'errors:83', at: name, hash: H1 }
          : { name: 'failed', messageKey: 'errors:83', at: name },
      );
      expect(tradeReducer(s, { type: 'REJECTED' })).toEqual({ name: 'cancelled', at: name });
    },
  );

  it('ignores events that do not fit the state (late answers of abandoned steps)', () => {
    const wallet = run([{ type: 'START', plan: BUY_KLAY }, { type: 'STEP_DONE' }]);
    expect(tradeReducer(wallet, { type: 'STEP_DONE' })).toBe(wallet);
    expect(tradeReducer(wallet, { type: 'TX_MINED' })).toBe(wallet);
    expect(tradeReducer(wallet, { type: 'INDEXED' })).toBe(wallet);
    expect(tradeReducer(wallet, { type: 'APPROVE_SENT', hash: H1 })).toBe(wallet);
    expect(tradeReducer(wallet, { type: 'START', plan: BUY_ATT })).toBe(wallet);
    expect(tradeReducer(wallet, { type: 'RESET' })).toBe(wallet);
    const sent = tradeReducer(wallet, { type: 'TX_SENT', hash: H1 });
    expect(tradeReducer(sent, { type: 'TX_SENT', hash: H2 })).toBe(sent);
    expect(tradeReducer(sent, { type: 'INDEXED' })).toBe(sent);
    const approving = run([
      { type: 'START', plan: BUY_ATT },
      { type: 'STEP_DONE' },
      { type: 'APPROVE_SENT', hash: H1 },
    ]);
    expect(tradeReducer(approving, { type: 'APPROVE_SENT', hash: H2 })).toBe(approving);
    for (const e of [
      { type: 'STEP_DONE' },
      { type: 'FAIL', messageKey: 'x' },
      { type: 'REJECTED' },
      { type: 'TX_MINED' },
    ] as TradeEvent[])
      expect(tradeReducer(initialTradeState, e)).toBe(initialTradeState);
  });

  it('finished states stay until RESET, which goes back to idle', () => {
    const done: TradeState = { name: 'indexed', hash: H1 };
    const failed: TradeState = { name: 'failed', messageKey: 'k', at: 'reserving' };
    const cancelled: TradeState = { name: 'cancelled', at: 'awaitingWallet' };
    for (const s of [done, failed, cancelled]) {
      expect(isFinished(s)).toBe(true);
      expect(tradeReducer(s, { type: 'FAIL', messageKey: 'other' })).toBe(s);
      expect(tradeReducer(s, { type: 'REJECTED' })).toBe(s);
      expect(tradeReducer(s, { type: 'RESET' })).toEqual(initialTradeState);
    }
  });

  it('refuses invalid plans', () => {
    expect(validPlan([])).toBe(false);
    expect(validPlan(['send', 'send'])).toBe(false);
    expect(validPlan(['index'])).toBe(false);
    expect(validPlan(['index', 'send'])).toBe(false);
    expect(validPlan(['reserve', 'index', 'send'])).toBe(false);
    expect(validPlan(BUY_ATT)).toBe(true);
    expect(validPlan(SELL)).toBe(true);
    expect(tradeReducer(initialTradeState, { type: 'START', plan: ['index'] })).toBe(initialTradeState);
  });
});

describe('closing the popup', () => {
  it('is allowed except while a transaction is on its way to a block', () => {
    const wallet = run([{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }, { type: 'STEP_DONE' }]);
    expect(canClose(wallet)).toBe(true);
    expect(canClose(run([{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }]))).toBe(true);
    expect(
      canClose(run([{ type: 'START', plan: BUY_ATT }, { type: 'STEP_DONE' }, { type: 'APPROVE_SENT', hash: H1 }])),
    ).toBe(false);
    expect(canClose(tradeReducer(wallet, { type: 'TX_SENT', hash: H2 }))).toBe(false);
    expect(canClose({ name: 'indexed', hash: H2 })).toBe(true);
    expect(canClose({ name: 'failed', messageKey: 'k', at: 'confirming', hash: H2 })).toBe(true);
  });
});

describe('shown steps', () => {
  it('approve only when the plan approves; chain only when it sends', () => {
    expect(shownSteps(BUY_ATT)).toEqual(['approve', 'wallet', 'chain', 'done']);
    expect(shownSteps(BUY_KLAY)).toEqual(['wallet', 'chain', 'done']);
    expect(shownSteps(SELL)).toEqual(['approve', 'wallet', 'done']);
  });

  it('marks the steps before the current one done and the current one active', () => {
    const reserving = run([{ type: 'START', plan: BUY_ATT }]);
    expect(stepStatuses(reserving, BUY_ATT)).toEqual({
      approve: 'active',
      wallet: 'pending',
      chain: 'pending',
      done: 'pending',
    });
    const confirming = run([{ type: 'START', plan: BUY_KLAY }, { type: 'STEP_DONE' }, { type: 'TX_SENT', hash: H1 }]);
    expect(stepStatuses(confirming, BUY_KLAY)).toEqual({
      approve: 'pending',
      wallet: 'done',
      chain: 'active',
      done: 'pending',
    });
    expect(stepStatuses({ name: 'indexed', hash: H1 }, BUY_ATT)).toEqual({
      approve: 'done',
      wallet: 'done',
      chain: 'done',
      done: 'done',
    });
    expect(stepStatuses(initialTradeState, BUY_ATT)).toEqual({
      approve: 'pending',
      wallet: 'pending',
      chain: 'pending',
      done: 'pending',
    });
  });

  it('a failure marks the step it happened in', () => {
    expect(stepStatuses({ name: 'failed', messageKey: 'k', at: 'reserving' }, BUY_KLAY)).toEqual({
      approve: 'pending',
      wallet: 'failed',
      chain: 'pending',
      done: 'pending',
    });
    expect(stepStatuses({ name: 'cancelled', at: 'awaitingWallet' }, BUY_ATT)).toEqual({
      approve: 'done',
      wallet: 'failed',
      chain: 'pending',
      done: 'pending',
    });
    expect(stepStatuses({ name: 'failed', messageKey: 'k', at: 'confirming', hash: H1 }, BUY_ATT)).toEqual({
      approve: 'done',
      wallet: 'done',
      chain: 'failed',
      done: 'pending',
    });
  });
});
