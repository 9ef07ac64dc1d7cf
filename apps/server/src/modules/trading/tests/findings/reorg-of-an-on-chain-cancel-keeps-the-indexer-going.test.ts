/**
 * A seller cancels a live listing on chain (`cancelListing`) and a reorg drops that block: the undo reopens the
 * listing, its pieces are listed again, its cancel row is gone, and the indexer goes on reading the chain (on
 * PGlite, which returns a bigint id as a number, the undo record once broke every tick from then on).
 */
import { marketAbi } from '@att/contracts';
import { HistoryEvent, ListingState } from '@att/shared';
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

beforeAll(async () => {
  c = await chainTest();
  [alice, bob] = [await trader(c, 1), await trader(c, 2)];
  await Promise.all([alice.approveAll(), bob.approveAll()]);
}, 120_000);
afterAll(async () => c?.close());

it('a reorg of an on-chain cancel reopens the listing, and the indexer keeps indexing', async () => {
  const ix = testIndexer(c);
  const item = await publish(c, alice, 3);
  const { res, listing } = await list(c, alice, item, {
    quantity: 2,
    price: 2n * TOKEN,
    lazy: { editionSize: 3, royaltyBps: 500 },
  });
  expect(res.returnCode).toBe(0);
  const id = String((res.body.data as { instanceId: number }).instanceId);
  await ix.catchUp();
  const state = async () =>
    (await c.t.db.selectFrom('listings').select('state').where('listing_idx', '=', id).executeTakeFirstOrThrow()).state;
  const onSale = async () =>
    (
      await c.t.db
        .selectFrom('inventory')
        .select('on_sale')
        .where('item_idx', '=', item.productId)
        .where('holder_address', '=', alice.address)
        .executeTakeFirstOrThrow()
    ).on_sale;
  const cancels = async () =>
    (
      await c.t.db
        .selectFrom('trade_history')
        .select('history_idx')
        .where('item_idx', '=', item.productId)
        .where('event_type', '=', HistoryEvent.ListCancel)
        .execute()
    ).length;

  const snapshot = await c.rpc<string>('evm_snapshot');
  await alice.mined(
    await alice.wallet.writeContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'cancelListing',
      args: [listing],
    }),
  );
  await ix.catchUp();
  expect(await state()).toBe(ListingState.Cancelled);
  expect(await onSale()).toBe(0);
  expect(await cancels()).toBe(1);

  // The cancel's block is orphaned: the chain never saw it.
  await c.rpc('evm_revert', [snapshot]);
  await c.rpc('evm_mine');
  await c.rpc('evm_mine');
  for (let i = 0; i < 3; i++) await ix.step();
  expect(await state()).toBe(ListingState.Live);
  expect(await onSale()).toBe(2);
  expect(await cancels()).toBe(0);

  // And the indexer reads on: a purchase of the reopened listing is applied.
  const p = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId: Number(id), quantity: 1 });
  expect(p.returnCode).toBe(0);
  await bob.buy(p.body.data as PurchaseData);
  await ix.catchUp();
  const l = await c.t.db
    .selectFrom('listings')
    .select(['remaining', 'state'])
    .where('listing_idx', '=', id)
    .executeTakeFirstOrThrow();
  expect(l).toEqual({ remaining: 1, state: ListingState.Live });
  expect(String((await ix.cursor())?.block_number)).toBe(String(await c.client.getBlockNumber()));
});
