/**
 * LISTEN on a database `openDb` opened: PostgreSQL on a connection of its own (the pool's connections come and go),
 * opened again a second after it is lost (what was notified meanwhile is missed: a listener must not depend on every
 * notification, only be woken sooner by it); PGlite through its own `listen` (one process, the same connection).
 */
import pg from 'pg';
import { serverOf } from './connection';

const RECONNECT_MS = 1_000;

/** Calls `onNotify` with the payload of each notification on `channel`; the returned function stops listening. */
export async function listen(
  db: object,
  channel: string,
  onNotify: (payload: string) => void,
  onError: (err: Error) => void = () => undefined,
): Promise<() => Promise<void>> {
  const server = serverOf(db);
  if (!server) return async () => undefined;
  if ('pglite' in server) {
    const unlisten = await server.pglite.listen(channel, onNotify);
    // Closed with the database first, the instance has nothing left to stop.
    return () => (server.pglite.closed ? Promise.resolve() : unlisten().catch(() => undefined));
  }
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client, err: Error) => {
    onError(err);
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void open(), RECONNECT_MS);
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: server.url, application_name: `att-listen-${channel}` });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) await c.end();
    } catch (err) {
      lost(c, err as Error);
    }
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
