/**
 * The one job runner: a single loop that runs every due job in registration order, one at a time, then sleeps
 * until the next is due. Leader-only jobs run only while this instance holds the leader lock (leader.ts), checked
 * once per pass; a job that throws is logged and counted (with its failures in a row), and the others still run. `tick()` resolves after the
 * next full pass (tests wait on it); `stop()` waits for the running pass and releases the lock.
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
  /** Whether this instance held the leader lock at its last pass. */
  leading(): boolean;
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
  let leading = false;

  const runOne = async (e: Entry) => {
    while (e.inflight) await e.inflight;
    const run = runAlone(e);
    e.inflight = run;
    try {
      await run;
    } finally {
      e.inflight = undefined;
    }
  };

  const runAlone = async (e: Entry) => {
    e.stats.runs++;
    e.stats.lastRunAt = o.now();
    try {
      await e.job.run({ now: o.now() });
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
    const t = Date.now();
    const due = entries.filter((e) => e.dueAt <= t);
    const leader = due.some((e) => e.job.leaderOnly !== false) ? await o.leader.isLeader() : leading;
    leading = leader;
    for (const e of due) {
      if (stopped) break;
      e.dueAt = Date.now() + e.job.everyMs;
      if (e.job.leaderOnly !== false && !leader) continue;
      await runOne(e);
    }
  };

  const schedule = () => {
    if (stopped) return;
    const next = Math.min(...entries.map((e) => e.dueAt), Date.now() + (o.maxSleepMs ?? 1000));
    timer = setTimeout(loop, Math.max(0, next - Date.now()));
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
      entries.push({ job, dueAt: 0, stats: { name: job.name, runs: 0, failures: 0, consecutiveFailures: 0, lastRunAt: undefined, lastError: undefined } });
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
      await runOne(e);
    },
    wake(name) {
      const e = entries.find((x) => x.job.name === name);
      if (!e || e.woken || !started || stopped || (e.job.leaderOnly !== false && !leading)) return;
      e.woken = true;
      void (async () => {
        while (e.inflight) await e.inflight;
        e.woken = false;
        if (!stopped) await runOne(e);
      })();
    },
    stats: () => entries.map((e) => ({ ...e.stats })),
    leading: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await o.leader.release();
      leading = false;
    },
  };
}
