/** Reads of the watchlist: one key per endpoint under `watchKeys` (a target's follow state, the member's list). */
import type { WatchKindValue } from '@att/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';
import { useSession } from '../../lib/session';

type WatchAuth = { id: string; ticketId: string };

export const watchKeys = {
  all: ['watchlist'] as const,
  /** /watchlist/state */
  state: (auth: WatchAuth, kind: WatchKindValue, targetIdx: number) =>
    [...watchKeys.all, 'state', auth.id, auth.ticketId, kind, targetIdx] as const,
  /** /watchlist/list */
  lists: () => [...watchKeys.all, 'list'] as const,
  list: (auth: WatchAuth) => [...watchKeys.lists(), auth.id, auth.ticketId] as const,
};

export const watchQueries = {
  state: (auth: WatchAuth, kind: WatchKindValue, targetIdx: number) =>
    queryOptions({
      queryKey: watchKeys.state(auth, kind, targetIdx),
      queryFn: async () => (await apiQuery('/watchlist/state', { ...auth, kind, targetIdx })).data!,
    }),
  list: (auth: WatchAuth) =>
    queryOptions({
      queryKey: watchKeys.list(auth),
      queryFn: async () => (await apiQuery('/watchlist/list', auth)).data!,
    }),
};

/** The signed-in member's auth fields, or null. */
export function useWatchAuth() {
  const { id, ticket } = useSession();
  return id && ticket ? { id, ticketId: ticket } : null;
}

export function useWatchState(kind: WatchKindValue, targetIdx: number) {
  const auth = useWatchAuth();
  return useQuery({
    ...watchQueries.state(auth ?? { id: '', ticketId: '' }, kind, targetIdx),
    enabled: auth !== null,
  });
}

export function useWatchlist() {
  const auth = useWatchAuth();
  return useQuery({ ...watchQueries.list(auth ?? { id: '', ticketId: '' }), enabled: auth !== null });
}
