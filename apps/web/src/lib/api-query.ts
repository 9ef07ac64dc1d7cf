/**
 * TanStack Query glue for the one API client, built on the one write hook (`features/popups/useApiMutation`):
 * `apiQuery` throws `ApiError` on a non-zero returnCode so a query shows its error state; `useApiCall` is
 * `useApiMutation` for a single route of the table (error popup with the code's catalogue text, one run at a time).
 */
import type { RouteReply, RoutePath, RouteRequest } from '@att/shared';
import { ensureOk, useApiMutation } from '../features/popups/useApiMutation';
import { api } from './api';

export async function apiQuery<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<RouteReply<P>> {
  return ensureOk(await api(path, body));
}

export function useApiCall<P extends RoutePath>(path: P, opts: { onSuccess?: (reply: RouteReply<P>) => void } = {}) {
  return useApiMutation((body: RouteRequest<P>) => apiQuery(path, body), { onSuccess: (reply) => opts.onSuccess?.(reply) });
}
