import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../test/helper';
import { leadership, JOBS_LOCK_KEY } from './leader';

describe('trading leader', () => {
  it(process.env.DATABASE_URL ? 'one instance leads; another takes over on its next try once the holder dies or releases' : 'PGlite: the one process leads', async () => {
    if (!process.env.DATABASE_URL) {
      const l = leadership(undefined);
      expect(await l.isLeader()).toBe(true);
      await l.release();
      return;
    }
    const { url, drop } = await freshDb({ empty: true });
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    // The holder is another process: it takes the lock, prints its backend pid and waits to be killed.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg'; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect();
         const r = await c.query('SELECT pg_try_advisory_lock($1) AS ok, pg_backend_pid() AS pid', [process.argv[2]]);
         console.log(r.rows[0].ok ? 'locked ' + r.rows[0].pid : 'busy'); setInterval(() => {}, 1000);`,
        url!,
        JOBS_LOCK_KEY.toString(),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    const lines = createInterface({ input: holder.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    expect(first).toMatch(/^locked \d+$/);
    const holderPid = Number(first.split(' ')[1]);
    const b = leadership(url);
    expect(await b.isLeader()).toBe(false);
    const c = leadership(url);
    expect(await c.isLeader()).toBe(false);

    holder.kill('SIGKILL');
    await exited;
    // Nothing but the holder's death frees the lock: PostgreSQL ends the dead process's session and with it its
    // advisory lock (no lease to run out). Wait for that condition, not a time; then the next try takes over.
    const lockFreed = async () => (await observer.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = $1`, [holderPid])).rowCount === 0;
    await vi.waitUntil(lockFreed, { timeout: 25_000, interval: 50 });
    expect(await b.isLeader()).toBe(true);
    // Exactly one: the third instance still waits.
    expect(await c.isLeader()).toBe(false);
    expect(await b.isLeader()).toBe(true);
    // A release hands over on the very next try.
    await b.release();
    expect(await c.isLeader()).toBe(true);
    await c.release();
    await observer.end();
    await drop();
  }, 60_000);
});
