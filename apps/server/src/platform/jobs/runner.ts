/**
 * The one job runner: a single loop that runs every due job in registration order, one at a time, then sleeps
 * until the next is due. Leader-only jobs run only while this instance holds the jobs lease (leader.ts), checked
 * before each of them, and inside the lease's fence: a run that outlives the lease commits nothing (LeaseLostError,
 * counted as its failure) and the runner leads no more until it takes the lease again. A job that throws is logged
 * and counted (with its failures in a row), and the others still run. `tick()` resolves after the next full pass
 * (tests wait on it); `stop()` waits for the runs under way and releases the lease.
 *
 * Why not pg-boss or graphile-worker: both need the `pg` driver's own connections (LISTEN/NOTIFY, SKIP LOCKED
 * polling on a pool), which the embedded default (PGlite, one connection in-process) cannot give; the work here
 * is a handful of periodic sweeps whose rows are already claimed with SKIP LOCKED, so a queue adds nothing.
 */
import type { JobDefinition, JobStats } from './job';
import type { Leadership } from './leader';

export interface JobRunnerOptions {
  leader: Leadership;
  now: () => Date;
  /** A job threw; `inARow` counts its failed runs since its last success (1: the first). */
  onError: (job: string, err: unknown, inARow: number) => void;
  /** The longest sleep between passes (a job registered later is picked up by then). */
  maxSleepMs?: number;
}

export interface JobRunner {
  register(job: JobDefinition): void;
  start(): void;
  /** Resolves after the next complete pass. */
  tick(): Promise<void>;
  /** Runs one job now (whatever its schedule), on this instance. */
  runNow(name: string): Promise<void>;
  /**
   * Something the job waits for happened (a notification): runs it soon, alongside the loop, if this instance may
   * (a leader-only job while it leads: as of the last pass); wakes during a run add one more run, not one each.
   */
  wake(name: string): void;
  stats(): JobStats[];
  /** Whether this instance holds the jobs lease now (false before `start` and after `stop`). */
  leading(): boolean;
  /** The epoch of the lease held (PostgreSQL), else undefined. */
  leaseEpoch(): bigint | undefined;
  stop(): Promise<void>;
}

interface Entry {
  job: JobDefinition;
  dueAt: number;
  stats: JobStats;
  /** The run in progress: a job never runs twice at once in one instance (a `runNow` waits for the runner's run). */
  inflight?: Promise<void>;
  /** A wake's run is waiting for the run in progress. */
  woken?: boolean;
}

export function createJobRunner(o: JobRunnerOptions): JobRunner {
  const entries: Entry[] = [];
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let waiters: (() => void)[] = [];
  const leading = () => started && !stopped && o.leader.status().leading;
  const leaderOnly = (e: Entry) => e.job.leaderOnly !== false;

  /** `asLeader`: run inside the lease's fence (a leader-only job while this instance leads). */
  const runOne = async (e: Entry, asLeader: boolean) => {
    while (e.inflight) await e.inflight;
    const run = runAlone(e, asLeader);
    e.inflight = run;
    try {
      await run;
    } finally {
      e.inflight = undefined;
    }
  };

  const runAlone = async (e: Entry, asLeader: boolean) => {
    e.stats.runs++;
    e.stats.lastRunAt = o.now();
    try {
      const run = () => e.job.run({ now: o.now() });
      await (asLeader ? o.leader.run(run) : run());
      e.stats.lastError = undefined;
      e.stats.consecutiveFailures = 0;
    } catch (err) {
      e.stats.failures++;
      e.stats.consecutiveFailures++;
      e.stats.lastError = err instanceof Error ? err.message : String(err);
      o.onError(e.job.name, err, e.stats.consecutiveFailures);
    }
  };

  const pass = async () => {
    const t = performance.now();
    const due = entries.filter((e) => e.dueAt <= t);
    for (const e of due) {
      if (stopped) break;
      e.dueAt = performance.now() + e.job.everyMs;
      // Asked before each: a job that lost the lease stops the pass's other leader-only jobs.
      if (leaderOnly(e) && !(await o.leader.isLeader())) continue;
      await runOne(e, leaderOnly(e));
    }
  };

  const schedule = () => {
    if (stopped) return;
    const next = Math.min(...entries.map((e) => e.dueAt), performance.now() + (o.maxSleepMs ?? 1000));
    timer = setTimeout(loop, Math.max(0, next - performance.now()));
  };
  const loop = () => {
    running = pass()
      .catch((err: unknown) => o.onError('runner', err, 1))
      .finally(() => {
        running = undefined;
        const w = waiters;
        waiters = [];
        w.forEach((f) => f());
        schedule();
      });
  };

  return {
    register(job) {
      if (entries.some((e) => e.job.name === job.name)) throw new Error(`job ${job.name} registered twice`);
      entries.push({
        job,
        dueAt: 0,
        stats: {
          name: job.name,
          runs: 0,
          failures: 0,
          consecutiveFailures: 0,
          lastRunAt: undefined,
          lastError: undefined,
        },
      });
      if (started && !running && timer) {
        clearTimeout(timer);
        schedule();
      }
    },
    start() {
      if (started) return;
      started = true;
      loop();
    },
    tick: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async runNow(name) {
      const e = entries.find((x) => x.job.name === name);
      if (!e) throw new Error(`no job ${name}`);
      await runOne(e, leaderOnly(e) && o.leader.status().leading);
    },
    wake(name) {
      const e = entries.find((x) => x.job.name === name);
      if (!e || e.woken || !started || stopped || (leaderOnly(e) && !leading())) return;
      e.woken = true;
      void (async () => {
        while (e.inflight) await e.inflight;
        e.woken = false;
        if (!stopped && (!leaderOnly(e) || leading())) await runOne(e, leaderOnly(e));
      })();
    },
    stats: () => entries.map((e) => ({ ...e.stats })),
    leading,
    leaseEpoch: () => (leading() ? o.leader.status().epoch : undefined),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Woken runs too: the lease is released only once nothing runs under it.
      for (const e of entries) while (e.inflight) await e.inflight;
      await o.leader.release();
    },
  };
}
