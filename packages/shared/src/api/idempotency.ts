/**
 * Money calls and their idempotency key. A route marked `idempotent` in the route table (it reserves, lists, bids,
 * offers, accepts, cancels, withdraws or pays) takes an optional `Idempotency-Key` header: the server answers a
 * repeat of the same key and body with the first answer and does nothing again; the same key with another body
 * gets 13. The web sends one key per member action (the same key when it re-sends that action's request).
 */
import { routes, type RoutePath } from './routes';

/** The header's name (HTTP header names are case-insensitive; Node reads it lower-cased). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 1-128 printable ASCII characters (a UUID fits); anything else is refused with 3. */
export const IDEMPOTENCY_KEY_RE = /^[\x20-\x7e]{1,128}$/;

/** Whether `path` is a money call (its table entry says `idempotent: true`). */
export function isIdempotentRoute(path: RoutePath): boolean {
  const def: { request: unknown; idempotent?: true } = routes[path];
  return def.idempotent === true;
}

/** Every money call of the route table. */
export const IDEMPOTENT_PATHS = (Object.keys(routes) as RoutePath[]).filter(isIdempotentRoute);
