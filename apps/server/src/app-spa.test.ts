/** The SPA fallback (WEB_DIST): client routes answer index.html, assets and API paths do not, source maps on the dev chain only. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

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
    for (const url of [
      '/assets/missing.js',
      `${API_BASE}/config/front`,
      '/ATTNFTMARKET/api/v1/x.json',
      '/cdn/user/profile/x.png',
    ]) {
      const r = await navigate(url);
      expect(r.statusCode, url).toBe(404);
    }
    // A script or image asking for a dotted path that does not exist gets 404, not the app.
    const img = await spa.app.inject({
      method: 'GET',
      url: '/missing.png',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
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
