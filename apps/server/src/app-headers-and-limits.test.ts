/** Security headers, CORS, the rate limit and the client IP behind proxies. */
import { API_BASE } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';
import { raw, setUpApp, t } from './app-test-fixture';

setUpApp();

describe('security headers and CORS', () => {
  it('sets helmet headers with a CSP fit for the SPA (RPC and alert socket allowed)', async () => {
    const r = await raw(`${API_BASE}/config/front`, undefined);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('connect-src');
    expect(csp).toContain('http://127.0.0.1:8545');
    expect(csp).toContain('ws://localhost:8080');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it("sends helmet's whole header set on API replies and 404s alike", async () => {
    const want = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const api = await raw(`${API_BASE}/nft/instance/list`, '{}', { 'content-type': 'application/json' });
    const missing = await raw('/no/such/path', undefined, {}, 'GET');
    expect(missing.statusCode).toBe(404);
    for (const r of [api, missing]) {
      expect(r.headers).toMatchObject(want);
      expect(r.headers['content-security-policy']).toMatch(/^default-src 'self';script-src 'self';/);
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('allows the public origin and localhost dev origins on the dev chain, not others', async () => {
    const ask = async (origin: string) =>
      (await raw(`${API_BASE}/config/front`, undefined, { origin })).headers['access-control-allow-origin'];
    expect(await ask('http://localhost:8080')).toBe('http://localhost:8080');
    expect(await ask('http://localhost:5173')).toBe('http://localhost:5173');
    expect(await ask('https://evil.example')).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: `${API_BASE}/user/info`,
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(String(pre.headers['access-control-allow-headers'])).toContain('authorization');
    // A money call from the web on another origin carries its Idempotency-Key.
    expect(String(pre.headers['access-control-allow-headers'])).toContain('idempotency-key');
  });
});

describe('rate limit', () => {
  it('answers 108 (HTTP 200) past the per-minute limit, API only', async () => {
    const t2 = await buildTestApp({ config: { rateLimitMax: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await t2.post('/config/front')).returnCode);
      expect(codes).toEqual([0, 0, 0, 108, 108]);
      const limited = await t2.app.inject({ method: 'POST', url: `${API_BASE}/config/front` });
      expect(limited.statusCode).toBe(200);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await t2.close();
    }
  });
});

describe('client IP behind proxies (issue 7, item 8)', () => {
  async function hammer(trustProxy: false | number | string[], remoteAddress: string) {
    const t2 = await buildTestApp({ config: { rateLimitMax: 20, trustProxy } });
    try {
      let refused = 0;
      for (let i = 0; i < 60; i++) {
        const res = await t2.app.inject({
          method: 'POST',
          url: `${API_BASE}/config/front`,
          remoteAddress,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: '{}',
        });
        if ((JSON.parse(res.body) as { returnCode: number }).returnCode === 108) refused += 1;
      }
      return refused;
    } finally {
      await t2.close();
    }
  }

  it('a rotating X-Forwarded-For from a client that is not a trusted proxy does not get past the limit', async () => {
    expect(await hammer(['10.0.0.0/8'], '203.0.113.9')).toBe(40);
    expect(await hammer(false, '203.0.113.9')).toBe(40);
  });

  it('behind a trusted proxy, each forwarded client has its own limit', async () => {
    expect(await hammer(['10.0.0.0/8'], '10.1.2.3')).toBe(0);
    expect(await hammer(1, '10.1.2.3')).toBe(0);
  });
});
