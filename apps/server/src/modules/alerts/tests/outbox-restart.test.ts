import type { AddressInfo } from 'node:net';
import { AlertType, ALERT_SOCKET_PATH } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { list, publish, trader, type ChainTest } from '../../../../test/chain';
import { fileBackedChainTest, runIndexerChild, type FileBacked } from '../../../../test/file-backed';
import { buildTestApp } from '../../../../test/helper';
import { createDb } from '../../schema';

let f: FileBacked;
let c: ChainTest;
beforeAll(async () => {
  f = await fileBackedChainTest('att-outbox-restart-');
  c = f.c;
}, 120_000);
afterAll(async () => f?.remove());

/** The indexer alone in a child process, SIGKILLed as soon as it has caught up (it never dispatches). */
const indexThenDie = () => runIndexerChild(f, (line, kill) => line === 'done' && kill());

async function subscribe(url: string, m: { address: string; auth: { id: string; ticketId: string } }) {
  const ws = new WebSocket(url);
  const got: unknown[] = [];
  ws.on('message', (data) => got.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(JSON.stringify({ channel: m.address, id: m.auth.id, ticket: m.auth.ticketId }));
  await vi.waitUntil(() => got.length > 0, { timeout: 20_000, interval: 20 });
  expect(got.shift()).toEqual({ status: 0 });
  return { ws, got };
}

describe('alert outbox across a crash', () => {
  it('a sale indexed by a process killed before dispatch is alerted once after the restart', async () => {
    const [alice, bob] = [await trader(c, 6), await trader(c, 7)];
    const item = await publish(c, alice, 3);
    const { res } = await list(c, alice, item, {
      quantity: 3,
      price: 10n ** 18n,
      symbol: 'KLAY',
      lazy: { editionSize: 3, royaltyBps: 500 },
    });
    expect(res.returnCode, JSON.stringify(res.body)).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    for (let i = 0; i < 2; i++) {
      const p = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 });
      expect(p.returnCode).toBe(0);
      await bob.buy(p.body.data as never);
    }
    await c.t.app.close();
    await f.db.destroy();

    // Indexed (the sales and their alerts committed), killed, and indexed again from where it stopped.
    await indexThenDie();
    await indexThenDie();

    const restarted = createDb({ pgliteDir: f.dir });
    const t = await buildTestApp({ deps: { db: restarted, autoStartJobs: false } });
    try {
      const queued = await restarted
        .selectFrom('alerts')
        .selectAll()
        .where('address', '=', alice.address)
        .where('type', '=', AlertType.ItemSold)
        .execute();
      expect(queued).toHaveLength(2);
      expect(queued.every((a) => a.dispatched_at === null && a.product_idx === item.productId)).toBe(true);

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const s = await subscribe(
        `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`,
        alice,
      );
      await t.app.jobs.runNow('alerts.dispatch');
      await vi.waitUntil(() => s.got.length >= 2, { timeout: 20_000, interval: 20 });
      // A second dispatch sends nothing again (a duplicate would show within the moment given to arrive).
      await t.app.jobs.runNow('alerts.dispatch');
      await new Promise((r) => setTimeout(r, 300));
      const sold = {
        id: expect.stringMatching(/^\d+$/),
        type: AlertType.ItemSold,
        status: 0,
        data: { productIdx: item.productId, itemName: expect.any(String) },
      };
      expect(s.got).toEqual([sold, sold]);
      const after = await restarted
        .selectFrom('alerts')
        .select('dispatched_at')
        .where('address', '=', alice.address)
        .execute();
      expect(after.every((a) => a.dispatched_at !== null)).toBe(true);
      s.ws.close();
    } finally {
      await t.close();
      await restarted.destroy();
    }
  }, 180_000);
});
