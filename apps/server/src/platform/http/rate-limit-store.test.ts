/**
 * Per-client limits hold for requests that arrive together: of 25 parallel calls against a route limit of 20,
 * exactly 20 pass and 5 get 108 (the plugin's own store let all 25 read the last count and refused them all).
 */
import { API_BASE, REPORT_PER_MINUTE } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

describe('rate limits under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 30 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, ip = '203.0.113.7') =>
    t.app
      .inject({
        method: 'POST',
        url: `${API_BASE}${path}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      .then((r) => (JSON.parse(r.body) as { returnCode: number }).returnCode);

  it('refuses exactly the calls past a route perMinute (report: 20), counted per client', async () => {
    const body = { reportCategoryIdx: 999, type: 3, targetIdx: 1, message: 'x' };
    const codes = await Promise.all(
      Array.from({ length: REPORT_PER_MINUTE + 5 }, () => call('/support/report/register', body)),
    );
    // Without a ticket the call itself answers 27; 108 is the limit.
    expect(codes.filter((c) => c === 108)).toHaveLength(5);
    expect(codes.filter((c) => c === 27)).toHaveLength(REPORT_PER_MINUTE);
    // Another client has its own count.
    expect(await call('/support/report/register', body, '198.51.100.9')).toBe(27);
  });

  it('refuses exactly the calls past the global limit (RATE_LIMIT_MAX)', async () => {
    const codes = await Promise.all(Array.from({ length: 40 }, () => call('/config/token/info', {}, '192.0.2.44')));
    expect(codes.filter((c) => c === 108)).toHaveLength(10);
    expect(codes.filter((c) => c !== 108)).toHaveLength(30);
  });
});
