/**
 * The security headers (helmet) of every reply, computed once at start. helmet's options here are static (no CSP
 * nonces, no per-request directive functions), so its middleware writes the same headers on every response;
 * @fastify/helmet built that middleware again for each request (parsing the CSP directives and the options: ~0.1 ms
 * of CPU per request in two async hooks). Here helmet runs once against a recording response and an onRequest
 * hook writes what it wrote, on the raw response as helmet does (so a route's own `reply.header` still wins).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** Headers to set, in helmet's order, with helmet's names. */
  set: readonly (readonly [string, string])[];
  /** Headers helmet removes (X-Powered-By). */
  removed: readonly string[];
}

/** What helmet(options) writes on a response: each header set (the last value of a name) and each one removed. */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const set = new Map<string, readonly [string, string]>();
  const removed = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      const key = name.toLowerCase();
      removed.delete(key);
      set.delete(key);
      set.set(key, [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return res;
    },
    removeHeader(name: string) {
      const key = name.toLowerCase();
      set.delete(key);
      removed.set(key, name);
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set: [...set.values()], removed: [...removed.values()] };
}

/** Writes helmet's headers (for `options`) on every response of `app` (register it on the root, before routes). */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { set, removed } = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
}
