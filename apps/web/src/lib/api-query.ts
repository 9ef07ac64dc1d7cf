/**
 * TanStack Query glue for the one API client: `apiQuery` throws ApiCodeError on a non-zero returnCode so a query
 * shows its error state; `useApiMutation` runs a call, opens the error popup with the code's catalogue text on
 * failure, and hands the reply to `onSuccess`. Components keep no busy flags or try/finally of their own.
 */
import { ReturnCode, type RouteReply, type RoutePath, type RouteRequest } from '@att/shared';
import { useMutation } from '@tanstack/react-query';
import { popups } from '../features/popups/popup-store';
import { api } from './api';

export class ApiCodeError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
  ) {
    super(`${path} answered ${code}`);
  }
}

export async function apiQuery<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<RouteReply<P>> {
  const reply = await api(path, body);
  if (reply.returnCode !== 0) throw new ApiCodeError(path, reply.returnCode);
  return reply;
}

export function useApiMutation<P extends RoutePath>(
  path: P,
  opts: { onSuccess?: (reply: RouteReply<P>) => void; onError?: (code: number) => void } = {},
) {
  return useMutation({
    mutationFn: (body: RouteRequest<P>) => apiQuery(path, body),
    onSuccess: (reply) => opts.onSuccess?.(reply),
    onError: (err) => {
      const code = err instanceof ApiCodeError ? err.code : ReturnCode.HttpTrouble;
      if (opts.onError) opts.onError(code);
      else popups.error(code);
    },
  });
}
