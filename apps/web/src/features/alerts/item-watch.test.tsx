import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertSocket, useWatchItem, watchItem } from './item-watch';

describe('useWatchItem', () => {
  afterEach(() => vi.restoreAllMocks());

  it('watches the item while mounted, tells every watcher of its events, and stops with the last one', async () => {
    const watch = vi.spyOn(alertSocket, 'watch').mockImplementation(() => undefined);
    const first = vi.fn();
    const second = vi.fn();
    const tick = () => Promise.resolve();
    const a = renderHook(() => useWatchItem(7, first));
    await tick();
    expect(watch).toHaveBeenLastCalledWith([7]);
    const b = renderHook(() => useWatchItem(7, second));
    const other = renderHook(() => useWatchItem(9, vi.fn()));
    await tick();
    expect(watch).toHaveBeenLastCalledWith([7, 9]);
    expect(watch).toHaveBeenCalledTimes(2);
    // An item event from the socket reaches both watchers of item 7.
    (alertSocket as unknown as { options: { onItemEvent: (p: number) => void } }).options.onItemEvent(7);
    expect(first).toHaveBeenCalledWith(7);
    expect(second).toHaveBeenCalledWith(7);
    a.unmount();
    await tick();
    expect(watch).toHaveBeenLastCalledWith([7, 9]);
    b.unmount();
    await tick();
    expect(watch).toHaveBeenLastCalledWith([9]);
    // Going from one item to the next in one tick sends the new set once: never an empty one in between.
    const calls = watch.mock.calls.length;
    other.unmount();
    const next = renderHook(() => useWatchItem(11, vi.fn()));
    await tick();
    expect(watch.mock.calls.slice(calls)).toEqual([[[11]]]);
    next.unmount();
    await tick();
    expect(watch).toHaveBeenLastCalledWith([]);
  });

  it('watchItem watches until stopped and tells of the socket’s reconnects too', async () => {
    const watch = vi.spyOn(alertSocket, 'watch').mockImplementation(() => undefined);
    const options = (
      alertSocket as unknown as { options: { onItemEvent: (p: number) => void; onReconnect: () => void } }
    ).options;
    const onEvent = vi.fn();
    const onReconnect = vi.fn();
    const stop = watchItem(5, onEvent, onReconnect);
    await Promise.resolve();
    expect(watch).toHaveBeenLastCalledWith([5]);
    options.onItemEvent(5);
    options.onReconnect();
    expect(onEvent).toHaveBeenCalledWith(5);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    stop();
    await Promise.resolve();
    expect(watch).toHaveBeenLastCalledWith([]);
    options.onItemEvent(5);
    options.onReconnect();
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });
});
