/**
 * The shared services of the production topology test, each real: a fresh database on the PostgreSQL server of
 * DATABASE_URL, Redis (REDIS_URL, else a redis-server of its own), S3 (S3_ENDPOINT, else an s3rver of its own), an
 * SMTP server that keeps the mails, and HAProxy from Debian in front of the instances, health-checking /readyz.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { repoRoot } from '../../src/command';

/** Ports this process has handed out: a port is free when asked but bound later, by another process. */
const handedOut = new Set<number>();

/**
 * A free port, never one handed out before in this process. The OS readily gives a just-closed port to the next
 * bind to port 0: an instance's metrics port once came back equal to the other instance's port, which was chosen
 * but not yet bound (EADDRINUSE in CI). Every server of this topology takes its port from here.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms: number,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `topology_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function redis(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  await until('redis-server', async () => (await canConnect(port)) || undefined, 10_000);
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

export interface S3Env {
  S3_ENDPOINT: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_PREFIX: string;
}

export async function s3(dir: string): Promise<{ env: S3Env; stop(): Promise<void> }> {
  const prefix = `topology-${process.pid}/`;
  if (process.env.S3_ENDPOINT && process.env.S3_BUCKET) {
    return {
      env: {
        S3_ENDPOINT: process.env.S3_ENDPOINT,
        S3_BUCKET: process.env.S3_BUCKET,
        S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'S3RVER',
        S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER',
        S3_PREFIX: prefix,
      },
      stop: async () => undefined,
    };
  }
  const directory = path.join(dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: await freePort(),
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'att-topology', configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'att-topology',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    },
    stop: () => server.close(),
  };
}

/** An SMTP server keeping each mail's text (quoted-printable unfolded). */
export async function smtp(): Promise<{ url: string; mails: string[]; stop(): Promise<void> }> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        );
        callback();
      });
    },
  });
  // A client killed with -9 resets its connection (ECONNRESET): the server's concern, not a test failure.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = new Socket();
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
    c.connect(port, '127.0.0.1');
  });
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export interface ServerState {
  name: string;
  status: string;
}

/**
 * HAProxy in front of `backends`, health-checking GET /readyz every 300 ms (down after 2 failures, up after 2); it
 * re-sends a request on the other instance only when its connection failed (`retry-on conn-failure`).
 */
/**
 * HAProxy running the shipped `deploy/haproxy.cfg` as it is (its addresses from the environment, as an operator's
 * systemd drop-in sets them), in front of two instances.
 */
export async function haproxy(backends: [{ name: string; port: number }, { name: string; port: number }]) {
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = path.join(repoRoot, 'deploy', 'haproxy.cfg');
  const env = {
    ...process.env,
    ATT_LB_BIND: `127.0.0.1:${port}`,
    ATT_WEB1: `127.0.0.1:${backends[0].port}`,
    ATT_WEB2: `127.0.0.1:${backends[1].port}`,
    ATT_LB_STATS: `127.0.0.1:${statsPort}`,
  };
  /** The shipped file names its servers web1, web2: the tests know them by their instances' names. */
  const nameOf = (server: string) => ({ web1: backends[0].name, web2: backends[1].name })[server] ?? server;
  const check = spawn('/usr/sbin/haproxy', ['-c', '-f', cfg], { stdio: 'pipe', env });
  const checked = await new Promise<number>((resolve) => check.on('exit', (code) => resolve(code ?? 1)));
  if (checked !== 0) throw new Error('haproxy refused its configuration');
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await until('haproxy', async () => (await canConnect(port)) || undefined, 10_000);
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => stderr,
    /** Each backend server's state as HAProxy sees it (UP, DOWN, ...). */
    async servers(): Promise<ServerState[]> {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
      return csv
        .split('\n')
        .filter((l) => l.startsWith('api,') && !l.startsWith('api,BACKEND') && !l.startsWith('api,FRONTEND'))
        .map((l) => {
          const f = l.split(',');
          return { name: nameOf(f[1]!), status: f[17]! };
        });
    },
    stop: () => stopChild(child),
  };
}
