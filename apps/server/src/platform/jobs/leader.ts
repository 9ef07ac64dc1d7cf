/**
 * Exactly one instance runs the leader-only jobs (indexer, order-book sweeps, alert dispatch). On PostgreSQL the
 * leader holds a lease: the `jobs` row of `jobs_lease` (this file is its one writer) names its holder, an epoch and
 * an expiry, every time by the database's clock. Taking it is one conditional UPDATE of an expired (or released)
 * lease that bumps the epoch; the holder renews it from a heartbeat of its own (every RENEW_MS, the lease lasting
 * LEASE_MS), so a long job run does not lose it. A leader that stops renewing (frozen, cut off, powered off) loses
 * it when it expires, and a follower (trying every FOLLOW_MS) takes it on its next try; a graceful release expires
 * it at once and NOTIFYs the followers, who try again on the spot. The holder counts itself the leader only until
 * LEASE_MS after it sent its last successful renewal, which is never later than the expiry the database wrote.
 *
 * Fencing: a leader cut off or frozen may resume mid-job after another took over. So `run` runs a job in a fenced
 * context (platform/db/fence.ts): its commits first check, on their own connection and FOR SHARE, that the lease
 * is still theirs (holder, epoch, not expired), and roll back with a LeaseLostError when it is not. The FOR SHARE
 * lock makes a takeover's UPDATE wait for such a commit: every commit lands either under the old lease, before the
 * new leader starts, or not at all. A fenced failure drops the lease here at once; the runner stops leading until
 * it takes the lease again. PGlite lives inside one process: there the process is always the leader, unfenced.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { serverOf } from '../db/connection';
import { fenced, type Fence } from '../db/fence';
import { listen } from '../db/notify';

export const LEASE_MS = 7_000;
export const RENEW_MS = 2_000;
export const FOLLOW_MS = 500;
/** Notified when the leader releases the lease (payload: none). */
export const RELEASED_CHANNEL = 'att_jobs_lease_released';

/** A fenced commit found the lease gone (expired, released or taken over): nothing of it was committed. */
export class LeaseLostError extends Error {
  constructor(
    readonly holder: string,
    readonly epoch: bigint,
  ) {
    super(`the jobs lease (epoch ${epoch}) is no longer held by ${holder}: the commit was rolled back`);
    this.name = 'LeaseLostError';
  }
}

export interface Leadership {
  /** Whether this instance holds the lease now (the first call takes it if it can and starts the heartbeat). */
  isLeader(): Promise<boolean>;
  /** Runs `fn` with its commits fenced by the lease held now (PostgreSQL); throws LeaseLostError when none is held. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** As of now, without a database round trip (metrics); `epoch` on PostgreSQL while held. */
  status(): { leading: boolean; epoch?: bigint };
  /** Stops trying; a held lease expires at once and the followers are told. */
  release(): Promise<void>;
}

export interface LeadershipOptions {
  onError?: (err: Error) => void;
  leaseMs?: number;
  renewMs?: number;
  followMs?: number;
  /** The heartbeat's timer (a test pauses it to freeze a leader). */
  schedule?: (fn: () => void, ms: number) => () => void;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return () => clearTimeout(t);
};

const ACQUIRE = `UPDATE jobs_lease SET holder = $1, epoch = epoch + 1, expires_at = clock_timestamp() + $2::int * interval '1 millisecond'
  WHERE name = 'jobs' AND expires_at <= clock_timestamp() RETURNING epoch::text AS epoch`;
const RENEW = `UPDATE jobs_lease SET expires_at = clock_timestamp() + $3::int * interval '1 millisecond'
  WHERE name = 'jobs' AND holder = $1 AND epoch = $2 AND expires_at > clock_timestamp() RETURNING epoch`;
const RELEASE = `WITH r AS (UPDATE jobs_lease SET expires_at = clock_timestamp() WHERE name = 'jobs' AND holder = $1 AND epoch = $2 RETURNING 1)
  SELECT pg_notify('${RELEASED_CHANNEL}', '') FROM r`;
