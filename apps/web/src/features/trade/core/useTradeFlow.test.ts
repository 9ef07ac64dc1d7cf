import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TradeRun } from './useTradeFlow';

vi.mock('./trade-kit', () => ({
  loadTradeKit: async () => ({ translateTradeError: () => ({ key: 'trade:errors.failed', rejected: false }) }),
}));
const { useTradeFlow } = await import('./useTradeFlow');

const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' };

describe('useTradeFlow: one idempotency key per member action', () => {
  it('gives each start its own key, and the server call of that start gets it', async () => {
    const { result } = renderHook(() => useTradeFlow());
    const keys: string[] = [];
    const run = (fail: boolean): TradeRun => ({
      action: 'buy',
      plan: ['reserve'],
      chain,
      reserve: async (_kit, key) => {
        keys.push(key);
        if (fail) throw new Error('no answer');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => void (await result.current.start(run(true))));
    act(() => result.current.reset());
    await act(async () => void (await result.current.start(run(false))));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
