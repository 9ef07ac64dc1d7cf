/**
 * Roles (ROLE, or `npm run serve -- --role`): a web instance serves the API and runs no job; a worker runs the jobs
 * and answers only its health and metrics.
 */
import { API_BASE } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

let web: TestApp;
let worker: TestApp;
beforeAll(async () => {
  web = await buildTestApp({ config: { role: 'web' } });
  worker = await buildTestApp({ config: { role: 'worker' } });
}, 120_000);
afterAll(async () => Promise.all([web?.close(), worker?.close()]));

describe('ROLE=web', () => {
  it('serves the API and runs no job, not even on PGlite where the process always leads', async () => {
    expect((await web.post('/config/front')).returnCode).toBe(0);
    expect(web.app.jobs.leading()).toBe(false);
    expect(web.app.jobs.stats().length).toBeGreaterThan(0);
    expect(web.app.jobs.stats().filter((s) => s.runs > 0)).toEqual([]);
  });
});

describe('ROLE=worker', () => {
  it('runs the jobs and answers only /healthz, /readyz and /metrics', async () => {
    // It takes the jobs lease (on PostgreSQL a moment after the start; PGlite's one process leads at once).
    for (let i = 0; !worker.app.jobs.leading() && i < 200; i++) await new Promise((r) => setTimeout(r, 50));
    expect(worker.app.jobs.leading()).toBe(true);
    expect((await worker.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect([200, 503]).toContain((await worker.app.inject({ method: 'GET', url: '/readyz' })).statusCode);
    for (const url of [`${API_BASE}/config/front`, '/', '/market', '/ws'])
      expect((await worker.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
  });
});
