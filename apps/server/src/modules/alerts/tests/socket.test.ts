/** The alert socket with a real WebSocket client on a listening server (Redis fan-out when REDIS_URL is set). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, loggedIn, sameRedis, type TestApp } from '../../../../test/helper';
import { listeningApp } from './socket-app';
import { ALERT_MESSAGES_PER_MINUTE, ALERT_SOCKETS_PER_CLIENT } from '../socket-routes';

let t: TestApp;
let url: string;
beforeAll(async () => {
  ({ t, url } = await listeningApp());
});
afterAll(async () => t?.close());

/** A client that queues every message so a test can await the next one. */
async function connect() {
  const ws = new WebSocket(url);
  const queue: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as unknown;
    const w = waiters.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  /** The next message: waited for generously (a loaded machine is slow); a short `timeoutMs` where none may come. */
  const next = (timeoutMs = 20_000) =>
    new Promise<unknown>((resolve, reject) => {
      if (queue.length) return resolve(queue.shift());
      const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
      waiters.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  return { ws, next };
}

/** A signed-in member and the subscribe message of their socket. */
async function member(app: TestApp = t) {
  const m = await loggedIn(app);
  return {
    ...m,
    address: m.wallet.address,
    subscribe: (extra: object = {}) =>
      JSON.stringify({ channel: m.wallet.account.address, id: m.auth.id, ticket: m.auth.ticketId, ...extra }),
  };
}

/** Waits for a condition (generously: a loaded machine is slow, and the condition, not the time, is the test). */
const until = (check: () => boolean) => vi.waitUntil(check, { timeout: 20_000, interval: 20 });

describe('alert socket', () => {
  it("subscribes by address with the member's ticket, answers pings, and delivers published alerts", async () => {
    const w = await member();
    const c = await connect();
    c.ws.send(' ');
    expect(await c.next()).toEqual({ status: -3 });
    c.ws.send(w.subscribe());
    expect(await c.next()).toEqual({ status: 0 });
    c.ws.send(' ');
    expect(await c.next()).toEqual({ status: 0 });
    expect(t.app.alerts.count(w.address)).toBe(1);

    await t.app.alerts.publish(w.address, { id: '42', type: 3, productIdx: 42 });
    expect(await c.next()).toEqual({ id: '42', type: 3, status: 0, data: { productIdx: 42 } });
    c.ws.close();
    await until(() => t.app.alerts.count(w.address) === 0);
    expect(t.app.alerts.count(w.address)).toBe(0);
  });

  it('delivers to every socket of the address and to no other', async () => {
    const a = await member();
    const b = await member();
    const [a1, a2, b1] = await Promise.all([connect(), connect(), connect()]);
    a1.ws.send(a.subscribe());
    a2.ws.send(a.subscribe());
    b1.ws.send(b.subscribe());
    await Promise.all([a1.next(), a2.next(), b1.next()]);
    await t.app.alerts.publish(a.address, { id: '7', type: 1, productIdx: 7 });
    expect(await a1.next()).toMatchObject({ type: 1, data: { productIdx: 7 } });
    expect(await a2.next()).toMatchObject({ type: 1, data: { productIdx: 7 } });
    await expect(b1.next(300)).rejects.toThrow('no message');
    for (const c of [a1, a2, b1]) c.ws.close();
  });

  it('answers a malformed message with status 3 and stays open', async () => {
    const c = await connect();
    c.ws.send('{not json');
    expect(await c.next()).toEqual({ status: 3 });
    c.ws.send(JSON.stringify({ channel: 'not-an-address', id: 'x', ticket: 'y' }));
    expect(await c.next()).toEqual({ status: 3 });
    c.ws.send(JSON.stringify({ channel: '0x' + '1'.repeat(40), id: 'x', ticket: 'y', after: '-1' }));
    expect(await c.next()).toEqual({ status: 3 });
    c.ws.send(JSON.stringify(null));
    expect(await c.next()).toEqual({ status: 3 });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});

describe('alert socket limits (issue 7, item 9)', () => {
  let t2: TestApp;
  let url2: string;
  const lines: string[] = [];
  beforeAll(async () => {
    ({ t: t2, url: url2 } = await listeningApp({
      config: { logLevel: 'info' },
      deps: { logStream: { write: (l) => void lines.push(l) } },
    }));
  });
  afterAll(async () => t2?.close());

  /** Sockets the server still holds open (its close handler, which frees the client's slot, has not run yet). */
  const serverSockets = () => t2.app.websocketServer.clients.size;

  /** Opens a socket; resolves 'open' or the HTTP status of a refused upgrade. */
  function open(headers: Record<string, string> = {}) {
    const ws = new WebSocket(url2, { headers });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const result = new Promise<'open' | number>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });
    return { ws, result, closed };
  }

  it('refuses a foreign Origin before the upgrade and accepts ours (and none)', async () => {
    const evil = open({ origin: 'https://evil.example' });
    expect(await evil.result).toBe(403);
    for (const headers of [{ origin: 'http://localhost:8080' }, {}] as Record<string, string>[]) {
      const ok = open(headers);
      expect(await ok.result).toBe('open');
      ok.ws.close();
      await ok.closed;
    }
  });

  it(`closes the socket over ${ALERT_SOCKETS_PER_CLIENT} per client with 1008`, async () => {
    // The client's 'close' can come before the server's: the earlier tests' sockets must be gone from its count.
    await until(() => serverSockets() === 0);
    const sockets = Array.from({ length: ALERT_SOCKETS_PER_CLIENT }, () => open());
    expect(await Promise.all(sockets.map((s) => s.result))).toEqual(Array(ALERT_SOCKETS_PER_CLIENT).fill('open'));
    const extra = open();
    expect(await extra.closed).toBe(1008);
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
    // Not a sleep: the server has run the close handler of every socket, so this client holds no slot any more.
    await until(() => serverSockets() === 0);
    const again = open();
    expect(await again.result).toBe('open');
    // Let in, not closed after the upgrade as the 11th was: it answers a keep-alive.
    const reply = new Promise<unknown>((resolve) => {
      again.ws.once('message', (d) => resolve(JSON.parse(String(d))));
      again.ws.once('close', (code) => resolve(code));
    });
    again.ws.send(' ');
    expect(await reply).toEqual({ status: -3 });
    again.ws.close();
    await again.closed;
  });

  it(`closes a client sending over ${ALERT_MESSAGES_PER_MINUTE} messages a minute with 1008`, async () => {
    const s = open();
    expect(await s.result).toBe('open');
    for (let i = 0; i < ALERT_MESSAGES_PER_MINUTE + 5; i++) if (s.ws.readyState === WebSocket.OPEN) s.ws.send(' ');
    expect(await s.closed).toBe(1008);
  });

  it('closes an oversize frame with 1009 and logs it at info, not as an error with a stack trace', async () => {
    // The frame is refused by its size before it counts as a message.
    const s = new WebSocket(url2);
    const closed = new Promise<number>((resolve) => s.once('close', (code) => resolve(code)));
    await new Promise((r) => s.once('open', r));
    s.send('x'.repeat(10_000));
    expect(await closed).toBe(1009);
    await until(() => lines.some((l) => l.includes('WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')));
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; code?: string });
    const oversize = entries.find((e) => e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
    expect(oversize).toMatchObject({ level: 30, msg: 'alert socket closed' });
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
  });
});

// Runs in the PostgreSQL + Redis pass (CI sets REDIS_URL); without Redis two instances cannot share alerts.
describe.runIf(process.env.REDIS_URL)('alert fan-out through Redis', () => {
  it('an alert published on one instance reaches a socket on another', async () => {
    // The two instances of one marketplace share its Redis prefix (every test app has its own otherwise).
    const other = await buildTestApp({ config: sameRedis(t.config) });
    try {
      const w = await member();
      const c = await connect();
      c.ws.send(w.subscribe());
      expect(await c.next()).toEqual({ status: 0 });
      await other.app.alerts.publish(w.address, { id: '9', type: 6, productIdx: 9 });
      expect(await c.next()).toEqual({ id: '9', type: 6, status: 0, data: { productIdx: 9 } });
      c.ws.close();
    } finally {
      await other.close();
    }
  });

  it("an instance of another marketplace on the same Redis (another REDIS_PREFIX) reaches no socket of this one's", async () => {
    const stranger = await buildTestApp();
    const other = await buildTestApp({ config: sameRedis(t.config) });
    try {
      expect(stranger.config.redisPrefix).not.toBe(t.config.redisPrefix);
      const w = await member();
      const c = await connect();
      c.ws.send(w.subscribe());
      expect(await c.next()).toEqual({ status: 0 });
      // The stranger's alert goes out first; the next one this socket hears is its own marketplace's.
      await stranger.app.alerts.publish(w.address, { id: '7', type: 6, productIdx: 7 });
      await other.app.alerts.publish(w.address, { id: '8', type: 6, productIdx: 8 });
      expect(await c.next()).toEqual({ id: '8', type: 6, status: 0, data: { productIdx: 8 } });
      c.ws.close();
    } finally {
      await Promise.all([stranger.close(), other.close()]);
    }
  });
});
