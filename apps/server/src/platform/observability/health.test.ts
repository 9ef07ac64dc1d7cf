/**
 * `/readyz` says whether this instance can serve (its database); a shared part that fails or hangs (Redis, the chain
 * node, storage, the jobs) is a dependency: reported in the body and as `att_dependency_up{name}`, never a 503, and
 * never a reason for the probe or a scrape to wait on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
/** The hung part: every check hangs until `release()`, which answers them and the later ones at once. */
let hanging = true;
const waiting: ((v: undefined) => void)[] = [];
const release = () => {
  hanging = false;
  waiting.splice(0).forEach((resolve) => resolve(undefined));
};
beforeAll(async () => {
  t = await buildTestApp({ config: { metrics: { host: '127.0.0.1', token: 'scrape-token' } } });
  // A part that hangs (a node that accepts and never answers) and one that fails at once (Redis refused).
  t.app.health.addCheck(
    'hung',
    () => (hanging ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(undefined)),
    { kind: 'dependency' },
  );
  t.app.health.addCheck('refused', async () => 'connect ECONNREFUSED 127.0.0.1:6379', { kind: 'dependency' });
}, 60_000);
afterAll(async () => {
  release();
  await t?.close();
});

const readyz = async () => {
  const started = Date.now();
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return {
    ms: Date.now() - started,
    status: res.statusCode,
    body: res.json<{ status: string; checks: Record<string, string>; dependencies: Record<string, string> }>(),
  };
};
const scrape = async () => {
  const started = Date.now();
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token' } });
  return { ms: Date.now() - started, status: res.statusCode, text: res.body };
};

describe('readiness and dependencies', () => {
  it('is ready on its database while dependencies fail or hang, reports them apart, and answers without waiting on them', async () => {
    // A part slower than the probe's quarter second (S3 on a loaded machine) is `no answer yet` until it answers.
    await expect.poll(async () => (await readyz()).body.dependencies.storage, { timeout: 20_000 }).toBe('ok');
    const r = await readyz();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ready');
    expect(r.body.checks).toEqual({ database: 'ok' });
    expect(r.body.dependencies).toMatchObject({
      storage: 'ok',
      jobs: 'ok',
      hung: 'no answer yet',
      refused: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
    // The probe waits at most a quarter second for the dependencies (a balancer's check timeout is a second or two).
    expect(r.ms).toBeLessThan(1000);
  });

  it('a scrape answers within a second with each part up or down, the hung one down', async () => {
    const s = await scrape();
    expect(s.status).toBe(200);
    expect(s.ms).toBeLessThan(1000);
    expect(s.text).toContain('att_dependency_up{name="database"} 1');
    expect(s.text).toContain('att_dependency_up{name="storage"} 1');
    expect(s.text).toContain('att_dependency_up{name="refused"} 0');
    expect(s.text).toContain('att_dependency_up{name="hung"} 0');
    expect(s.text).toMatch(/att_outbox_backlog \d+/);
  });

  it('a hung part that answers later is reported up again', async () => {
    release();
    // Its answer lands (or its 2 s limit passes and the next check answers at once), then a report has it.
    await expect.poll(async () => (await readyz()).body.dependencies.hung, { timeout: 10_000 }).toBe('ok');
    expect((await scrape()).text).toContain('att_dependency_up{name="hung"} 1');
  });

  it('a failing readiness check (its database) takes the instance out: 503 with the problem', async () => {
    t.app.health.addCheck('disk', async () => 'no space left on device');
    const r = await readyz();
    expect(r.status).toBe(503);
    expect(r.body.checks).toMatchObject({ database: 'ok', disk: 'no space left on device' });
  });
});
