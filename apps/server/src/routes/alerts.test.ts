/** The alert socket with a real WebSocket client on a listening server (Redis fan-out when REDIS_URL is set). */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, newWallet, type TestApp } from '../../test/helper';
import { ALERT_SOCKET_PATH } from './alerts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`;
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
  const next = (timeoutMs = 3000) =>
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

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('alert socket', () => {
  it('subscribes by address, answers pings, and delivers published alerts', async () => {
    const w = newWallet();
    const c = await connect();
    c.ws.send(' ');
    expect(await c.next()).toEqual({ status: -3 });
    c.ws.send(JSON.stringify({ channel: w.account.address }));
    expect(await c.next()).toEqual({ status: 0 });
    c.ws.send(' ');
    expect(await c.next()).toEqual({ status: 0 });
    expect(t.app.alerts.count(w.address)).toBe(1);

    await t.app.alerts.publish(w.account.address, { type: 3, productIdx: 42 });
    expect(await c.next()).toEqual({ type: 3, status: 0, data: { productIdx: 42 } });
    c.ws.close();
    await until(() => t.app.alerts.count(w.address) === 0);
    expect(t.app.alerts.count(w.address)).toBe(0);
  });

  it('delivers to every socket of the address and to no other', async () => {
    const a = newWallet();
    const b = newWallet();
    const [a1, a2, b1] = await Promise.all([connect(), connect(), connect()]);
    a1.ws.send(JSON.stringify({ channel: a.address }));
    a2.ws.send(JSON.stringify({ channel: a.address }));
    b1.ws.send(JSON.stringify({ channel: b.address }));
    await Promise.all([a1.next(), a2.next(), b1.next()]);
    await t.app.alerts.publish(a.address, { type: 1, productIdx: 7 });
    expect(await a1.next()).toMatchObject({ type: 1, data: { productIdx: 7 } });
    expect(await a2.next()).toMatchObject({ type: 1, data: { productIdx: 7 } });
    await expect(b1.next(300)).rejects.toThrow('no message');
    for (const c of [a1, a2, b1]) c.ws.close();
  });

  it('answers a malformed message with status 3 and stays open', async () => {
    const c = await connect();
    c.ws.send('{not json');
    expect(await c.next()).toEqual({ status: 3 });
    c.ws.send(JSON.stringify({ channel: 'not-an-address' }));
    expect(await c.next()).toEqual({ status: 3 });
    c.ws.send(JSON.stringify(null));
    expect(await c.next()).toEqual({ status: 3 });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});

// Runs in the PostgreSQL + Redis pass (CI sets REDIS_URL); without Redis two instances cannot share alerts.
describe.runIf(process.env.REDIS_URL)('alert fan-out through Redis', () => {
  it('an alert published on one instance reaches a socket on another', async () => {
    const other = await buildTestApp();
    try {
      const w = newWallet();
      const c = await connect();
      c.ws.send(JSON.stringify({ channel: w.address }));
      expect(await c.next()).toEqual({ status: 0 });
      await other.app.alerts.publish(w.address, { type: 6, productIdx: 9 });
      expect(await c.next()).toEqual({ type: 6, status: 0, data: { productIdx: 9 } });
      c.ws.close();
    } finally {
      await other.close();
    }
  });
});
