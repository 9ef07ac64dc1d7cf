/**
 * Transport-level behaviour: body handling, unknown routes, the error handler, security headers, CORS, the
 * rate limit, the SPA fallback, and a property-style test throwing garbage at every route.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, routes } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, newWallet, type TestApp } from '../test/helper';

let t: TestApp;
let member: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  member = await loggedIn(t);
});
afterAll(async () => t?.close());

async function raw(url: string, payload: string | Buffer | undefined, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') {
  const res = await t.app.inject({ method, url, payload, headers });
  return { statusCode: res.statusCode, body: res.body, headers: res.headers };
}

describe('body handling', () => {
  const url = `${API_BASE}/user/exist`;

  it('answers 3 for unparsable JSON, a JSON scalar or array, and null', async () => {
    for (const body of ['{"address":', 'nul', '"0xabc"', '12', '[{"address":"0x"}]', 'null', 'true']) {
      const r = await raw(url, body, { 'content-type': 'application/json' });
      expect(r.statusCode, body).toBe(200);
      expect(JSON.parse(r.body), body).toEqual({ returnCode: 3 });
    }
  });

  it('treats an empty or absent body as {} (6 for a route with required fields)', async () => {
    expect(JSON.parse((await raw(url, '', { 'content-type': 'application/json' })).body)).toEqual({ returnCode: 6 });
    expect(JSON.parse((await raw(url, undefined)).body)).toEqual({ returnCode: 6 });
  });

  it('answers 3 for another content type (text, form, xml, multipart on a JSON route)', async () => {
    const address = newWallet().address;
    for (const [type, body] of [
      ['text/plain', JSON.stringify({ address })],
      ['application/x-www-form-urlencoded', `address=${address}`],
      ['application/xml', '<address/>'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="address"\r\n\r\n0x\r\n--x--\r\n'],
    ] as const) {
      const r = await raw(url, body, { 'content-type': type });
      expect(r.statusCode, type).toBe(200);
      expect(JSON.parse(r.body), type).toEqual({ returnCode: 3 });
    }
  });

  it('answers 3 (HTTP 200, no stack) for a body over the 64 KB limit', async () => {
    const huge = JSON.stringify({ address: newWallet().address, pad: 'x'.repeat(200_000) });
    const r = await raw(url, huge, { 'content-type': 'application/json' });
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ returnCode: 3 });
  });

  it('refuses __proto__ in bodies with 3 (prototype poisoning)', async () => {
    const r = await raw(url, `{"address":"${newWallet().address}","__proto__":{"polluted":true}}`, {
      'content-type': 'application/json',
    });
    expect(JSON.parse(r.body).returnCode).toBe(3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 5 for NUL characters or unpaired surrogates in strings', async () => {
    for (const body of ['{"address":"\\u0000"}', '{"userId":"ab\\ud800cd"}', '{"x":{"y":["\\u0000"]}}']) {
      const r = await raw(`${API_BASE}/user/info/id`, body, { 'content-type': 'application/json' });
      expect(JSON.parse(r.body), body).toEqual({ returnCode: 5 });
    }
  });

  it('accepts a trailing slash and a charset in the content type', async () => {
    const r = await raw(`${url}/`, JSON.stringify({ address: newWallet().address }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.parse(r.body)).toEqual({ returnCode: 41 });
  });
});

describe('contract', () => {
  it('serves every path of the shared routes table', async () => {
    const missing: string[] = [];
    for (const p of Object.keys(routes)) {
      const r = await raw(`${API_BASE}${p}`, '{}', { 'content-type': 'application/json' });
      if (r.statusCode === 404) missing.push(p);
    }
    expect(missing).toEqual([]);
  });
});

describe('unknown routes and methods', () => {
  it('answers HTTP 404 with {returnCode: 3} for an unknown API path or a GET on an API path', async () => {
    for (const [method, url] of [
      ['POST', `${API_BASE}/nope`],
      ['POST', `${API_BASE}/user/upload/avatar/x/y`],
      ['GET', `${API_BASE}/config/front`],
      ['POST', '/somewhere/else'],
    ] as const) {
      const r = await raw(url, method === 'POST' ? '{}' : undefined, method === 'POST' ? { 'content-type': 'application/json' } : {}, method);
      expect(r.statusCode, url).toBe(404);
      expect(JSON.parse(r.body), url).toEqual({ returnCode: 3 });
    }
  });
});

describe('logging', () => {
  it('masks the ticket of upload URLs', async () => {
    const { maskUrl } = await import('./http/mask-url');
    expect(maskUrl(`${API_BASE}/user/upload/profile/alice/SECRETticket-_x`)).toBe(`${API_BASE}/user/upload/profile/alice/***`);
    expect(maskUrl(`${API_BASE}/user/info`)).toBe(`${API_BASE}/user/info`);
  });

  it('never writes a ticket to the log, whatever the spelling of the URL (issue 7, item 7)', async () => {
    const lines: string[] = [];
    const t2 = await buildTestApp({ config: { logLevel: 'info' }, deps: { logStream: { write: (l) => void lines.push(l) } } });
    try {
      const m = await loggedIn(t2);
      const ticket = m.ticketId;
      const enc = [...ticket].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
      const urls = [
        `${API_BASE}/user/upload/profile/${m.id}/${ticket}`,
        `${API_BASE.toUpperCase()}/USER/UPLOAD/PROFILE/${m.id}/${ticket}`,
        `${API_BASE}/user/upload/profile%2F${m.id}%2F${ticket}`,
        `${API_BASE}/user/upload/profile/${m.id}/${enc}`,
        `${API_BASE}/user/upload/profile/${m.id}/${enc.replace(/%/g, '%25')}`,
        `${API_BASE}//user//upload//profile//${m.id}//${ticket}`,
        `${API_BASE}/user/info?ticketId=${ticket}`,
        `/EmailVerify/a%40b.com/${ticket}/${m.wallet.address}`,
      ];
      for (const url of urls) await t2.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      const log = lines.join('');
      expect(log).toContain('USER/UPLOAD');
      expect(log).not.toContain(ticket);
      expect(log).not.toContain(ticket.slice(0, 20));
      expect(log).toContain(m.wallet.address);
    } finally {
      await t2.close();
    }
  });
});

describe('error handler', () => {
  it('maps an unexpected error to 101 with HTTP 200 and no details', async () => {
    const t2 = await buildTestApp({
      deps: {
        now: () => {
          throw new Error('secret internal detail');
        },
      },
    });
    try {
      const r = await t2.app.inject({ method: 'POST', url: `${API_BASE}/config/front` });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('{"returnCode":101}');
    } finally {
      await t2.close();
    }
  });
});

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
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(pre.statusCode).toBe(204);
    expect(String(pre.headers['access-control-allow-headers'])).toContain('authorization');
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

describe('SPA (WEB_DIST)', () => {
  let spa: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'att-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ATT</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'app.js.map'), '{"version":3}');
    spa = await buildTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await spa?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => spa.app.inject({ method: 'GET', url });

  it('serves index.html for client routes so a reload works', async () => {
    for (const url of ['/', '/AccountSetting', '/EmailVerify/a%40b.com/code/0xabc', '/NftInfo/12?x=1']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toContain('text/html');
      expect(r.body, url).toContain('<div id="root">');
    }
  });

  it('serves assets, and 404s for missing assets, API paths and /cdn', async () => {
    const asset = await get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get(`${API_BASE}/config/front`)).statusCode).toBe(404);
    expect((await get('/cdn/user/profile/nothing.png')).statusCode).toBe(404);
  });

  it('still answers the API', async () => {
    expect((await spa.post('/config/front')).returnCode).toBe(0);
  });

  const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  const navigate = (url: string) => spa.app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });

  it('serves the app on a reload of a route whose last segment holds a dot (issue 7, item 11)', async () => {
    for (const url of [
      '/Search/v1.5',
      '/Profile/john.doe',
      '/EmailVerify/foo@bar.com',
      '/EmailVerify/foo%40bar.com/abcDEF123/0x0000000000000000000000000000000000000001',
      '/Search/report.pdf',
      '/Collection/Home/1.0',
    ]) {
      const r = await navigate(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toContain('text/html');
      expect(r.body, url).toContain('<div id="root">');
    }
  });

  it('does not answer HTML for a missing asset, an API path or /cdn, even to a navigation', async () => {
    for (const url of ['/assets/missing.js', `${API_BASE}/config/front`, '/ATTNFTMARKET/api/v1/x.json', '/cdn/user/profile/x.png']) {
      const r = await navigate(url);
      expect(r.statusCode, url).toBe(404);
    }
    // A script or image asking for a dotted path that does not exist gets 404, not the app.
    const img = await spa.app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(img.statusCode).toBe(404);
  });

  it('serves no source maps outside the dev chain (issue 7, item 10)', async () => {
    expect((await get('/assets/app.js.map')).statusCode).toBe(200);
    const prod = await buildTestApp({ config: { webDist: dist, chainId: 8217 } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

/** A small seeded PRNG so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('property: garbage bodies never produce a 500 or a 101', () => {
  const SEED = 20261121;
  const rand = prng(SEED);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const keys = [
    ...new Set(
      Object.values(routes).flatMap((r) => {
        const shape = (r.request as unknown as { shape?: Record<string, unknown> }).shape;
        return shape ? Object.keys(shape) : [];
      }),
    ),
    '__proto__',
    'constructor',
    'x',
  ];

  function value(depth = 0): unknown {
    const kind = Math.floor(rand() * (depth > 2 ? 9 : 12));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return rand() < 0.5;
      case 2:
        return pick([0, 1, 2, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
      case 3:
        return pick(['', ' ', '0', '1', 'ko', 'en', '2', 'true', '0x', '%00', '\u0000', '한국어', '😀'.repeat(50)]);
      case 4:
        return newWallet().address;
      case 5:
        return pick([member.id, member.ticketId, member.wallet.address, member.email]);
      case 6:
        return 'x'.repeat(Math.floor(rand() * 3000));
      case 7:
        return `0x${'ab'.repeat(Math.floor(rand() * 80))}`;
      case 8:
        return String(Math.floor(rand() * 1e20));
      case 9:
        return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        const n = Math.floor(rand() * 8);
        for (let i = 0; i < n; i++) o[pick(keys)] = value(depth + 1);
        return o;
      }
    }
  }

  function body(): { payload: string; type: string } {
    const r = rand();
    if (r < 0.1) return { payload: pick(['{', '}', '{"a":}', 'undefined', '\u0000', '[]]', '{"id":"\ud800"}']), type: 'application/json' };
    if (r < 0.15) return { payload: 'id=1&ticketId=2', type: pick(['application/x-www-form-urlencoded', 'text/plain']) };
    if (r < 0.25) return { payload: JSON.stringify(value()), type: 'application/json' };
    // An object with the route's own keys, mostly: the interesting case.
    const o: Record<string, unknown> = {};
    for (const k of keys) if (rand() < 0.5) o[k] = value(1);
    if (rand() < 0.5) Object.assign(o, { id: member.id, ticketId: member.ticketId });
    return { payload: JSON.stringify(o), type: 'application/json' };
  }

  it(`${Object.keys(routes).length + 2} routes x 100 random bodies (seed ${SEED})`, async () => {
    const failures: string[] = [];
    for (const p of [...Object.keys(routes), `/user/upload/profile/${member.id}/${member.ticketId}`, '/user/upload/banner/a/b']) {
      for (let i = 0; i < 100; i++) {
        const b = body();
        const headers: Record<string, string> = { 'content-type': b.type };
        if (rand() < 0.2) headers.authorization = pick([`Bearer ${member.ticketId}`, 'Bearer x', 'Basic abc', 'Bearer']);
        const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${p}`, headers, payload: b.payload });
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { returnCode?: unknown }).returnCode;
        } catch {
          code = 'not json';
        }
        if (res.statusCode !== 200 || typeof code !== 'number' || code === 101) {
          failures.push(`${p} ${res.statusCode} ${String(code)} <- ${b.type} ${b.payload.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Grows with the routes table (66 routes with the history ones); about 1 s per route on a loaded 2-core machine.
  }, 300_000);
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
