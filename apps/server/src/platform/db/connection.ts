/**
 * The database connection: Kysely over PGlite (embedded, default) or PostgreSQL (`DATABASE_URL`). Same SQL and the
 * same migrations on both. The table types live with the modules that own them (`modules/<name>/tables.ts`,
 * composed in `modules/schema.ts`); this file knows no table. On PostgreSQL the commits of fenced work check its fence
 * first (fence.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { FencedPostgresDialect } from './fence';

export interface DbOptions {
  /** PostgreSQL connection string; wins over the PGlite options. */
  databaseUrl?: string;
  /** PGlite data directory; omit (and pass no `pglite`) for an in-memory database. */
  pgliteDir?: string;
  /** An existing PGlite instance (closed with the Kysely instance). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /**
   * PostgreSQL: a direct connection string (not through a pooler in transaction mode) for what needs a session of
   * its own, the jobs lease and LISTEN (`serverOf(db).url`); default `databaseUrl`.
   */
  directUrl?: string;
  /**
   * Told about errors of idle pooled connections (the server restarted, an administrator ended the session).
   * The pool drops such a connection and opens a new one when needed; without a listener Node would crash.
   */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL: a tag put before each statement as a comment (`/* request_id=… *\/`), seen in pg_stat_activity and the server's logs. */
  queryTag?: () => string | undefined;
  /** Told about every query (Kysely's log hook): the db plugin logs slow and failed ones with the request's id. */
  log?: (event: LogEvent) => void;
}

/** A tag as a safe SQL comment: only characters that cannot end the comment. */
const commentOf = (tag: string) => `/* ${tag.replace(/[^A-Za-z0-9._=:-]/g, '_')} */ `;

/** Prefixes every text query a pooled client sends with the current tag (pg's own `client.query(text, values)` calls). */
function tagQueries(pool: pg.Pool, tag: () => string | undefined): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (first: unknown, ...rest: unknown[]) => {
      const t = typeof first === 'string' ? tag() : undefined;
      return query(t ? commentOf(t) + (first as string) : first, ...rest);
    };
  });
}

/** Extensions every PGlite instance loads (migration 0007 creates pg_trgm for the item search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Where a database opened here is, for what a pooled Kysely cannot do (LISTEN: notify.ts; the jobs lease): its direct URL. */
export type DbServer = { url: string } | { pglite: PGlite };
const servers = new WeakMap<object, DbServer>();
/** The server of a database `openDb` opened (undefined for another). */
export const serverOf = (db: object): DbServer | undefined => servers.get(db);
/**
 * Whether the database runs a statement beside this thread (a PostgreSQL server: JavaScript may go on while it works)
 * rather than in it (PGlite runs it on this thread, so work overlapped with a statement only waits for it).
 */
export const runsBeside = (db: object): boolean => {
  const s = serverOf(db);
  return s !== undefined && 'url' in s;
};

/** Opens the database. `db.destroy()` closes the pool or the PGlite instance. */
export function openDb<DB>(opts: DbOptions = {}): Kysely<DB> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    pool.on('error', opts.onIdleError ?? ((err) => console.warn(`database: idle connection lost: ${err.message}`)));
    // A connection lost while checked out (between a transaction's statements) emits 'error' on its client, which the
    // pool listens for only while the client is idle: unheard, it would end the process. The statement that uses it
    // next fails with the error, and the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    if (opts.queryTag) tagQueries(pool, opts.queryTag);
    const db = new Kysely<DB>({ dialect: new FencedPostgresDialect({ pool }), log: opts.log });
    servers.set(db, { url: opts.directUrl ?? opts.databaseUrl });
    return db;
  }
  const pglite = opts.pglite ?? new PGlite({ dataDir: opts.pgliteDir, extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log: opts.log });
  servers.set(db, { pglite });
  return db;
}

/** A database of any schema: what platform code that knows no table (migrate, the db plugin) takes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- platform code is schema-agnostic by design
export type AnyDb = Kysely<any>;
