/**
 * The one way a page runs a server write: TanStack Query's useMutation, a reply whose returnCode is not 0
 * becomes an `ApiError`, and any failure shows the error popup with the catalogue text of its code
 * (`errors.<code>`, translated by `ErrorPopup`). `run()` ignores a second call while one is in flight, so a
 * double click cannot submit twice; `busy` drives the busy state of the form.
 */
import { ReturnCode } from '@att/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { popups } from './popup-store';

export class ApiError extends Error {
  constructor(readonly code: number) {
    super(`returnCode ${code}`);
  }
}

/** Returns the reply when its returnCode is 0, else throws ApiError(code). */
export function ensureOk<R extends { returnCode: number }>(reply: R): R {
  if (reply.returnCode !== 0) throw new ApiError(reply.returnCode);
  return reply;
}

/** The returnCode of any failure: the code of an ApiError, else 901 (network or unexpected). */
export const failureCode = (err: unknown) => (err instanceof ApiError ? err.code : ReturnCode.HttpTrouble);

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
      if (!opts.onFailure?.(code, v)) popups.error(code);
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
