/**
 * A buyer who left a purchase at the wallet step voids their own Buy on chain (`voidBuy`, with the Buy the server
 * hands back to them alone): the Buy can no longer be bought, the indexer releases the reservation and its pieces,
 * and another buyer can reserve and buy them at once instead of after the Buy's deadline. A reorg of the void holds
 * the pieces again (the Buy could be sent again until its deadline).
 */
import { buyNftCall, listingFromWire, reservationFromWire, voidBuyCall } from '@att/contracts';
import { ReservationState, ReturnCode, type ItemListingRow, type PendingPurchaseRow } from '@att/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../../test/chain';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;
let carol: Trader;

beforeAll(async () => {
  c = await chainTest();
  [alice, bob, carol] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
  await Promise.all([alice.approveAll(), bob.approveAll(), carol.approveAll()]);
}, 120_000);
afterAll(async () => c?.close());

/** Alice lists both pieces of a new item; Bob reserves both and leaves the wallet step. */
async function heldByBob() {
  const item = await publish(c, alice, 2);
  const { res } = await list(c, alice, item, {
    quantity: 2,
    price: 2n * TOKEN,
    lazy: { editionSize: 2, royaltyBps: 500 },
  });
  expect(res.returnCode).toBe(0);
  const instanceId = (res.body.data as { instanceId: number }).instanceId;
  const p = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 2 });
  expect(p.returnCode).toBe(0);
  return { item, instanceId, purchase: p.body.data as PurchaseData };
}

const pending = async (who: Trader, productId: number) => {
  const r = await c.t.post('/nft/instance/purchase/pending', { ...who.auth, productId });
  expect(r.returnCode).toBe(0);
  return (r.body.list ?? []) as PendingPurchaseRow[];
};

const voidBuy = (row: PendingPurchaseRow) =>
  bob.wallet.writeContract(
    voidBuyCall(c.d.market, {
      listingHash: row.listingHash as Hex,
      reservation: reservationFromWire(row.reservation),
      validatorSignature: row.signResult as Hex,
    }),
  );

const reservation = async (id: string) =>
  c.t.db
    .selectFrom('reservations')
    .select('state')
    .where('reservation_id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => r.state);
const held = async (instanceId: number) =>
  c.t.db
    .selectFrom('listings')
    .select('reserved')
    .where('listing_idx', '=', String(instanceId))
    .executeTakeFirstOrThrow()
    .then((l) => l.reserved);

describe("a buyer's void frees their reserved pieces at once", () => {
  it('the pieces go back to the listing and another buyer buys them; the voided Buy reverts', async () => {
    const ix = testIndexer(c);
    const { item, instanceId, purchase } = await heldByBob();
    const refused = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 1 });
    expect(refused.returnCode).toBe(ReturnCode.InstanceAwaitingTrade);

    // Only the buyer is handed their Buy; it is the one the purchase signed.
    expect(await pending(carol, item.productId)).toEqual([]);
    const [row, ...more] = await pending(bob, item.productId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      instanceId,
      psdId: purchase.reservation.id,
      reservation: purchase.reservation,
      listingHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });

    await bob.mined(await voidBuy(row!));
    await expect(
      c.client.simulateContract({
        ...buyNftCall(c.d.market, {
          listing: listingFromWire(purchase.listing),
          sellerSignature: purchase.sellerSignature as Hex,
          reservation: reservationFromWire(purchase.reservation),
          validatorSignature: purchase.signResult as Hex,
        }),
        account: bob.wallet.account,
      }),
    ).rejects.toThrow(/MarketIdAlreadyUsed/);

    await ix.catchUp();
    expect(await reservation(purchase.reservation.id)).toBe(ReservationState.Released);
    expect(await held(instanceId)).toBe(0);
    expect(await pending(bob, item.productId)).toEqual([]);
    const rows = await c.t.post('/nft/instance/list/item', { productId: item.productId });
    const listed = (rows.body.list as ItemListingRow[]).find((r) => r.instanceId === instanceId)!;
    expect(listed.availableCount).toBe(2);
    expect(listed.reservedUntil).toBeUndefined();

    const p = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 2 });
    expect(p.returnCode).toBe(0);
    await carol.buy(p.body.data as PurchaseData);
    await ix.catchUp();
    const owned = await c.t.db
      .selectFrom('inventory')
      .select('amount')
      .where('item_idx', '=', item.productId)
      .where('holder_address', '=', carol.address)
      .executeTakeFirstOrThrow();
    expect(owned.amount).toBe(2);
  });

  it('a reorg of the void holds the pieces for the buyer again', async () => {
    const ix = testIndexer(c);
    const { item, instanceId, purchase } = await heldByBob();
    await ix.catchUp();
    const [row] = await pending(bob, item.productId);
    const snapshot = await c.rpc<string>('evm_snapshot');
    await bob.mined(await voidBuy(row!));
    await ix.catchUp();
    expect(await reservation(purchase.reservation.id)).toBe(ReservationState.Released);
    expect(await held(instanceId)).toBe(0);

    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    for (let i = 0; i < 3; i++) await ix.step();
    expect(await reservation(purchase.reservation.id)).toBe(ReservationState.Open);
    expect(await held(instanceId)).toBe(2);
    // The Buy is good again on chain, and the buyer can still finish the purchase.
    await bob.buy(purchase);
    await ix.catchUp();
    expect(await reservation(purchase.reservation.id)).toBe(ReservationState.Settled);
  });
});
