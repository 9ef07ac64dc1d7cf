/**
 * A TCP proxy in front of one service (PostgreSQL, Redis, the chain node), so a test can make that service fail as
 * it fails in production without touching the real server the rest of the suite shares: `down()` is a stopped
 * service (every connection cut, new ones refused), `hang()` a frozen one (connections accepted, nothing answered,
 * like a SIGSTOPped node or a network that drops packets), `up()` the service back.
 */
import { createServer, Socket, type Server } from 'node:net';

export type FaultProxy = Awaited<ReturnType<typeof faultProxy>>;

export async function faultProxy(target: { host: string; port: number }, port: number) {
  type Pair = { client: Socket; upstream: Socket };
  const pairs = new Set<Pair>();
  let mode: 'up' | 'hang' = 'up';
  let server: Server | undefined;

  const accept = (client: Socket) => {
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.connect(target.port, target.host);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'hang') freeze(pair);
  };
  /** Nothing passes either way (bytes wait in the kernel's buffers, as with a frozen peer). */
  const freeze = (p: Pair) => {
    p.client.unpipe(p.upstream);
    p.upstream.unpipe(p.client);
    p.client.pause();
    p.upstream.pause();
  };
  const thaw = (p: Pair) => {
    p.client.pipe(p.upstream);
    p.upstream.pipe(p.client);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(accept);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  await listen();

  return {
    url: (scheme: string, rest = '') => `${scheme}://127.0.0.1:${port}${rest}`,
    port,
    /** The service stopped: every connection cut, new ones refused. */
    async down() {
      const s = server;
      server = undefined;
      const closed = s ? new Promise((resolve) => s.close(resolve)) : Promise.resolve();
      for (const p of [...pairs]) {
        p.client.destroy();
        p.upstream.destroy();
      }
      pairs.clear();
      await closed;
    },
    /** The service frozen: connections stay open and accepted, nothing comes back. */
    hang() {
      mode = 'hang';
      for (const p of pairs) freeze(p);
    },
    /** The service back: a stopped one listens again, a frozen one passes what waited. */
    async up() {
      if (mode === 'hang') {
        mode = 'up';
        for (const p of pairs) thaw(p);
      }
      if (!server) await listen();
    },
    async close() {
      await this.down();
    },
  };
}
