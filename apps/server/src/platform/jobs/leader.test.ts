import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../test/helper';
import { leadership, JOBS_LOCK_KEY } from './leader';

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('trading leader', () => {
  it(process.env.DATABASE_URL ? 'one instance leads; another takes over within seconds when the holder dies' : 'PGlite: the one process leads', async () => {
    if (!process.env.DATABASE_URL) {
      const l = leadership(undefined);
      expect(await l.isLeader()).toBe(true);
      await l.release();
      return;
    }
    const { url, drop } = await freshDb({ empty: true });
    // The holder is another process: it takes the lock and waits to be killed.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg'; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect();
         const r = await c.query('SELECT pg_try_advisory_lock($1) AS ok', [process.argv[2]]); console.log(r.rows[0].ok ? 'locked' : 'busy'); setInterval(() => {}, 1000);`,
        url!,
        JOBS_LOCK_KEY.toString(),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const first = await new Promise<string>((resolve) => holder.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
    expect(first).toBe('locked');
    const b = leadership(url);
    expect(await b.isLeader()).toBe(false);
    const c = leadership(url);
    expect(await c.isLeader()).toBe(false);
    const t0 = Date.now();
    holder.kill('SIGKILL');
    expect(await until(() => b.isLeader(), 10_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // Exactly one: the third instance still waits.
    expect(await c.isLeader()).toBe(false);
    expect(await b.isLeader()).toBe(true);
    await b.release();
    expect(await until(() => c.isLeader(), 5_000)).toBe(true);
    await c.release();
    await drop();
  }, 60_000);
});
