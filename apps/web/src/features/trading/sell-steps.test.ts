import { describe, expect, it } from 'vitest';
import { initialProgress, isFailed, isFinished, progressReducer } from './sell-steps';

describe('sell progress', () => {
  it('has the approval step only when it is needed', () => {
    expect(initialProgress(true).steps.map((s) => s.key)).toEqual(['approve', 'sign', 'register']);
    expect(initialProgress(false).steps.map((s) => s.key)).toEqual(['sign', 'register']);
  });
  it('goes through every step to finished', () => {
    let p = initialProgress(true);
    for (const step of ['approve', 'sign', 'register'] as const) {
      p = progressReducer(p, { type: 'start', step });
      expect(p.steps.find((s) => s.key === step)?.state).toBe('active');
      p = progressReducer(p, { type: 'done', step });
    }
    expect(isFinished(p)).toBe(true);
    expect(isFailed(p)).toBe(false);
  });
  it('stops with the problem of a failed step', () => {
    let p = progressReducer(initialProgress(false), { type: 'start', step: 'sign' });
    p = progressReducer(p, { type: 'fail', step: 'sign', problem: 'trade:errors.rejected' });
    expect(isFailed(p)).toBe(true);
    expect(p.problem).toBe('trade:errors.rejected');
    expect(p.steps.map((s) => s.state)).toEqual(['failed', 'pending']);
  });
  it('ignores a step that is not in the list', () => {
    const p = initialProgress(false);
    expect(progressReducer(p, { type: 'start', step: 'approve' })).toBe(p);
  });
});
