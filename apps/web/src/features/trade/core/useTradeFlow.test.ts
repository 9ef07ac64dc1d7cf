import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradeRun } from './useTradeFlow';

vi.mock('./trade-kit', () => ({
  loadTradeKit: async () => ({
    translateTradeError: () => ({ key: 'trade:errors.failed', rejected: false }),
    waitForTx: async () => ({ blockNumber: 1n }),
  }),
}));
/** The item socket, faked: the test sends the item's events and the socket's reconnects. */
const socket = vi.hoisted(() => ({
  watching: new Map<number, { onEvent: (p: number) => void; onReconnect?: () => void }>(),
  event(productId: number) {
    this.watching.get(productId)?.onEvent(productId);
  },
  reconnect() {
    for (const w of this.watching.values()) w.onReconnect?.();
  },
}));
vi.mock('../../alerts', () => ({
  watchItem: (productId: number, onEvent: (p: number) => void, onReconnect?: () => void) => {
    socket.watching.set(productId, { onEvent, onReconnect });
    return () => socket.watching.delete(productId);
  },
}));
const { useTradeFlow } = await import('./useTradeFlow');

const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' };
const HASH = `0x${'b'.repeat(64)}` as const;
/** Lets the flow's promises run (no timers move). */
const settle = () => act(async () => void (await new Promise((r) => queueMicrotask(() => r(undefined)))));
const flush = async () => {
  for (let i = 0; i < 10; i++) await settle();
};

afterEach(() => {
  vi.useRealTimers();
  socket.watching.clear();
});

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

describe('useTradeFlow: done is learned from the order’s state on the item’s events, never polled', () => {
  const run = (indexed: () => Promise<boolean>, watch = 5): TradeRun => ({
    action: 'buy',
    plan: ['send', 'index'],
    chain,
    send: async () => HASH,
    watch,
    indexed,
  });

  it('reads once when mined; time alone reads nothing again; each item event and reconnect reads once more', async () => {
    vi.useFakeTimers();
    let settled = false;
    const indexed = vi.fn(async () => settled);
    const { result } = renderHook(() => useTradeFlow());
    let done: Promise<boolean> | undefined;
    act(() => void (done = result.current.start(run(indexed))));
    await flush();
    expect(result.current.state).toMatchObject({ name: 'confirming', mined: true });
    expect(indexed).toHaveBeenCalledTimes(1);
    // No interval: 50 s pass, no second read.
    await act(async () => void vi.advanceTimersByTime(50_000));
    await flush();
    expect(indexed).toHaveBeenCalledTimes(1);
    // An event of another item reads nothing; one of the trade's item reads the order once.
    socket.event(6);
    await flush();
    expect(indexed).toHaveBeenCalledTimes(1);
    socket.event(5);
    await flush();
    expect(indexed).toHaveBeenCalledTimes(2);
    // The socket dropped and came back (events may be lost): the fallback read.
    settled = true;
    socket.reconnect();
    await flush();
    expect(indexed).toHaveBeenCalledTimes(3);
    expect(result.current.state).toMatchObject({ name: 'indexed', hash: HASH });
    expect(await done).toBe(true);
    expect(socket.watching.size).toBe(0);
  });

  it('an order already settled when mined is done after the one read, with no event', async () => {
    const indexed = vi.fn(async () => true);
    const { result } = renderHook(() => useTradeFlow());
    await act(async () => void (await result.current.start(run(indexed))));
    expect(result.current.state.name).toBe('indexed');
    expect(indexed).toHaveBeenCalledTimes(1);
  });

  it('without events the wait ends at its timeout (the chain has settled), still after the one read', async () => {
    vi.useFakeTimers();
    const indexed = vi.fn(async () => false);
    const { result } = renderHook(() => useTradeFlow());
    act(() => void result.current.start({ ...run(indexed), indexTimeoutMs: 20_000 }));
    await flush();
    await act(async () => void vi.advanceTimersByTime(20_001));
    await flush();
    expect(indexed).toHaveBeenCalledTimes(1);
    expect(result.current.state.name).toBe('indexed');
  });

  it('a run that names no item reads once after the receipt and is done; nothing is read again on a timer', async () => {
    vi.useFakeTimers();
    const indexed = vi.fn(async () => false);
    const { result } = renderHook(() => useTradeFlow());
    let done: Promise<boolean> | undefined;
    act(() => void (done = result.current.start({ ...run(indexed), watch: undefined })));
    await flush();
    expect(result.current.state).toMatchObject({ name: 'indexed', hash: HASH });
    expect(await done).toBe(true);
    expect(indexed).toHaveBeenCalledTimes(1);
    expect(socket.watching.size).toBe(0);
    await act(async () => void vi.advanceTimersByTime(120_000));
    await flush();
    expect(indexed).toHaveBeenCalledTimes(1);
  });

  it('closing the popup while it waits stops the wait and the watch', async () => {
    const indexed = vi.fn(async () => false);
    const { result } = renderHook(() => useTradeFlow());
    let done: Promise<boolean> | undefined;
    act(() => void (done = result.current.start(run(indexed))));
    await flush();
    expect(socket.watching.has(5)).toBe(true);
    act(() => result.current.reset());
    expect(await done).toBe(false);
    expect(socket.watching.size).toBe(0);
    expect(result.current.state.name).toBe('idle');
  });
});
