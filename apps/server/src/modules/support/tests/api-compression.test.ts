import { API_BASE } from '@att/shared';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { seedSupportDemo } from '../../../demo/seed-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSupportDemo(t.db);
});
afterAll(async () => t?.close());

const call = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API_BASE}${url}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
  });

describe('API reply compression', () => {
  it('compresses a reply over 1 KB with brotli or gzip, as the client asks, and says Vary', async () => {
    const plain = await call('/support/notice/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body)).toMatchObject({ returnCode: 0 });

    const br = await call('/support/notice/list', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await call('/support/notice/list', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const identity = await call('/support/notice/list', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('sends a small reply and a refusal as they are', async () => {
    const small = await call('/user/exist', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toHaveProperty('returnCode');
  });
});
