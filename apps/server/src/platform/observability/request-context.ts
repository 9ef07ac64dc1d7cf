/**
 * The request a piece of work runs for, across awaits (AsyncLocalStorage): its id is in every log line of the
 * request (Fastify's `reqId`), sent to the chain node as `X-Request-Id` and prefixed to the SQL sent to PostgreSQL
 * as a comment (`/* request_id=… *\/`, visible in `pg_stat_activity` and the server's slow-query log). A client
 * or balancer may send its own `X-Request-Id` (letters, digits, `.`, `_`, `-`; at most 64); otherwise one is made.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const store = new AsyncLocalStorage<{ requestId: string }>();
const ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The id to use for a request: the caller's, when well-formed, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const h = Array.isArray(header) ? header[0] : header;
  return h && ID_RE.test(h) ? h : randomUUID();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

/** The current request's id, if the code runs for one. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
