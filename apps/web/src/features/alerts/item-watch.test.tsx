import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertSocket, useWatchItem } from './item-watch';

describe('useWatchItem', () => {
  afterEach(() => vi.restoreAllMocks());

  it('watches the item while mounted, tells every watcher of its events, and stops with the last one', () => {
    const watch = vi.spyOn(alertSocket, 'watch').mockImplementation(() => undefined);
    const first = vi.fn();
    const second = vi.fn();
    const a = renderHook(() => useWatchItem(7, first));
    expect(watch).toHaveBeenLastCalledWith([7]);
    const b = renderHook(() => useWatchItem(7, second));
    const other = renderHook(() => useWatchItem(9, vi.fn()));
    expect(watch).toHaveBeenLastCalledWith([7, 9]);
    // An item event from the socket reaches both watchers of item 7.
    (alertSocket as unknown as { options: { onItemEvent: (p: number) => void } }).options.onItemEvent(7);
    expect(first).toHaveBeenCalledWith(7);
    expect(second).toHaveBeenCalledWith(7);
    a.unmount();
    expect(watch).toHaveBeenLastCalledWith([7, 9]);
    b.unmount();
    expect(watch).toHaveBeenLastCalledWith([9]);
    other.unmount();
    expect(watch).toHaveBeenLastCalledWith([]);
  });
});
