/**
 * Health for a load balancer: `GET /healthz` answers 200 while the process runs; `GET /readyz` answers 200 while
 * this instance can serve (its readiness checks: the database), 503 with the failing check when it cannot, and 503
 * from the moment a graceful shutdown begins (`app.health.drain()`), so the balancer stops sending before the
 * server stops accepting. Shared parts (Redis, the chain node, the file storage, the jobs, the keeper's balance)
 * are dependencies: reported apart in the body (`dependencies`) and as `att_dependency_up{name}`, never a reason to
 * leave the pool (when Redis blips, every instance sees it at once: taking them all out would answer 503 to every
 * page while each could still serve it). Each check has 2 s and its answer is kept `cacheMs` (default 1 s), so
 * frequent probes do not hammer S3 or the node.
 */
import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { within } from './within';

/** Resolves to a problem (one line) or undefined when healthy. */
export type ReadinessCheck = () => Promise<string | undefined>;

/** `ready`: this instance cannot serve without it (the balancer takes it out); `dependency`: a shared part, reported. */
export type CheckKind = 'ready' | 'dependency';

export interface HealthReport {
  ready: boolean;
  /** Each readiness check's answer: `ok` or its problem. */
  checks: Record<string, string>;
  /** Each dependency's answer: `ok` or its problem. */
  dependencies: Record<string, string>;
}

export interface Health {
  addCheck(name: string, check: ReadinessCheck, opts?: { cacheMs?: number; kind?: CheckKind }): void;
  report(): Promise<HealthReport>;
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
/** A scrape waits this long for the checks, then reports a check still running by its last answer (a hung part never holds it). */
const SCRAPE_WAIT_MS = 500;
/** `/readyz` waits this long for the dependencies it reports (the balancer's check must not wait on a hung node). */
const DEPENDENCY_WAIT_MS = 250;

interface Entry {
  check: ReadinessCheck;
  kind: CheckKind;
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
  return Promise.race([
    p.catch((err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

export default fp(
  async (app) => {
    const entries = new Map<string, Entry>();
    let draining = false;
    const run = async (e: Entry): Promise<string | undefined> => {
      if (performance.now() - e.at < e.cacheMs) return e.last;
      e.running ??= withTimeout(e.check()).then((r) => {
        e.last = r;
        e.at = performance.now();
        e.running = undefined;
        return r;
      });
      return e.running;
    };
    /**
     * Each check of `kind` and its answer (`ok` or the problem), waiting for each at most `waitMs` (then its last
     * answer, or `no answer yet`): readiness waits for its checks' own limit; dependencies and scrapes never wait for
     * a hung part.
     */
    const answers = async (kind: CheckKind | 'all', waitMs = CHECK_TIMEOUT_MS + 100) => {
      const named = [...entries].filter(([, e]) => kind === 'all' || e.kind === kind);
      const got = await Promise.all(
        named.map(([, e]) =>
          within(
            run(e).then((a) => a ?? 'ok'),
            waitMs,
          ),
        ),
      );
      const out: Record<string, string> = {};
      named.forEach(([n, e], i) => (out[n] = got[i] ?? (e.at > 0 ? (e.last ?? 'ok') : 'no answer yet')));
      return out;
    };
    const health: Health = {
      addCheck(name, check, opts = {}) {
        if (entries.has(name)) throw new Error(`health check ${name} added twice`);
        entries.set(name, { check, kind: opts.kind ?? 'ready', cacheMs: opts.cacheMs ?? 1000, at: -Infinity });
      },
      async report() {
        const [checks, dependencies] = await Promise.all([answers('ready'), answers('dependency', DEPENDENCY_WAIT_MS)]);
        const ready = !draining && Object.values(checks).every((a) => a === 'ok');
        if (draining) checks.shutdown = 'shutting down';
        return { ready, checks, dependencies };
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
      { cacheMs: 5000, kind: 'dependency' },
    );
    health.addCheck(
      'jobs',
      async () => {
        const failing = app.jobs.stats().filter((s) => s.consecutiveFailures >= app.config.ready.jobFailures);
        if (failing.length === 0) return undefined;
        return failing
          .map((s) => `${s.name} failed ${s.consecutiveFailures} times in a row (${s.lastError ?? '?'})`)
          .join('; ');
      },
      { kind: 'dependency' },
    );

    // Every check, readiness and dependency alike, as 1/0 at scrape time: the database shows 0 while it is down
    // (the scrape still answers: each check has its 2 s limit and the last answer is reused meanwhile).
    new Gauge({
      name: 'att_dependency_up',
      help: 'Whether each part this instance uses answered its last check (database, storage, jobs, redis, chain, keeper): 1 up, 0 down',
      labelNames: ['name'] as const,
      registers: [app.metrics.registry],
      async collect() {
        for (const [name, answer] of Object.entries(await answers('all', SCRAPE_WAIT_MS)))
          this.set({ name }, answer === 'ok' ? 1 : 0);
      },
    });

    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      const r = await health.report();
      return reply
        .code(r.ready ? 200 : 503)
        .send({ status: r.ready ? 'ready' : 'unready', checks: r.checks, dependencies: r.dependencies });
    });
  },
  { name: 'health', dependencies: ['app-config', 'db', 'storage', 'jobs', 'metrics'] },
);
