/**
 * Exactly one instance runs the leader-only jobs (indexer, order-book sweeps, alert dispatch). On PostgreSQL the
 * leader holds a session advisory lock on a connection of its own: when that process dies, PostgreSQL ends the
 * session and frees the lock, and another instance's next try takes over. PGlite lives inside one process, so
 * there the process is always the leader.
 */
import pg from 'pg';

/** Advisory lock key of the jobs leader ("att:trading", kept from when only trading had jobs) as a stable 63-bit number. */
export const JOBS_LOCK_KEY = 7_307_915_004_218_612_113n;

export interface Leadership {
  /** True while this instance holds the lock (checked again on every call on PostgreSQL). */
  isLeader(): Promise<boolean>;
  release(): Promise<void>;
}

export function leadership(databaseUrl: string | undefined, onError: (err: Error) => void = () => undefined): Leadership {
  if (!databaseUrl) return { isLeader: async () => true, release: async () => undefined };
  let client: pg.Client | undefined;
  let held = false;
  const drop = () => {
    const c = client;
    client = undefined;
    held = false;
    c?.end().catch(() => undefined);
  };
  return {
    async isLeader() {
      try {
        if (!client) {
          const c = new pg.Client({ connectionString: databaseUrl, application_name: 'att-trading-leader' });
          c.on('error', (err) => {
            onError(err);
            if (client === c) drop();
          });
          await c.connect();
          client = c;
        }
        if (held) {
          // Still connected means still held; a lost connection shows up as an error here.
          await client.query('SELECT 1');
          return true;
        }
        const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [JOBS_LOCK_KEY.toString()]);
        held = r.rows[0]?.ok === true;
        return held;
      } catch (err) {
        onError(err as Error);
        drop();
        return false;
      }
    },
    async release() {
      if (client && held) await client.query('SELECT pg_advisory_unlock($1)', [JOBS_LOCK_KEY.toString()]).catch(() => undefined);
      drop();
    },
  };
}