const CHECK = `SELECT 1 FROM jobs_lease WHERE name = 'jobs' AND holder = $1 AND epoch = $2 AND expires_at > clock_timestamp() FOR SHARE`;

/** The leadership of the database `openDb` opened as `db`. */
export function leadership(db: object, o: LeadershipOptions = {}): Leadership {
  const server = serverOf(db);
  if (!server || 'pglite' in server) {
    return {
      isLeader: async () => true,
      run: (fn) => fn(),
      status: () => ({ leading: true }),
      release: async () => undefined,
    };
  }
  const leaseMs = o.leaseMs ?? LEASE_MS;
  const renewMs = o.renewMs ?? RENEW_MS;
  const followMs = o.followMs ?? FOLLOW_MS;
  const schedule = o.schedule ?? defaultSchedule;
  const onError = o.onError ?? (() => undefined);
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // A pool of one: its connection is opened again after a loss; a statement that hangs (a host cut off) fails.
  const pool = new pg.Pool({
    connectionString: server.url,
    max: 1,
    application_name: 'att-jobs-lease',
    query_timeout: Math.max(renewMs, 1_000),
  });
  pool.on('error', onError);

  let held: { epoch: bigint; until: number } | undefined;
  let started: Promise<void> | undefined;
  let closed = false;
  let cancel: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let busy: Promise<void> | undefined;

  const holding = () => {
    if (held && performance.now() >= held.until) held = undefined;
    return held;
  };
  const drop = (epoch: bigint) => {
    if (held?.epoch === epoch) held = undefined;
  };

  /** One heartbeat: renew the lease held, else try to take it. */
  const beat = async () => {
    const sent = performance.now();
    try {
      const h = holding();
      if (h) {
        const r = await pool.query(RENEW, [holder, h.epoch.toString(), leaseMs]);
        if (r.rowCount) {
          if (held === h) h.until = sent + leaseMs;
        } else drop(h.epoch);
      } else if (!closed) {
        const r = await pool.query<{ epoch: string }>(ACQUIRE, [holder, leaseMs]);
        const epoch = r.rows[0]?.epoch;
        if (epoch !== undefined && !closed) held = { epoch: BigInt(epoch), until: sent + leaseMs };
      }
    } catch (err) {
      onError(err as Error);
    }
  };
  /** A beat now, unless one is under way (then that one). */
  const beatNow = () => (busy ??= beat().finally(() => (busy = undefined)));
  const next = () => {
    if (closed) return;
    cancel = schedule(() => void beatNow().then(next), holding() ? renewMs : followMs);
  };

  const start = async () => {
    unlisten = await listen(db, RELEASED_CHANNEL, () => void (!holding() && beatNow()), onError);
    await beatNow();
    next();
  };

  const fenceOf = (epoch: bigint): Fence => ({
    check: { sql: CHECK, parameters: [holder, epoch.toString()] },
    lost: () => {
      drop(epoch);
      return new LeaseLostError(holder, epoch);
    },
  });

  return {
    async isLeader() {
      if (closed) return false;
      await (started ??= start());
      return holding() !== undefined;
    },
    run(fn) {
      const h = holding();
      if (!h) return Promise.reject(new LeaseLostError(holder, held?.epoch ?? 0n));
      return fenced(fenceOf(h.epoch), fn);
    },
    status() {
      const h = holding();
      return h ? { leading: true, epoch: h.epoch } : { leading: false };
    },
    async release() {
      closed = true;
      cancel?.();
      await started?.catch(() => undefined);
      cancel?.();
      await busy;
      await unlisten?.();
      const h = holding();
      held = undefined;
      if (h) await pool.query(RELEASE, [holder, h.epoch.toString()]).catch((err: Error) => onError(err));
      await pool.end().catch(() => undefined);
    },
  };
}
