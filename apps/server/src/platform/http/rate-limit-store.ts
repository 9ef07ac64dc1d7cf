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

/** One window's count in Redis: the first call of a window sets its expiry; every call reads what is left of it. */
const WINDOW_LUA = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** What a shared store needs of a Redis client (ioredis). */
export interface RateLimitRedis {
  readonly status: string;
  eval(script: string, keys: number, key: string, windowMs: number): Promise<unknown>;
}

/**
 * The same counters shared by every instance through Redis (REDIS_URL), so N instances allow the limit once, not N
 * times: each window is a key with its expiry, under `prefix` (the marketplace's Redis namespace). When Redis does
 * not answer, the instance counts alone (in memory) until it answers again: a Redis blip loosens the limits, it
 * never refuses or fails a request.
 */
export class SharedRateLimitStore implements FastifyRateLimitStore {
  private readonly local = new RateLimitStore();

  constructor(
    private readonly redis: RateLimitRedis,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow = 60_000,
  ): void {
    if (this.redis.status !== 'ready') return this.local.incr(key, callback, timeWindow);
    this.redis.eval(WINDOW_LUA, 1, `${this.prefix}${key}`, timeWindow).then(
      (r) => {
        const [current, ttl] = r as [number, number];
        callback(null, { current, ttl });
      },
      () => this.local.incr(key, callback, timeWindow),
    );
  }

  /** A route with its own limit counts under its own key prefix (its method and path). */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route as `routeInfo` beside the limit's settings.
    const r = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
    return new SharedRateLimitStore(this.redis, `${this.prefix}${String(r?.method ?? '')}${r?.url ?? ''}:`);
  }
}
