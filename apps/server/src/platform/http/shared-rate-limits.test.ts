/**
 * With Redis, a limit holds across instances: two instances sharing one Redis namespace (REDIS_PREFIX) allow the
 * limit once, not twice; another namespace on the same Redis counts apart. Redis down, each instance counts alone: the limits loosen, no request fails.
 */
import { createServer } from 'node:net';
import { API_BASE, ReturnCode } from '@att/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameRedis, type TestApp } from '../../../test/helper';
import { SharedRateLimitStore } from './rate-limit-store';

const opened: TestApp[] = [];
afterAll(async () => Promise.all(opened.map((t) => t.close())));

async function instance(config: Parameters<typeof buildTestApp>[0] extends infer O ? O : never) {
  const t = await buildTestApp(config);
  opened.push(t);
  return t;
}

const call = async (t: TestApp, ip = '203.0.113.50') => {
  const r = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/config/front`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  return { status: r.statusCode, code: (JSON.parse(r.body) as { returnCode: number }).returnCode };
};

describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await instance({ config: { rateLimitMax: 10 } });
    b = await instance({ config: { rateLimitMax: 10, ...sameRedis(a.config) } });
  }, 120_000);

  it('two instances allow a client the limit once between them', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(a)).code, (await call(b)).code);
    expect(codes.filter((c) => c === ReturnCode.Success)).toHaveLength(10);
    expect(codes.filter((c) => c === ReturnCode.ApiLimited)).toHaveLength(2);
    // Another client has its own count on both.
    expect((await call(b, '198.51.100.77')).code).toBe(ReturnCode.Success);
  });

  it('another marketplace on the same Redis (another REDIS_PREFIX) keeps a count of its own', async () => {
    const stranger = await instance({ config: { rateLimitMax: 10 } });
    expect(stranger.config.redisPrefix).not.toBe(a.config.redisPrefix);
    const ip = '198.51.100.88';
    for (let i = 0; i < 10; i++) expect((await call(a, ip)).code).toBe(ReturnCode.Success);
    expect((await call(a, ip)).code).toBe(ReturnCode.ApiLimited);
    expect((await call(stranger, ip)).code).toBe(ReturnCode.Success);
  });
});

describe('rate limits with Redis down', () => {
  it('the store counts alone: up to the limit, then over it, never an error', async () => {
    const closed = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const port = (srv.address() as { port: number }).port;
        srv.close(() => resolve(port));
      });
    });
    const redis = new Redis(`redis://127.0.0.1:${closed}`, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    try {
      const store = new SharedRateLimitStore(redis, 'att:test:rate:').child({
        routeInfo: { method: 'POST', url: '/x' },
      } as unknown as Parameters<SharedRateLimitStore['child']>[0]);
      const counts: number[] = [];
      for (let i = 0; i < 3; i++)
        counts.push(
          await new Promise<number>((resolve, reject) =>
            store.incr('203.0.113.51', (err, r) => (err ? reject(err) : resolve(r!.current))),
          ),
        );
      expect(counts).toEqual([1, 2, 3]);
    } finally {
      redis.disconnect();
    }
  });
});
