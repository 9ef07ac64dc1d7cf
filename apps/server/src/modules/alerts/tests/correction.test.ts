/**
 * An alert already delivered whose chain event a reorg undoes is followed by a correction, never
 * silently left standing. A sale is indexed and its alert reaches the seller's socket; the chain reorganizes without
 * the sale; the seller's socket gets one correction naming that alert (its own id, after it), a reconnect from the
 * sale's id gets it by replay, a reconnect from before the sale gets neither, and the alert list shows neither.
 * The jobs run only when the test says (runNow), so what each dispatch sends is the test's to count.
 */
import type { AddressInfo } from 'node:net';
import { ALERT_SOCKET_PATH, AlertType } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../test/chain';
import { enqueueAlert } from '..';

let c: ChainTest;
let alice: Trader;
let bob: Trader;
let indexer: ReturnType<typeof testIndexer>;
let url: string;
beforeAll(async () => {
  c = await chainTest({ deps: { autoStartJobs: false } });
  [alice, bob] = [await trader(c, 1), await trader(c, 2)];
  indexer = testIndexer(c);
  await c.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`;
}, 120_000);
afterAll(async () => c?.close());

type Msg = { id?: string; type?: number; status?: number; data?: { productIdx?: number; retracts?: string } };

/** Alice's socket, subscribed (from `after` when given); records every message. */
async function aliceSocket(after?: string) {
  const ws = new WebSocket(url);
  const got: Msg[] = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as Msg));
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(
    JSON.stringify({
      channel: alice.address,
      id: alice.auth.id,
      ticket: alice.auth.ticketId,
      ...(after === undefined ? {} : { after }),
    }),
  );
  /** Waits for the n-th message (a condition; the bound only fails the test on a stuck machine). */
  const wait = async (n: number) => {
    await vi.waitUntil(() => got.length >= n, { timeout: 20_000, interval: 20 });
    return got;
  };
  await wait(1);
  return { ws, got, wait };
}

const dispatch = () => c.t.app.jobs.runNow('alerts.dispatch');

describe('a reorg undoes a sale whose alert was delivered', () => {
  it('the seller gets one correction after it, live and by replay; the alert list shows neither', async () => {
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, {
      quantity: 2,
      price: 10n ** 18n,
      symbol: 'KLAY',
      lazy: { editionSize: 2, royaltyBps: 500 },
    });
    expect(res.returnCode, JSON.stringify(res.body)).toBe(0);
    const p = await c.t.post('/nft/instance/purchase', {
      ...bob.auth,
      instanceId: (res.body.data as { instanceId: number }).instanceId,
      quantity: 1,
    });
    expect(p.returnCode).toBe(0);
    await indexer.catchUp();

    const live = await aliceSocket();
    const away = await aliceSocket();
    const snapshot = await c.rpc<string>('evm_snapshot');
    await bob.buy(p.body.data as PurchaseData);
    await indexer.catchUp();
    await dispatch();
    const [, sold] = await live.wait(2);
    expect(sold).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: AlertType.ItemSold,
      status: 0,
      data: { productIdx: item.productId, itemName: expect.any(String) },
    });
    expect((await away.wait(2))[1]).toEqual(sold);
    away.ws.close();

    // The block of the sale is orphaned: the indexer undoes it, and the dispatcher sends the correction.
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    for (let i = 0; i < 3; i++) await indexer.step();
    const owners = await c.t.db
      .selectFrom('inventory')
      .select('amount')
      .where('item_idx', '=', item.productId)
      .where('holder_address', '=', bob.address)
      .executeTakeFirst();
    expect(owners?.amount ?? 0).toBe(0);
    await dispatch();
    const correction = {
      id: expect.stringMatching(/^\d+$/),
      type: AlertType.Correction,
      status: 0,
      data: { productIdx: item.productId, itemName: expect.any(String), retracts: sold!.id },
    };
    const [, , corrected] = await live.wait(3);
    expect(corrected).toEqual(correction);
    expect(BigInt(corrected!.id!) > BigInt(sold!.id!)).toBe(true);

    // A later alert proves the correction came once: it is the very next message.
    await enqueueAlert(c.t.db, { address: alice.address, type: AlertType.SaleExpired, productIdx: item.productId });
    await dispatch();
    const later = (await live.wait(4))[3]!;
    expect(later).toMatchObject({ type: AlertType.SaleExpired, data: { productIdx: item.productId } });
    expect(live.got).toEqual([{ status: 0 }, sold, corrected, later]);
    live.ws.close();

    // The socket that saw the sale and was away meanwhile: the correction, then the later alert, once each.
    const back = await aliceSocket(sold!.id);
    expect(await back.wait(3)).toEqual([{ status: 0 }, corrected, later]);
    back.ws.close();
    // One that never saw the sale gets neither the sale nor its correction.
    const fresh = await aliceSocket('0');
    expect(await fresh.wait(2)).toEqual([{ status: 0 }, later]);
    fresh.ws.close();

    const listed = await c.t.post('/alert/list', alice.auth);
    expect((listed.body.list as { type: number }[]).map((a) => a.type)).toEqual([AlertType.SaleExpired]);
    expect(listed.body.unreadCount).toBe(1);
  }, 120_000);
});
