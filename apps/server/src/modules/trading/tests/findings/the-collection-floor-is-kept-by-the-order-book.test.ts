/**
 * Collections never reads the listings: the collection's floor per coin is the lowest of its shown items' cheapest
 * live listings, which the order book keeps on each item with its trade summary. It follows a listing that opens,
 * fills, is cancelled or expires, a reorg that orphans a sale, the item being hidden, and the migration fills it
 * for rows written before it.
 */
import type { CollectionStats } from '@att/shared';
import { expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../../test/chain';
import { migrations } from '../../../../platform/db/migrations';
import { RELEASE_GRACE_MS, runScheduler } from '../../scheduler';
import { alice, bob, c, indexer, purchase, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

const lazy = { editionSize: 9, royaltyBps: 500 };
const floorOf = async (collectionIdx: number) => {
  const r = await c.t.post('/nft/collection/info', { collectionIdx });
  const { floor } = (r.body.data as { stats: CollectionStats }).stats;
  return { ATT: floor.ATT, KLAY: floor.KLAY };
};
const wei = (n: bigint) => String(n * TOKEN);
const idOf = (r: { body: { data?: unknown } }) => (r.body.data as { instanceId: number }).instanceId;

it('the floor follows list, buy, cancel, expiry, hiding and a reorg, and the migration fills it', async () => {
  const item = await publish(c, alice, 9);
  const { collection_idx: col } = await c.t.db
    .selectFrom('items')
    .select('collection_idx')
    .where('item_idx', '=', item.productId)
    .executeTakeFirstOrThrow();
  expect(await floorOf(col)).toEqual({ ATT: null, KLAY: null });

  // List: the cheapest per coin.
  const three = await list(c, alice, item, { quantity: 2, price: 3n * TOKEN, lazy });
  const two = await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy });
  const klay = await list(c, alice, item, { quantity: 1, price: 5n * TOKEN, symbol: 'KLAY', lazy });
  expect(await floorOf(col)).toEqual({ ATT: wei(2n), KLAY: wei(5n) });

  // Buy: the sold-out listing leaves the floor.
  const p = await purchase(bob, idOf(two.res), 1);
  await bob.buy(p.body.data as PurchaseData);
  await indexer.catchUp();
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: wei(5n) });

  // Cancel.
  expect((await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId: idOf(klay.res) })).returnCode).toBe(0);
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: null });

  // Expiry: the order book ends the listing (past the grace) and the floor goes back.
  await list(c, alice, item, { quantity: 1, price: TOKEN, lazy, expirySeconds: 120 });
  expect(await floorOf(col)).toEqual({ ATT: wei(1n), KLAY: null });
  const later = new Date(Date.now() + 120_000 + RELEASE_GRACE_MS + 60_000);
  expect((await runScheduler(c.t.db, later)).listingsExpired).toHaveLength(1);
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: null });

  // A hidden item's listings are not the collection's floor.
  expect((await c.t.post('/nft/hide', { ...alice.auth, productId: item.productId })).returnCode).toBe(0);
  expect(await floorOf(col)).toEqual({ ATT: null, KLAY: null });
  expect((await c.t.post('/nft/hideCancel', { ...alice.auth, productId: item.productId })).returnCode).toBe(0);
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: null });

  // A reorg orphans the sale of both pieces at 3: the listing is live again, and so is the floor.
  const snapshot = await c.rpc<string>('evm_snapshot');
  const all = await purchase(bob, idOf(three.res), 2);
  await bob.buy(all.body.data as PurchaseData);
  await indexer.catchUp();
  expect(await floorOf(col)).toEqual({ ATT: null, KLAY: null });
  await c.rpc('evm_revert', [snapshot]);
  for (let i = 0; i < 3; i++) await c.rpc('evm_mine');
  await indexer.catchUp();
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: null });

  // The migration, taken back and run again, fills the rows from the live listings.
  const m = migrations['0036_item_floor_prices']!;
  await c.t.db.transaction().execute(async (trx) => {
    await m.down!(trx);
    await m.up(trx);
  });
  expect(await floorOf(col)).toEqual({ ATT: wei(3n), KLAY: null });
});
