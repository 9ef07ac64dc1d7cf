/** Transport-level body handling: unparsable or foreign bodies, size limits, poisoning, the routes table, unknown routes. */
import { API_BASE, routes } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { newWallet } from '../test/helper';
import { raw, setUpApp } from './app-test-fixture';

setUpApp();

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
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="address"\r\n\r\n0x\r\n--x--\r\n',
      ],
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
      const r = await raw(
        url,
        method === 'POST' ? '{}' : undefined,
        method === 'POST' ? { 'content-type': 'application/json' } : {},
        method,
      );
      expect(r.statusCode, url).toBe(404);
      expect(JSON.parse(r.body), url).toEqual({ returnCode: 3 });
    }
  });
});
