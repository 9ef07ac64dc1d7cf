/**
 * Who may listen, and what a reconnect gets: the alert socket lets a subscription in only with the member's own
 * ticket for that address (anyone could listen to any address before), closes it when the session ends, and
 * replays the alerts sent after the client's cursor once and in order before live ones.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { loggedIn, signedBody, type TestApp } from '../../../../test/helper';
import { listeningApp } from './socket-app';
import { enqueueAlert } from '../outbox-repository';

let t: TestApp;
let url: string;
beforeAll(async () => {
  ({ t, url } = await listeningApp());
});
afterAll(async () => t?.close());

type Msg = { id?: string; type?: number; status?: number; data?: { productIdx?: number } };

/** A socket that records every message and its close code. */
async function connect() {
  const ws = new WebSocket(url);
  const got: Msg[] = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as Msg));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((r) => ws.once('open', r));
  /** Waits for the n-th message (a condition; the bound is only there to fail with a message on a loaded machine). */
  const wait = async (n: number) => {
    await vi.waitUntil(() => got.length >= n, { timeout: 20_000, interval: 20 });
    return got;
  };
  return { ws, got, closed, wait };
}

const subscribe = (m: Awaited<ReturnType<typeof loggedIn>>, extra: object = {}) =>
  JSON.stringify({ channel: m.wallet.account.address, id: m.auth.id, ticket: m.auth.ticketId, ...extra });

/** Alerts for `address` through the real path: written to the outbox, then the dispatcher numbers and sends them. */
async function alert(address: string, ...productIdx: number[]) {
  for (const p of productIdx) await enqueueAlert(t.db, { address, type: 1, productIdx: p });
  await t.app.jobs.runNow('alerts.dispatch');
}

describe('alert socket sessions', () => {
  it("refuses a subscription without the member's own valid ticket for that address, and closes the socket", async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const cases: [object, number][] = [
      [{ ticket: 'not-a-ticket' }, 27],
      // B's ticket (and B's id) for A's address: anyone could listen to A before.
      [{ id: b.auth.id, ticket: b.auth.ticketId }, 29],
      // A's ticket under B's name.
      [{ id: b.auth.id }, 29],
    ];
    for (const [extra, code] of cases) {
      const c = await connect();
      c.ws.send(subscribe(a, extra));
      expect(await c.closed).toBe(1008);
      expect(c.got).toEqual([{ status: code }]);
      expect(t.app.alerts.count(a.wallet.address)).toBe(0);
    }
    // The old message without a ticket is malformed now.
    const c = await connect();
    c.ws.send(JSON.stringify({ channel: a.wallet.account.address }));
    expect(await c.wait(1)).toEqual([{ status: 3 }]);
    c.ws.close();
  });

  it("a logout closes the sockets of its ticket at once, not those of the member's other session", async () => {
    const a = await loggedIn(t);
    const again = await t.post('/ticket/request', await signedBody(t, a.wallet));
    const other = { ...a, auth: { id: a.auth.id, ticketId: (again.body.data as { ticketId: string }).ticketId } };
    const [mine, theirs] = [await connect(), await connect()];
    mine.ws.send(subscribe(a));
    theirs.ws.send(subscribe(other));
    await Promise.all([mine.wait(1), theirs.wait(1)]);
    expect(t.app.alerts.count(a.wallet.address)).toBe(2);

    expect((await t.post('/ticket/logout', a.auth)).returnCode).toBe(0);
    expect(await mine.closed).toBe(1008);
    await vi.waitUntil(() => t.app.alerts.count(a.wallet.address) <= 1, { timeout: 20_000, interval: 20 });
    expect(t.app.alerts.count(a.wallet.address)).toBe(1);
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN);

    // "Log out everywhere else" from a third session closes the remaining one.
    const third = await t.post('/ticket/request', await signedBody(t, a.wallet));
    expect(
      (
        await t.post('/ticket/logout/others', {
          id: a.auth.id,
          ticketId: (third.body.data as { ticketId: string }).ticketId,
        })
      ).returnCode,
    ).toBe(0);
    expect(await theirs.closed).toBe(1008);
  });

  it("a keep-alive checks the ticket again: a ticket revoked behind the socket's back ends it with 27", async () => {
    const a = await loggedIn(t);
    const c = await connect();
    c.ws.send(subscribe(a));
    await c.wait(1);
    // Revoked in the database only (as another instance's logout would, with its fan-out lost).
    await t.db.updateTable('tickets').set({ revoked_at: new Date() }).where('address', '=', a.wallet.address).execute();
    c.ws.send(' ');
    expect(await c.closed).toBe(1008);
    expect(c.got).toEqual([{ status: 0 }, { status: 27 }]);
  });
});

describe('alert replay', () => {
  it('a reconnect with the last id it saw gets every alert after it once, in order, then live ones', async () => {
    const a = await loggedIn(t);
    const first = await connect();
    first.ws.send(subscribe(a));
    await first.wait(1);
    await alert(a.wallet.address, 1, 2);
    const seen = await first.wait(3);
    expect(seen.slice(1).map((m) => m.data?.productIdx)).toEqual([1, 2]);
    const cursor = seen[2]!.id!;
    first.ws.close();

    // Missed while away.
    await alert(a.wallet.address, 3, 4, 5);
    const back = await connect();
    back.ws.send(subscribe(a, { after: cursor }));
    await back.wait(4);
    await alert(a.wallet.address, 6);
    const got = await back.wait(5);
    expect(got[0]).toEqual({ status: 0 });
    expect(got.slice(1).map((m) => m.data?.productIdx)).toEqual([3, 4, 5, 6]);
    const ids = got.slice(1).map((m) => BigInt(m.id!));
    expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
    expect(ids[0]! > BigInt(cursor)).toBe(true);
    // Nothing more arrives (no alert twice).
    await new Promise((r) => setTimeout(r, 200));
    expect(back.got).toHaveLength(5);
    back.ws.close();
  });

  it('the cursor is the send order, not the alert id: an alert committed late (lower id) is still replayed', async () => {
    const a = await loggedIn(t);
    // Alert ids 1 and 2 of this member: the later id is sent first (its transaction committed first).
    // Hidden from the dispatcher in its own transaction: the commit wakes the dispatcher at once.
    const late = await t.db.transaction().execute(async (trx) => {
      await enqueueAlert(trx, { address: a.wallet.address, type: 1, productIdx: 10 });
      const row = await trx
        .selectFrom('alerts')
        .select('alert_id')
        .orderBy('alert_id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('alerts')
        .set({ dispatched_at: new Date('2000-01-01') })
        .where('alert_id', '=', row.alert_id)
        .execute();
      return row;
    });
    await alert(a.wallet.address, 11);
    const c = await connect();
    c.ws.send(subscribe(a, { after: '0' }));
    await c.wait(2);
    const cursor = c.got[1]!.id!;
    c.ws.close();
    // Now the late one is dispatched: it is numbered after what the client saw, so a reconnect gets it.
    await t.db.updateTable('alerts').set({ dispatched_at: null }).where('alert_id', '=', late.alert_id).execute();
    await t.app.jobs.runNow('alerts.dispatch');
    const back = await connect();
    back.ws.send(subscribe(a, { after: cursor }));
    expect((await back.wait(2)).slice(1).map((m) => m.data?.productIdx)).toEqual([10]);
    back.ws.close();
  });
});
