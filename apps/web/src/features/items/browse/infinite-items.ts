/**
 * Infinite item grids: pages of a list route under TanStack `useInfiniteQuery`, and the bottom check of spec 2
 * (the next page loads when the list bottom is reached while fewer items are loaded than the total; the scroll
 * check is debounced 500 ms). A filter change is a new query key, so the grid starts again at page 1.
 */
import type { RouteRequest } from '@att/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { itemQueries, type ListPath } from '../item-queries';

export const SCROLL_DEBOUNCE_MS = 500;

/** Pages of `path` with `body` (without pageNo), `pageSize` per page. */
export function useItemPages<P extends ListPath>(
  path: P,
  body: Omit<RouteRequest<P>, 'pageNo' | 'pageSize'>,
  pageSize: number,
  opts: { enabled?: boolean; key?: readonly unknown[] } = {},
) {
  return useInfiniteQuery(itemQueries.pages(path, body, pageSize, opts));
}

/**
 * A debounced bottom check: `schedule()` (on scroll/resize, and after each page) runs `check` once `delay` ms
 * passed without another call; `check` loads when `atBottom()` and `canLoad()`.
 */
export function createBottomCheck(opts: {
  delay: number;
  atBottom: () => boolean;
  canLoad: () => boolean;
  load: () => void;
}) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (opts.canLoad() && opts.atBottom()) opts.load();
      }, opts.delay);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Loads the next page when the sentinel (the list bottom) is within a screen of the viewport. */
export function useLoadAtBottom(
  sentinel: RefObject<HTMLElement | null>,
  state: { hasNextPage: boolean; isFetching: boolean; fetchNextPage: () => unknown; pages: number },
) {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    const check = createBottomCheck({
      delay: SCROLL_DEBOUNCE_MS,
      atBottom: () => {
        const el = sentinel.current;
        return el !== null && el.getBoundingClientRect().top <= window.innerHeight + 200;
      },
      canLoad: () => latest.current.hasNextPage && !latest.current.isFetching,
      load: () => void latest.current.fetchNextPage(),
    });
    const onScroll = () => check.schedule();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // A short first page may not fill the screen: check once after each page too.
    check.schedule();
    return () => {
      check.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [sentinel, state.pages, state.hasNextPage]);
}
