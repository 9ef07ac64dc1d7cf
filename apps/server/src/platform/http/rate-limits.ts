/**
 * The stores every rate limit counts in: shared by the instances through Redis when REDIS_URL is set (keys under
 * the marketplace's Redis namespace, REDIS_PREFIX, which the instances of one marketplace share), else in
 * this instance's memory. `app.newRateLimitStore(scope)` gives a limit its own store (the per-member limits of
 * define-route.ts); the plugin-wide limits get the class `rateLimitStores` returns.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimitStore, SharedRateLimitStore } from './rate-limit-store';

/** A store counting in windows of the length a caller gives. */
export type CountingStore = RateLimitStore | SharedRateLimitStore;

declare module 'fastify' {
  interface FastifyInstance {
    /** A store of its own for one limit (`scope`: its key prefix in Redis, e.g. the route's path). */
    newRateLimitStore: (scope: string) => CountingStore;
  }
}

export function rateLimitStores(app: FastifyInstance): new () => FastifyRateLimitStore {
  const url = app.config.redisUrl;
  if (!url || app.config.rateLimitMax <= 0) {
    app.decorate('newRateLimitStore', () => new RateLimitStore());
    return RateLimitStore;
  }
  // No offline queue and no retries a command: while Redis is away a count fails at once and is kept locally.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  app.addHook('onClose', async () => redis.disconnect());
  // The first requests count in Redis too: the start waits for it, a second at most (then it counts alone meanwhile).
  app.addHook('onReady', async () => {
    if (redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise((resolve) => redis.once('ready', resolve)),
      new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
    ]);
    clearTimeout(timer);
  });
  const prefix = `${app.config.redisPrefix}:rate:`;
  app.decorate('newRateLimitStore', (scope: string) => new SharedRateLimitStore(redis, `${prefix}${scope}`));
  return class extends SharedRateLimitStore {
    constructor() {
      super(redis, prefix);
    }
  };
}
