/**
 * The per-client counters of @fastify/rate-limit, in memory. Replaces the plugin's LocalStore, which hands every
 * caller the same mutable counter object: the plugin reads `current` only after an `await`, so N requests that
 * arrive together all read the count of the last one (25 parallel calls against a limit of 20 were all refused,
 * while 25 sequential ones were refused only past the 20th). Here each call gets its own snapshot.
 *
 * Fixed windows per key, as LocalStore: the first request starts a window of `timeWindow` ms; at most 5000
 * keys are kept per store (the least recently counted one goes first).
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  count: number;
  startMs: number;
}

const CAPACITY = 5000;

export class RateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow = 60_000,
  ): void {
    const nowMs = performance.now();
    let w = this.windows.get(key);
    if (!w || w.startMs + timeWindow <= nowMs) w = { count: 0, startMs: nowMs };
    w.count += 1;
    // Re-inserted, so the Map's order is least recently counted first.
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > CAPACITY) this.windows.delete(this.windows.keys().next().value!);
    callback(null, { current: w.count, ttl: w.startMs + timeWindow - nowMs });
  }

  /** A route with its own limit counts in its own store. */
  child(): FastifyRateLimitStore {
    return new RateLimitStore();
  }
}
