/**
 * A reorg takes away pieces a member had bought: the resale listing those pieces backed ends with them (its
 * pieces no longer listed, no history left claiming them), so no other member is reserved pieces the seller does
 * not hold (their `buyNft` would revert while the reservation kept everyone else out).
 */
import { ListingState, ReservationState, ReturnCode } from '@att/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('a reorg that takes bought pieces away ends the resale listing they backed', async () => {
  const ix = testIndexer(c);
  const item = await publish(c, alice, 3);
  const primary = await list(c, alice, item, {
    quantity: 3,
    price: 2n * TOKEN,
    lazy: { editionSize: 3, royaltyBps: 500 },
  });
  expect(primary.res.returnCode).toBe(0);
  await ix.catchUp();

  const snapshot = await c.rpc<string>('evm_snapshot');
  const p = await c.t.post('/nft/instance/purchase', {
    ...bob.auth,
    instanceId: (primary.res.body.data as { instanceId: number }).instanceId,
    quantity: 2,
  });
  expect(p.returnCode).toBe(0);
  await bob.buy(p.body.data as PurchaseData);
  await ix.catchUp();
  const resale = await list(c, bob, item, { quantity: 2, price: 3n * TOKEN });
  expect(resale.res.returnCode).toBe(0);
  const resaleId = (resale.res.body.data as { instanceId: number }).instanceId;
  // Carol reserves one of them before the reorg.
  const held = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId: resaleId, quantity: 1 });
  expect(held.returnCode).toBe(0);

  // The block of Bob's purchase is orphaned: he never held the pieces.
  await c.rpc('evm_revert', [snapshot]);
  await c.rpc('evm_mine');
  await c.rpc('evm_mine');
  for (let i = 0; i < 3; i++) await ix.step();

  const bobs = await c.t.db
    .selectFrom('inventory')
    .select(['amount', 'on_sale', 'reserved'])
    .where('item_idx', '=', item.productId)
    .where('holder_address', '=', bob.address)
    .executeTakeFirst();
  expect(bobs?.amount ?? 0).toBe(0);
  expect(bobs?.on_sale ?? 0).toBe(0);
  const l = await c.t.db
    .selectFrom('listings')
    .select('state')
    .where('listing_idx', '=', String(resaleId))
    .executeTakeFirstOrThrow();
  expect(l.state).not.toBe(ListingState.Live);
  const shown = await c.t.post('/nft/instance/list/item', { productId: item.productId });
  expect((shown.body.list as { instanceId: number }[]).map((x) => x.instanceId)).not.toContain(resaleId);
  // Carol's reservation is let go, and she cannot be reserved Bob's vanished pieces again.
  const hers = await c.t.db
    .selectFrom('reservations')
    .select('state')
    .where('reservation_id', '=', (held.body.data as PurchaseData).reservation.id)
    .executeTakeFirstOrThrow();
  expect(hers.state).toBe(ReservationState.Released);
  const attempt = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId: resaleId, quantity: 1 });
  expect(attempt.returnCode).toBe(ReturnCode.NotOnSale);
});
