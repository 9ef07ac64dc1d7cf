/**
 * Health for a load balancer: `GET /healthz` answers 200 while the process runs; `GET /readyz` answers 200 only
 * when every readiness check passes, else 503 with each failing check's problem (`{status, checks}`), and 503 from
 * the moment a graceful shutdown begins (`app.health.drain()`), so the balancer stops sending before the server
 * stops accepting. Checks here: the database, the file storage, and the jobs (one that failed
 * `READY_JOB_FAILURES` times in a row); modules add theirs (`app.health.addCheck`: the chain, Redis). Each check
 * has 2 s and its answer is kept `cacheMs` (default 1 s), so frequent probes do not hammer S3 or the node.
 */
import { sql } from 'kysely';
import fp from 'fastify-plugin';

/** Resolves to a problem (one line) or undefined when healthy. */
export type ReadinessCheck = () => Promise<string | undefined>;

export interface Health {
  addCheck(name: string, check: ReadinessCheck, opts?: { cacheMs?: number }): void;
  /** Every check's answer (`ok` or its problem) and whether all passed. */
  report(): Promise<{ ready: boolean; checks: Record<string, string> }>;
  /** From now on /readyz answers 503 (graceful shutdown). */
  drain(): void;
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

const CHECK_TIMEOUT_MS = 2000;

interface Entry {
  check: ReadinessCheck;
  cacheMs: number;
  at: number;
  last?: string;
  running?: Promise<string | undefined>;
}

function withTimeout(p: Promise<string | undefined>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  return Promise.race([p.catch((err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]), timeout]).finally(() => clearTimeout(timer));
}

export default fp(
  async (app) => {
    const entries = new Map<string, Entry>();
    let draining = false;
    const run = async (e: Entry): Promise<string | undefined> => {
      if (Date.now() - e.at < e.cacheMs) return e.last;
      e.running ??= withTimeout(e.check()).then((r) => {
        e.last = r;
        e.at = Date.now();
        e.running = undefined;
        return r;
      });
      return e.running;
    };
    const health: Health = {
      addCheck(name, check, opts = {}) {
        if (entries.has(name)) throw new Error(`readiness check ${name} added twice`);
        entries.set(name, { check, cacheMs: opts.cacheMs ?? 1000, at: 0 });
      },
      async report() {
        const names = [...entries.keys()];
        const answers = await Promise.all(names.map((n) => run(entries.get(n)!)));
        const checks: Record<string, string> = {};
        names.forEach((n, i) => (checks[n] = answers[i] ?? 'ok'));
        if (draining) checks.shutdown = 'shutting down';
        return { ready: !draining && answers.every((a) => a === undefined), checks };
      },
      drain() {
        draining = true;
      },
      get draining() {
        return draining;
      },
    };
    app.decorate('health', health);

    health.addCheck('database', async () => {
      await sql`SELECT 1`.execute(app.db);
      return undefined;
    });
    health.addCheck(
      'storage',
      async () => {
        await app.storage.check();
        return undefined;
      },
      { cacheMs: 5000 },
    );
    health.addCheck('jobs', async () => {
      const failing = app.jobs.stats().filter((s) => s.consecutiveFailures >= app.config.ready.jobFailures);
      if (failing.length === 0) return undefined;
      return failing.map((s) => `${s.name} failed ${s.consecutiveFailures} times in a row (${s.lastError ?? '?'})`).join('; ');
    });

    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      const r = await health.report();
      return reply.code(r.ready ? 200 : 503).send({ status: r.ready ? 'ready' : 'unready', checks: r.checks });
    });
  },
  { name: 'health', dependencies: ['app-config', 'db', 'storage', 'jobs'] },
);
