import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextPageOf } from '../item-queries';
import { createBottomCheck, SCROLL_DEBOUNCE_MS } from './infinite-items';

const page = (n: number, total: number) => ({ list: Array.from({ length: n }, (_, i) => i), total });

describe('the infinite loader', () => {
  it('asks for the next page while fewer than the total are loaded', () => {
    expect(nextPageOf([page(20, 45)])).toBe(2);
    expect(nextPageOf([page(20, 45), page(20, 45)])).toBe(3);
    expect(nextPageOf([page(20, 45), page(20, 45), page(5, 45)])).toBeUndefined();
    expect(nextPageOf([page(20, 20)])).toBeUndefined();
    expect(nextPageOf([page(0, 0)])).toBeUndefined();
    // The catalogue shrank under us: an empty page ends the list rather than looping.
    expect(nextPageOf([page(20, 60), page(0, 60)])).toBeUndefined();
    expect(nextPageOf([])).toBeUndefined();
  });

  describe('the bottom check', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('loads once, 500 ms after the last scroll, only at the bottom and only when more can load', () => {
      const load = vi.fn();
      let atBottom = false;
      let canLoad = true;
      const check = createBottomCheck({
        delay: SCROLL_DEBOUNCE_MS,
        atBottom: () => atBottom,
        canLoad: () => canLoad,
        load,
      });
      check.schedule();
      vi.advanceTimersByTime(600);
      expect(load).not.toHaveBeenCalled();
      atBottom = true;
      // A burst of scroll events: one check, 500 ms after the last.
      for (let i = 0; i < 10; i++) {
        check.schedule();
        vi.advanceTimersByTime(100);
      }
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(400);
      expect(load).toHaveBeenCalledTimes(1);
      canLoad = false;
      check.schedule();
      vi.advanceTimersByTime(500);
      expect(load).toHaveBeenCalledTimes(1);
      canLoad = true;
      check.schedule();
      check.cancel();
      vi.advanceTimersByTime(1000);
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
