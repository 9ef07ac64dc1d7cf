/** The job runner runs a job once at a time in one instance: a `runNow` during the runner's own run (or another `runNow`) waits for it; a wake runs a job before its poll, once for many wakes, and only on the leader. The lease and its fencing: leader.test.ts. */
import { describe, expect, it } from 'vitest';
import type { Leadership } from './leader';
import { createJobRunner } from './runner';

/** A leadership held all along (PGlite's), or never (a follower's). */
const leader: Leadership = {
  isLeader: async () => true,
  run: (fn) => fn(),
  status: () => ({ leading: true }),
  release: async () => undefined,
};
const notLeading: Leadership = {
  isLeader: async () => false,
  run: () => Promise.reject(new Error('not the leader')),
  status: () => ({ leading: false }),
  release: async () => undefined,
};

describe('job runner', () => {
  it('never runs one job twice at once', async () => {
    const runner = createJobRunner({
      leader,
      now: () => new Date(),
      onError: (_j, err) => {
        throw err;
      },
    });
    let active = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    runner.register({
      name: 'slow',
      everyMs: 60_000,
      run: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((r) => gates.push(r));
        active--;
      },
    });
    const first = runner.runNow('slow');
    const second = runner.runNow('slow');
    const third = runner.runNow('slow');
    // Each run is let go only once it has started; the next starts only after it ends.
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => gates.length, { timeout: 5_000, interval: 5 }).toBe(1);
      expect(active).toBe(1);
      gates.shift()!();
    }
    await Promise.all([first, second, third]);
    expect(most).toBe(1);
    expect(runner.stats()[0]!.runs).toBe(3);
  });

  it('a wake runs a job long before its poll; wakes during a run add one run; a follower ignores them', async () => {
    const runner = createJobRunner({
      leader,
      now: () => new Date(),
      onError: (_j, err) => {
        throw err;
      },
    });
    let runs = 0;
    const gates: (() => void)[] = [];
    runner.register({
      name: 'woken',
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        await new Promise<void>((r) => gates.push(r));
      },
    });
    runner.start();
    // The start's pass runs it once; the next poll is an hour away.
    await expect.poll(() => gates.length, { timeout: 5_000, interval: 5 }).toBe(1);
    // Three wakes while it runs: one more run after it, not three.
    runner.wake('woken');
    runner.wake('woken');
    runner.wake('woken');
    gates.shift()!();
    await expect.poll(() => gates.length, { timeout: 5_000, interval: 5 }).toBe(1);
    expect(runs).toBe(2);
    gates.shift()!();
    // Another wake: one more run, at once.
    runner.wake('woken');
    await expect.poll(() => gates.length, { timeout: 5_000, interval: 5 }).toBe(1);
    expect(runs).toBe(3);
    gates.shift()!();
    await runner.stop();

    // Not the leader (as of its last pass): a wake runs nothing; the job stays the leader's.
    const follower = createJobRunner({
      leader: notLeading,
      now: () => new Date(),
      onError: (_j, err) => {
        throw err;
      },
    });
    let followerRuns = 0;
    follower.register({ name: 'woken', everyMs: 3_600_000, run: async () => void followerRuns++ });
    const passed = follower.tick();
    follower.start();
    await passed;
    follower.wake('woken');
    await follower.runNow('woken');
    // The one run is runNow's (which runs whatever the leadership): the wake added none.
    expect(followerRuns).toBe(1);
    await follower.stop();
  });
});
