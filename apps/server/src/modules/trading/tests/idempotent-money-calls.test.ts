/**
 * Money calls with an `Idempotency-Key` on a real chain: 20 simultaneous repeats of one member's key act once and
 * all get the first answer; the same key with another body gets 13; another member's equal key is another key; a
 * call without the header works as before; a malformed key gets 3; an expired key acts anew and is purged.
 */
import { IDEMPOTENCY_KEY_HEADER, ReturnCode, type RoutePath } from '@att/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { list, listingBody, publish, type Trader } from '../../../../test/chain';
import { makeOffer } from './offer-helpers';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const REPEATS = 20;
const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** Sends one body REPEATS times at once with one key: every answer must be the same; returns it. */
async function burst(path: RoutePath, body: Record<string, unknown>, key = randomUUID()) {
  const replies = await Promise.all(Array.from({ length: REPEATS }, () => c.t.post(path, body, keyed(key))));
  for (const r of replies) {
    expect(r.statusCode).toBe(200);
    expect(r.body).toEqual(replies[0]!.body);
  }
  return replies[0]!;
}

const count = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
const lazy = (n: number) => ({ editionSize: n, royaltyBps: 500 });

async function listed(seller: Trader, supply: number, quantity: number) {
  const item = await publish(c, seller, supply);
  const { res } = await list(c, seller, item, { quantity, price: 2n * TOKEN, lazy: lazy(supply) });
  expect(res.returnCode).toBe(0);
  return { item, instanceId: (res.body.data as { instanceId: number }).instanceId };
}

