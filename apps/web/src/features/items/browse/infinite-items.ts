/**
 * Infinite item grids: pages of a list route under TanStack `useInfiniteQuery`, and the bottom check of spec 2
 * (the next page loads when the list bottom is reached while fewer items are loaded than the total; the scroll
 * check is debounced 500 ms). A filter change is a new query key, so the grid starts again at page 1.
 */
import type { ItemCard, RoutePath, RouteReply, RouteRequest } from '@att/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { apiQuery } from '../../../lib/api-query';

export const SCROLL_DEBOUNCE_MS = 500;

interface ListPage<T> {
  list: T[];
  total: number;
}

/** The next page number, or undefined once every item is loaded (or a page came back empty). */
export function nextPageOf<T>(pages: readonly ListPage<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.list.length === 0) return undefined;
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total ? pages.length + 1 : undefined;
}

type ListPath = {
  [P in RoutePath]: RouteReply<P> extends { list?: (infer I)[] } ? (I extends ItemCard ? P : never) : never;
}[RoutePath];

/** Pages of `path` with `body` (without pageNo), `pageSize` per page. */
export function useItemPages<P extends ListPath>(
  path: P,
  body: Omit<RouteRequest<P>, 'pageNo' | 'pageSize'>,
  pageSize: number,
  opts: { enabled?: boolean; key?: readonly unknown[] } = {},
) {
  return useInfiniteQuery({
    queryKey: ['items', 'pages', path, body, pageSize, ...(opts.key ?? [])],
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ListPage<ItemCard>> => {
      const r = (await apiQuery(path, { ...body, pageNo: pageParam, pageSize } as RouteRequest<P>)) as {
        list?: ItemCard[];
        page?: { totalRecordSize: number };
      };
      const list = r.list ?? [];
      return { list, total: r.page?.totalRecordSize ?? list.length };
    },
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: opts.enabled ?? true,
  });
}

/**
 * A debounced bottom check: `schedule()` (on scroll/resize, and after each page) runs `check` once `delay` ms
 * passed without another call; `check` loads when `atBottom()` and `canLoad()`.
 */
export function createBottomCheck(opts: { delay: number; atBottom: () => boolean; canLoad: () => boolean; load: () => void }) {
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
