/** The job runner runs a job once at a time in one instance: a `runNow` during the runner's own run (or another `runNow`) waits for it. */
import { describe, expect, it } from 'vitest';
import { createJobRunner } from './runner';

describe('job runner', () => {
  it('never runs one job twice at once', async () => {
    const runner = createJobRunner({ leader: { isLeader: async () => true, release: async () => undefined } as never, now: () => new Date(), onError: (_j, err) => { throw err; } });
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
});
