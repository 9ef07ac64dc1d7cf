import { describe, expect, it } from 'vitest';
import { initialTradeState, tradeReducer, type TradeEvent, type TradeState } from '../core/trade-machine';
import { sellPlan } from './sell-plan';
import { sellProgress } from './sell-progress';

const run = (plan: ReturnType<typeof sellPlan>, ...events: TradeEvent[]): TradeState =>
  events.reduce(tradeReducer, tradeReducer(initialTradeState, { type: 'START', plan }));
const states = (s: TradeState, plan: ReturnType<typeof sellPlan>) =>
  sellProgress(s, plan).steps.map((x) => `${x.key}:${x.state}`);

describe('sell progress on the trade machine', () => {
  it('has the approval step only when it is needed', () => {
    expect(sellPlan(true)).toEqual(['approve', 'sign', 'reserve']);
    expect(sellPlan(false)).toEqual(['sign', 'reserve']);
    expect(states(initialTradeState, sellPlan(true))).toEqual(['approve:pending', 'sign:pending', 'register:pending']);
  });

  it('goes through every step to done', () => {
    const plan = sellPlan(true);
    expect(states(run(plan), plan)).toEqual(['approve:active', 'sign:pending', 'register:pending']);
    expect(states(run(plan, { type: 'APPROVE_SENT', hash: '0x1' }), plan)).toEqual([
      'approve:active',
      'sign:pending',
      'register:pending',
    ]);
    const signing = run(plan, { type: 'STEP_DONE' });
    expect(states(signing, plan)).toEqual(['approve:done', 'sign:active', 'register:pending']);
    const registering = tradeReducer(signing, { type: 'STEP_DONE' });
    expect(states(registering, plan)).toEqual(['approve:done', 'sign:done', 'register:active']);
    const done = tradeReducer(registering, { type: 'STEP_DONE' });
    expect(done.name).toBe('indexed');
    expect(states(done, plan)).toEqual(['approve:done', 'sign:done', 'register:done']);
  });

  it('stops at the failed step with the translator key; a wallet refusal reads as rejected', () => {
    const plan = sellPlan(false);
    const failed = run(plan, { type: 'STEP_DONE' }, { type: 'FAIL', messageKey: 'errors:283' });
    expect(states(failed, plan)).toEqual(['sign:done', 'register:failed']);
    expect(sellProgress(failed, plan).problem).toBe('errors:283');
    const refused = run(plan, { type: 'REJECTED' });
    expect(states(refused, plan)).toEqual(['sign:failed', 'register:pending']);
    expect(sellProgress(refused, plan).problem).toBe('trade:errors.rejected');
  });
});