describe('money calls with an Idempotency-Key', () => {
  it('/nft/all/sale: one listing, one answer', async () => {
    const item = await publish(c, alice, 5);
    const { body } = await listingBody(c, alice, item, { quantity: 2, price: 2n * TOKEN, lazy: lazy(5) });
    const r = await burst('/nft/all/sale', body);
    expect(r.returnCode).toBe(0);
    expect(
      await count(c.t.db.selectFrom('listings').select('listing_idx').where('item_idx', '=', item.productId)),
    ).toBe(1);
  });

  it('/nft/instance/purchase: one reservation, one answer; a refusal is replayed as it was', async () => {
    const { instanceId } = await listed(alice, 10, 5);
    const r = await burst('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 2 });
    expect(r.returnCode).toBe(0);
    const held = c.t.db
      .selectFrom('reservations')
      .select('reservation_id')
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1);
    expect(await count(held)).toBe(1);

    const tooMany = await burst('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 9 });
    expect(tooMany.returnCode).not.toBe(0);
    expect(await count(held)).toBe(1);
  });

  it('/nft/cart/purchase: one reservation per listing, one answer', async () => {
    const [x, y] = [await listed(alice, 3, 2), await listed(alice, 3, 2)];
    const orders = [x, y].map((l) => ({ instanceId: l.instanceId, quantity: 1 }));
    const r = await burst('/nft/cart/purchase', { ...bob.auth, symbol: 'ATT', orders });
    expect(r.returnCode).toBe(0);
    expect((r.body.data as { orders: unknown[] }).orders).toHaveLength(2);
    const held = c.t.db
      .selectFrom('reservations')
      .select('reservation_id')
      .where('listing_idx', 'in', [String(x.instanceId), String(y.instanceId)])
      .where('state', '=', 1);
    expect(await count(held)).toBe(2);
  });

  it('/nft/cancel/sale: withdrawn once, every repeat gets the first answer', async () => {
    const { instanceId } = await listed(alice, 3, 1);
    const r = await burst('/nft/cancel/sale', { ...alice.auth, instanceId });
    expect(r.returnCode).toBe(0);
    // Without the key, a second withdrawal of the same listing is refused: the repeats above were replays.
    expect((await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId })).returnCode).not.toBe(0);
  });

  it('/nft/transfer: one permit, one answer', async () => {
    const item = await publish(c, alice, 4);
    const r = await burst('/nft/transfer', {
      ...alice.auth,
      productId: item.productId,
      toAddress: carol.address,
      amount: 1,
    });
    expect(r.returnCode).toBe(0);
    expect(
      await count(c.t.db.selectFrom('transfer_permits').select('transfer_id').where('item_idx', '=', item.productId)),
    ).toBe(1);
  });

  it('/nft/offer and /nft/offer/accept: one offer, one accept, one answer each', async () => {
    const item = await publish(c, alice, 6);
    const body = { ...bob.auth, productId: item.productId, pricePerOne: TOKEN.toString(), amount: 2, symbol: 'ATT' };
    expect((await burst('/nft/offer', body)).returnCode).toBe(0);
    expect(await count(c.t.db.selectFrom('offers').select('offer_idx').where('item_idx', '=', item.productId))).toBe(1);

    const offerIdx = await makeOffer(c, carol, item.productId, { amount: 2, price: TOKEN });
    await indexer.catchUp();
    const accepted = await burst('/nft/offer/accept', { ...alice.auth, offerIdx: Number(offerIdx), amount: 1 });
    expect(accepted.returnCode).toBe(0);
    expect(await count(c.t.db.selectFrom('offer_accepts').select('accept_id').where('offer_idx', '=', offerIdx))).toBe(
      1,
    );
  });

  it('the same key with another body (or another route) gets 13 and does nothing', async () => {
    const { instanceId } = await listed(alice, 8, 4);
    const key = randomUUID();
    expect(
      (await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 }, keyed(key))).returnCode,
    ).toBe(0);
    const other = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 2 }, keyed(key));
    expect(other.returnCode).toBe(ReturnCode.EarlierRequestExists);
    const elsewhere = await c.t.post(
      '/nft/offer',
      { ...bob.auth, productId: 1, pricePerOne: TOKEN.toString(), amount: 1, symbol: 'ATT' },
      keyed(key),
    );
    expect(elsewhere.returnCode).toBe(ReturnCode.EarlierRequestExists);
    const held = await c.t.db
      .selectFrom('reservations')
      .select('amount')
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1)
      .execute();
    expect(held.map((h) => h.amount)).toEqual([1]);
  });

  it("another member's equal key is another key", async () => {
    const { instanceId } = await listed(alice, 8, 4);
    const key = 'shared-key-1';
    const [b, k] = await Promise.all([
      c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 }, keyed(key)),
      c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 1 }, keyed(key)),
    ]);
    expect([b.returnCode, k.returnCode]).toEqual([0, 0]);
    expect(b.body).not.toEqual(k.body);
    const held = await c.t.db
      .selectFrom('reservations')
      .select('buyer_address')
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1)
      .execute();
    expect(held.map((h) => h.buyer_address).sort()).toEqual([bob.address, carol.address].sort());
  });

  it('works without the header as before; a malformed key gets 3 and acts not', async () => {
    const { instanceId } = await listed(alice, 8, 4);
    expect((await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);
    for (const bad of ['', 'x'.repeat(129), 'café']) {
      const r = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 1 }, keyed(bad));
      expect(r.statusCode).toBe(200);
      expect(r.returnCode).toBe(ReturnCode.BadRequest);
    }
    const held = await c.t.db
      .selectFrom('reservations')
      .select('buyer_address')
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1)
      .execute();
    expect(held.map((h) => h.buyer_address)).toEqual([bob.address]);
  });

  it('a key lives a day: once expired, the same key acts anew; accounts.purge removes it', async () => {
    const item = await publish(c, alice, 4);
    const body = { ...alice.auth, productId: item.productId, toAddress: carol.address, amount: 1 };
    const key = randomUUID();
    const permits = () =>
      count(c.t.db.selectFrom('transfer_permits').select('transfer_id').where('item_idx', '=', item.productId));
    const keys = () => count(c.t.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', key));
    const expire = () =>
      c.t.db
        .updateTable('idempotency_keys')
        .set({ expires_at: new Date(Date.now() - 60_000) })
        .where('idem_key', '=', key)
        .execute();
    expect((await c.t.post('/nft/transfer', body, keyed(key))).returnCode).toBe(0);
    expect((await c.t.post('/nft/transfer', body, keyed(key))).returnCode).toBe(0);
    expect(await permits()).toBe(1);
    await c.t.app.jobs.runNow('accounts.purge');
    expect(await keys()).toBe(1);

    await expire();
    expect((await c.t.post('/nft/transfer', body, keyed(key))).returnCode).toBe(0);
    expect(await permits()).toBe(2);
    await expire();
    await c.t.app.jobs.runNow('accounts.purge');
    expect(await keys()).toBe(0);
  });
});
