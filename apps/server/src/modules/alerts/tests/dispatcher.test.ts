/**
 * The dispatcher's run over a burst larger than one round: it numbers the alerts in id order, sends every one once in
 * that order while it numbers the next round, and marks the run's alerts once at its end. A publish that fails in the
 * middle of a run marks nothing: the next run sends the same alerts again with the same ids (at least once), in order.
 */
import { AlertType } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { seed } from '../../../seed';
import type { AlertSocket, Alerts } from '../alerts-plugin';
import { DISPATCH_JOB } from '../jobs';
import { enqueueAlert } from '../outbox-repository';

let t: TestApp;
const MEMBERS = 7;
const members = Array.from(
  { length: MEMBERS },
  (_, i) => `0x${'dd'.repeat(4)}${(i + 1).toString(16).padStart(32, '0')}`,
);
beforeAll(async () => {
  t = await buildTestApp({ deps: { autoStartJobs: false } });
  await seed(t.db, {
    members: members.map((address, i) => ({ address, userName: `burst${i}`, email: `burst${i}@example.com` })),
  });
  await t.db.updateTable('members').set({ flag_email: 0 }).where('user_name', 'like', 'burst%').execute();
}, 60_000);
afterAll(async () => t?.close());

type Got = { address: string; id: string; productIdx?: number };

/** Every member's alerts as a socket of theirs receives them. */
function listen(): { got: Got[]; stop: () => void } {
  const got: Got[] = [];
  const stops = members.map((address) => {
    const socket: AlertSocket = {
      send: (_text, msg) => got.push({ address, id: msg.id, productIdx: msg.data.productIdx }),
      close: () => undefined,
    };
    return t.app.alerts.subscribe(address, socket, `ticket-${address}`);
  });
  return { got, stop: () => stops.forEach((s) => s()) };
}

/** `n` alerts committed in one transaction, to the members in turn; product ids from `first`. */
async function burst(n: number, first: number) {
  await t.db.transaction().execute(async (trx) => {
    for (let k = 0; k < n; k++)
      await enqueueAlert(trx, { address: members[k % MEMBERS]!, type: AlertType.Bid, productIdx: first + k });
  });
}

/** Waits until `n` alerts have reached the sockets (the bound only names a failure on a loaded machine). */
const delivered = (l: { got: Got[] }, n: number) =>
  vi.waitUntil(() => l.got.length >= n, { timeout: 20_000, interval: 10 });

const pending = async () =>
  Number(
    (
      await t.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('dispatched_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('alerts.dispatch over a burst', () => {
  it('sends 1,400 alerts (three rounds) of one commit once each, numbered and sent in id order, and marks them all', async () => {
    const N = 1400;
    await burst(N, 10_000);
    const l = listen();
    await t.app.jobs.runNow(DISPATCH_JOB);
    // Through Redis (REDIS_URL) an alert reaches the socket after its publish is acknowledged.
    await delivered(l, N);
    l.stop();
    expect(l.got).toHaveLength(N);
    // Sent in id order: the product ids were written in order, and the numbers (the ids clients see) rise with them.
    expect(l.got.map((g) => g.productIdx)).toEqual(Array.from({ length: N }, (_, k) => 10_000 + k));
    const ids = l.got.map((g) => BigInt(g.id));
    expect(ids.every((id, k) => k === 0 || id === ids[k - 1]! + 1n)).toBe(true);
    expect(l.got.every((g, k) => g.address === members[k % MEMBERS])).toBe(true);
    expect(await pending()).toBe(0);
    // A second run has nothing to send.
    const again = listen();
    await t.app.jobs.runNow(DISPATCH_JOB);
    again.stop();
    expect(again.got).toEqual([]);
  }, 120_000);

  it('a publish failing in the third round marks nothing; the next run sends the run again with the same ids, in order', async () => {
    const N = 1400;
    await burst(N, 20_000);
    const alerts = t.app.alerts;
    const publish = alerts.publish.bind(alerts);
    let calls = 0;
    // The Redis publisher failing on the 1,300th alert of the run (the third round: 250, 1,000, then 150), as a lost
    // connection would.
    const failing: Alerts['publish'] = (address, msg) =>
      ++calls === 1300 ? Promise.reject(new Error('redis: connection lost')) : publish(address, msg);
    alerts.publish = failing;
    const first = listen();
    try {
      // The runner records the run's failure (and logs it); the job is tried again on its next poll.
      await t.app.jobs.runNow(DISPATCH_JOB);
    } finally {
      alerts.publish = publish;
    }
    expect(calls).toBe(N);
    expect(await pending()).toBe(N);
    // Every publish but the failed one went out (the round's publishes do not wait for each other).
    await delivered(first, N - 1);
    first.stop();
    expect(first.got.map((g) => g.productIdx)).not.toContain(20_000 + 1299);

    const second = listen();
    await t.app.jobs.runNow(DISPATCH_JOB);
    await delivered(second, N);
    second.stop();
    expect(second.got.map((g) => g.productIdx)).toEqual(Array.from({ length: N }, (_, k) => 20_000 + k));
    // What the first run sent, the second sends with the same ids: a client that saw them can tell.
    const idOf = new Map(second.got.map((g) => [g.productIdx, g.id]));
    expect(first.got.every((g) => idOf.get(g.productIdx) === g.id)).toBe(true);
    expect(await pending()).toBe(0);
  }, 120_000);
});
