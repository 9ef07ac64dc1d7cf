/**
 * Redis away and back: alerts committed while it is away still reach the member's open socket (from the outbox, a
 * second later), and when it is back every alert has reached it once and in order, the dispatcher's re-sends of the
 * same numbers dropped. Runs on a redis-server of its own (killed and started again on the same port), where
 * Debian's redis-server is installed (CI).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { AlertType } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { loggedIn, type TestApp } from '../../../../test/helper';
import { enqueueAlert } from '../outbox-repository';
import { listeningApp } from './socket-app';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = new Socket();
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.connect(port, '127.0.0.1');
  });
const until = (check: () => boolean | Promise<boolean>, timeout = 30_000) =>
  vi.waitUntil(check, { timeout, interval: 50 });

let port = 0;
let redis: ChildProcess | undefined;
async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await until(() => answers(port));
}
async function stopRedis() {
  const r = redis;
  redis = undefined;
  if (!r || r.exitCode !== null) return;
  const gone = new Promise((resolve) => r.once('exit', resolve));
  r.kill('SIGKILL');
  await gone;
}

let t: TestApp;
let url: string;
beforeAll(async () => {
  if (!hasRedis) return;
  port = await freePort();
  await startRedis();
  ({ t, url } = await listeningApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stopRedis();
});

describe.runIf(hasRedis)('alerts while Redis is away', () => {
  it('reach the open socket from the outbox while Redis is down, and once each, in order, after it is back', async () => {
    const m = await loggedIn(t);
    const address = m.wallet.address.toLowerCase();
    const ws = new WebSocket(url);
    const got: { id: string; productIdx?: number }[] = [];
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { id?: string; data?: { productIdx?: number } };
      if (msg.id !== undefined) got.push({ id: msg.id, productIdx: msg.data?.productIdx });
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const subscribed = new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ channel: m.wallet.account.address, id: m.auth.id, ticket: m.auth.ticketId }));
    await subscribed;
    const alert = (productIdx: number) =>
      t.db
        .transaction()
        .execute((trx) => enqueueAlert(trx, { address, type: AlertType.Bid, productIdx }).then(() => undefined));
    const products = () => got.map((g) => g.productIdx);

    await alert(1);
    await alert(2);
    await until(() => got.length === 2);

    await stopRedis();
    for (const p of [3, 4, 5, 6, 7]) await alert(p);
    // Redis is still down: they come from the outbox.
    await until(() => got.length === 7);
    expect(redis).toBeUndefined();

    await startRedis();
    for (const p of [8, 9, 10]) await alert(p);
    await until(() => got.length >= 10);
    // Everything the dispatcher published again after Redis came back went out before 8-10 (one connection, in order).
    await until(
      async () =>
        Number(
          (
            await t.db
              .selectFrom('alerts')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('dispatched_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        ) === 0,
    );
    expect(products()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ids = got.map((g) => BigInt(g.id));
    expect(ids.every((id, k) => k === 0 || id > ids[k - 1]!)).toBe(true);
    ws.close();
  }, 120_000);
});
