/** A job: a named piece of background work the runner calls every `everyMs` (no module starts a timer of its own). */
export interface JobContext {
  now: Date;
}

export interface JobDefinition {
  /** `<module>.<what>`, e.g. `trading.index`; unique. */
  name: string;
  everyMs: number;
  /** Run only by the instance holding the jobs leader lock (default); false: every instance runs it. */
  leaderOnly?: boolean;
  run(ctx: JobContext): Promise<void>;
}

export interface JobStats {
  name: string;
  runs: number;
  failures: number;
  /** Failures since the last success (0 after a success). */
  consecutiveFailures: number;
  lastRunAt: Date | undefined;
  lastError: string | undefined;
}
