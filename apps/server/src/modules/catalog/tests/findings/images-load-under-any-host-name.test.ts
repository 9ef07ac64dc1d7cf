/**
 * The site opened under another host name than PUBLIC_ORIGIN's (http://127.0.0.1:8080 for the printed
 * http://localhost:8080) still shows its images: by default the web loads user files from `/cdn` on the page's
 * own origin, which the CSP allows; a configured CDN (CDN_URL) is given to the web and allowed by the CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/helper';

let t: TestApp;
let withCdn: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  withCdn = await buildTestApp({ config: { cdnUrl: 'https://cdn.example.com/files' } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await withCdn?.close();
});

/** The CSP directive `name` of a page opened under `host`. */
async function directive(app: TestApp, host: string, name: string): Promise<string[]> {
  const r = await app.app.inject({ method: 'GET', url: '/', headers: { host, accept: 'text/html' } });
  const csp = String(r.headers['content-security-policy'] ?? '');
  const d = csp
    .split(';')
    .map((x) => x.trim().split(/\s+/))
    .find(([n]) => n === name);
  return d?.slice(1) ?? [];
}

describe('images under any host name', () => {
  it('by default the web loads user files from /cdn on its own origin, which the CSP allows', async () => {
    const front = await t.post('/config/front', {}, { host: '127.0.0.1:8080' });
    expect((front.body.data as { cdnUrl: string }).cdnUrl).toBe('/cdn');
    expect(await directive(t, '127.0.0.1:8080', 'img-src')).toContain("'self'");
  });

  it('a configured CDN is what the web gets, and the CSP allows its origin for images and media', async () => {
    expect(((await withCdn.post('/config/front')).body.data as { cdnUrl: string }).cdnUrl).toBe(
      'https://cdn.example.com/files',
    );
    expect(await directive(withCdn, 'localhost:8080', 'img-src')).toContain('https://cdn.example.com');
    expect(await directive(withCdn, 'localhost:8080', 'media-src')).toContain('https://cdn.example.com');
    expect(await directive(t, 'localhost:8080', 'img-src')).not.toContain('https://cdn.example.com');
  });
});
