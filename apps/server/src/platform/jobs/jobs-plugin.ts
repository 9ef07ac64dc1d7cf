/**
 * `app.jobs`: the registry modules add their job definitions to (in their plugins); the one runner starts when
 * the server is ready and stops with it (releasing the jobs lease, so another instance takes over within a second).
 * Only the instance holding the lease on the app's PostgreSQL database runs leader-only jobs, fenced by it (on
 * PGlite the process is always the leader). Metrics: runs, failures and failures in a row per job, whether this
 * instance leads and the epoch of its lease.
 */
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { leadership } from './leader';
import { createJobRunner, type JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export default fp<{ autoStart?: boolean }>(
  async (app, opts) => {
    const runner = createJobRunner({
      leader: leadership(app.db, { onError: (err) => app.log.warn({ err }, 'jobs lease') }),
      now: () => app.now(),
      // A job that fails once (a node's hiccup) is a warning; one that keeps failing (nothing it does lands) is an error.
      onError: (job, err, inARow) =>
        inARow > 1
          ? app.log.error({ err, job, failures: inARow }, 'job keeps failing')
          : app.log.warn({ err, job }, 'job failed'),
    });
    app.decorate('jobs', runner);
    if (opts.autoStart !== false) app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());

    const registers = [app.metrics.registry];
    type Stat = ReturnType<JobRunner['stats']>[number];
    /** A metric with one value a job, read from the runner when scraped (a counter is rewritten whole). */
    const perJob = (kind: typeof Counter | typeof Gauge, name: string, help: string, pick: (s: Stat) => number) =>
      new kind({
        name,
        help,
        labelNames: ['job'] as const,
        registers,
        collect(this: Counter<'job'> | Gauge<'job'>) {
          this.reset();
          for (const s of runner.stats()) {
            if (this instanceof Gauge) this.set({ job: s.name }, pick(s));
            else this.inc({ job: s.name }, pick(s));
          }
        },
      });
    perJob(Counter, 'att_job_runs_total', 'Runs of each job on this instance', (s) => s.runs);
    perJob(Counter, 'att_job_failures_total', 'Failed runs of each job on this instance', (s) => s.failures);
    perJob(
      Gauge,
      'att_job_consecutive_failures',
      'Failures of each job since its last success (READY_JOB_FAILURES of them make /readyz fail)',
      (s) => s.consecutiveFailures,
    );
    perJob(Gauge, 'att_job_last_run_seconds', "Unix time of each job's last run on this instance (0: never)", (s) =>
      s.lastRunAt ? s.lastRunAt.getTime() / 1000 : 0,
    );
    new Gauge({
      name: 'att_jobs_leader',
      help: '1 while this instance holds the jobs lease (runs the indexer, sweeps and alert dispatch)',
      registers,
      collect() {
        this.set(runner.leading() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'att_jobs_lease_epoch',
      help: 'The epoch of the jobs lease this instance holds (0: none, or PGlite); it grows by one at each takeover',
      registers,
      collect() {
        this.set(Number(runner.leaseEpoch() ?? 0n));
      },
    });
  },
  { name: 'jobs', dependencies: ['app-config', 'metrics', 'db'] },
);
