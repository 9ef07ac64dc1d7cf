/**
 * The jobs lease on PostgreSQL (two instances on one database, each its own pool, lease and runner): a leader that
 * stops renewing (frozen: its heartbeat's timers paused, its job stuck mid-transaction; no database mocked) loses the
 * lease and the other takes over within 10 s; the frozen job, resumed, commits nothing (LeaseLostError, in a
 * transaction or auto-commit) and the runner counts it and leads no more; a graceful stop hands over within 1 s.
 * On PGlite the one process leads.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../test/helper';
import { openDb, type AnyDb } from '../db/connection';
import { LeaseLostError, leadership, type Leadership } from './leader';
import { createJobRunner, type JobRunner } from './runner';

/** A heartbeat scheduler a test can pause (the callbacks due meanwhile wait) and resume. */
function pausable() {
  let paused = false;
  let fired = 0;
  const held: (() => void)[] = [];
  const run = (fn: () => void) => {
    fired++;
    fn();
  };
  return {
    schedule: (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        if (paused) held.push(fn);
        else run(fn);
      }, ms);
      return () => clearTimeout(t);
    },
    pause: () => void (paused = true),
    resume: () => {
      paused = false;
      for (const fn of held.splice(0)) run(fn);
    },
    fired: () => fired,
  };
}

interface Instance {
  db: AnyDb;
  lead: Leadership;
  runner: JobRunner;
  clock: ReturnType<typeof pausable>;
  failures: unknown[];
}

function instance(url: string): Instance {
  const db: AnyDb = openDb({ databaseUrl: url, poolMax: 2 });
  const clock = pausable();
  const lead = leadership(db, { schedule: clock.schedule });
  const failures: unknown[] = [];
  const runner = createJobRunner({
    leader: lead,
    now: () => new Date(),
    onError: (_job, err) => void failures.push(err),
  });
  return { db, lead, runner, clock, failures };
}

const rows = async (db: AnyDb) =>
  (await sql<{ who: string }>`SELECT who FROM fence_probe ORDER BY who`.execute(db)).rows.map((r) => r.who);

describe('jobs leader', () => {
  it.runIf(!process.env.DATABASE_URL)('PGlite: the one process leads, unfenced', async () => {
    const { db, drop } = await freshDb({ empty: true });
    const l = leadership(db);
    expect(await l.isLeader()).toBe(true);
    expect(await l.run(async () => 'ran')).toBe('ran');
    await l.release();
    await drop();
  });

  it.runIf(process.env.DATABASE_URL)(
    'a frozen leader loses the lease within 10 s; resumed, its job commits nothing; one leader after',
    async () => {
      const { db, url, drop } = await freshDb();
      await sql`CREATE TABLE fence_probe (who text NOT NULL)`.execute(db);
      const a = instance(url!);
      const b = instance(url!);
      try {
        let unfreeze!: () => void;
        const frozen = new Promise<void>((r) => (unfreeze = r));
        let stuck = false;
        a.runner.register({
          name: 'probe',
          everyMs: 100,
          run: async () => {
            if (stuck) return;
            const refused: unknown[] = [];
            await a.db
              .transaction()
              .execute(async (trx) => {
                await sql`INSERT INTO fence_probe (who) VALUES ('a: in a transaction')`.execute(trx);
                stuck = true;
                await frozen;
              })
              .catch((err: unknown) => void refused.push(err));
            await sql`INSERT INTO fence_probe (who) VALUES ('a: auto-commit')`
              .execute(a.db)
              .catch((err: unknown) => void refused.push(err));
            expect(refused).toHaveLength(2);
            throw refused[0];
          },
        });
        a.runner.start();
        await vi.waitUntil(() => stuck && a.runner.leading(), { timeout: 20_000, interval: 10 });
        const epochA = a.runner.leaseEpoch()!;

        b.runner.register({
          name: 'probe',
          everyMs: 100,
          run: () =>
            b.db
              .transaction()
              .execute(async (trx) => void (await sql`INSERT INTO fence_probe (who) VALUES ('b')`.execute(trx))),
        });
        b.runner.start();
        await b.runner.tick();
        expect(b.runner.leading()).toBe(false);

        // The freeze: A's heartbeat stops (its runner is stuck in the job): no renewal, no release.
        a.clock.pause();
        const frozenAt = Date.now();
        await vi.waitUntil(() => b.runner.leading(), { timeout: 20_000, interval: 10 });
        const takeover = Date.now() - frozenAt;
        expect(takeover).toBeLessThan(10_000);
        expect(b.runner.leaseEpoch()).toBe(epochA + 1n);
        await vi.waitUntil(async () => (await rows(b.db)).includes('b'), { timeout: 20_000, interval: 20 });

        // A resumes: its job's commit and its auto-commit write are both refused; the runner counts one failure.
        unfreeze();
        await vi.waitUntil(() => a.failures.length > 0, { timeout: 20_000, interval: 10 });
        expect(a.failures[0]).toBeInstanceOf(LeaseLostError);
        expect(a.runner.stats()[0]).toMatchObject({ failures: 1, consecutiveFailures: 1 });
        expect(a.runner.leading()).toBe(false);
        expect((await rows(b.db)).filter((w) => w.startsWith('a'))).toEqual([]);

        // A's heartbeat runs again: it tries, and B keeps the lease. Exactly one leader.
        a.clock.resume();
        const beats = a.clock.fired();
        await vi.waitUntil(() => a.clock.fired() >= beats + 2, { timeout: 20_000, interval: 10 });
        expect([a.runner.leading(), b.runner.leading()]).toEqual([false, true]);
        const lease = await sql<{
          epoch: string;
        }>`SELECT epoch::text AS epoch FROM jobs_lease WHERE name = 'jobs'`.execute(db);
        expect(BigInt(lease.rows[0]!.epoch)).toBe(b.runner.leaseEpoch());
        console.log(`frozen leader: taken over after ${takeover} ms`);
      } finally {
        await a.runner.stop();
        await b.runner.stop();
        await a.db.destroy();
        await b.db.destroy();
        await drop();
      }
    },
    60_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'a graceful stop hands the lease over within 1 s',
    async () => {
      const { url, drop } = await freshDb();
      const a = instance(url!);
      const b = instance(url!);
      try {
        for (const x of [a, b]) x.runner.register({ name: 'noop', everyMs: 100, run: async () => undefined });
        a.runner.start();
        await vi.waitUntil(() => a.runner.leading(), { timeout: 20_000, interval: 10 });
        b.runner.start();
        await b.runner.tick();
        expect(b.runner.leading()).toBe(false);
        const stopping = Date.now();
        await a.runner.stop();
        const released = Date.now();
        await vi.waitUntil(() => b.runner.leading(), { timeout: 20_000, interval: 5 });
        const handover = Date.now() - released;
        console.log(`graceful stop: stop() took ${released - stopping} ms, the other led ${handover} ms after it`);
        expect(handover).toBeLessThan(1_000);
        expect(a.runner.leading()).toBe(false);
      } finally {
        await a.runner.stop();
        await b.runner.stop();
        await a.db.destroy();
        await b.db.destroy();
        await drop();
      }
    },
    60_000,
  );
});
