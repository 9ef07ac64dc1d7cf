/**
 * The one way a page runs a server write: TanStack Query's useMutation, a reply whose returnCode is not 0
 * becomes an `ApiError`, and any failure goes to the registered failure handler (the error popup with the
 * catalogue text of its code). `run()` ignores a second call while one is in flight, so a double click cannot
 * submit twice; `busy` drives the busy state of the form.
 */
import type { RoutePath, RouteReply, RouteRequest } from '@att/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiQuery } from './api-query';
import { ApiError, failureCode } from './api-error';
import { reportFailure } from './failure-handler';

export interface ApiMutationOptions<V, R> {
  onSuccess?: (result: R, vars: V) => void;
  /** Return true when the page handled the code itself (no error popup). */
  onFailure?: (code: number, vars: V) => boolean | void;
}

export function useApiMutation<V, R>(fn: (vars: V) => Promise<R>, opts: ApiMutationOptions<V, R> = {}) {
  const inFlight = useRef(false);
  const mutation = useMutation<R, unknown, V>({
    mutationFn: fn,
    onSuccess: (r, v) => opts.onSuccess?.(r, v),
    onError: (err, v) => {
      const code = failureCode(err);
      if (!(err instanceof ApiError)) console.error('[mutation] failed', err);
      if (!opts.onFailure?.(code, v)) reportFailure(code);
    },
  });
  const run = (vars: V): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    mutation.mutate(vars, { onSettled: () => (inFlight.current = false) });
    return true;
  };
  return { run, busy: mutation.isPending, isInFlight: () => inFlight.current, reset: mutation.reset };
}

/** `useApiMutation` for a single route of the table. */
export function useApiCall<P extends RoutePath>(path: P, opts: { onSuccess?: (reply: RouteReply<P>) => void } = {}) {
  return useApiMutation((body: RouteRequest<P>) => apiQuery(path, body), {
    onSuccess: (reply) => opts.onSuccess?.(reply),
  });
}
