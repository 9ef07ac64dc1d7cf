import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './static-web';

const JS = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const HTML =
  '<!doctype html><title>ATT</title><div id="root"></div><script type="module" src="/assets/index-Ab12_cD3.js"></script>';

describe('static web serving: precompressed files, Vary, caching', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'att-web-static-'));
    await mkdir(path.join(dist, 'assets'));
    const write = async (name: string, text: string, compress = true) => {
      await writeFile(path.join(dist, name), text);
      if (!compress) return;
      // Different bodies in each variant so a test sees which file was sent.
      await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(Buffer.from(text)));
      await writeFile(path.join(dist, `${name}.gz`), gzipSync(Buffer.from(text)));
    };
    await write('index.html', HTML);
    await write('assets/index-Ab12_cD3.js', JS);
    await write('assets/style-Zz98yY76.css', 'body{color:red}'.repeat(100));
    await write('assets/tiny-Qq11Ww22.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
    await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
    web = await buildTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await web?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });

  it('sends brotli to a client that accepts it, with the real type', async () => {
    const r = await get('/assets/index-Ab12_cD3.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(JS);
    expect(Number(r.headers['content-length'])).toBeLessThan(JS.length / 10);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const r = await get('/assets/style-Zz98yY76.css', { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^text\/css/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(r.rawPayload).toString()).toBe('body{color:red}'.repeat(100));
  });

  it('sends the plain file to a client that asks for no encoding or for identity only', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of variants) {
      const r = await get('/assets/index-Ab12_cD3.js', headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(200);
      expect(r.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(r.body).toBe(JS);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends the plain file when no compressed variant exists', async () => {
    const r = await get('/assets/tiny-Qq11Ww22.svg', { 'accept-encoding': 'br, gzip' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('caches hashed assets as immutable for a year, in every encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      for (const url of ['/assets/index-Ab12_cD3.js', '/assets/style-Zz98yY76.css', '/assets/tiny-Qq11Ww22.svg']) {
        const r = await get(url, { 'accept-encoding': enc });
        expect(r.headers['cache-control'], `${url} ${enc}`).toBe(IMMUTABLE);
      }
    }
  });

  it('revalidates index.html and unhashed files, however they are reached', async () => {
    const navigation = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    for (const url of ['/', '/index.html', '/AccountSetting', '/favicon.svg']) {
      const r = await get(url, navigation);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe(REVALIDATE);
    }
    const page = await get('/', navigation);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(HTML);
  });

  it('answers 404 for a missing asset in any encoding', async () => {
    expect((await get('/assets/missing-Ab12_cD3.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
    expect((await get('/assets/missing-Ab12_cD3.js')).statusCode).toBe(404);
  });
});

describe('cacheControlFor', () => {
  it('is immutable only for content-hashed build output under assets/', () => {
    expect(cacheControlFor('/srv/web/assets/index-BxK2_a9Z.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/web/assets/index-BxK2_a9Z.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/web/assets/index-BxK2_a9Z.js.map')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/web/index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('/srv/web/index.html.br')).toBe(REVALIDATE);
    expect(cacheControlFor('/srv/web/favicon.svg')).toBe(REVALIDATE);
    expect(cacheControlFor('/srv/web/assets/logo.svg')).toBe(REVALIDATE);
    expect(cacheControlFor('/srv/web/demo-assets-12345678.js')).toBe(REVALIDATE);
  });
});
