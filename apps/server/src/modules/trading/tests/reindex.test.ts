/**
 * The rebuild from the chain on a real anvil: a listing whose first sale is mined right after it was made (the
 * block's second is the listing's, and the block's logs name it) is put back once, and the rebuilt order book and
 * holdings equal the indexed ones; the chain check then finds no difference.
 */
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
} from '../../../../test/chain';
import { checkChain, reindex, type ReindexOptions } from '..';

let c: ChainTest;
beforeAll(async () => {
  c = await chainTest();
}, 120_000);
afterAll(async () => c?.close());

const state = async () => ({
  listings: await c.t.db
    .selectFrom('listings')
    .select(['listing_idx', 'state', 'remaining', 'reserved'])
    .orderBy('listing_idx')
    .execute(),
  inventory: await c.t.db
    .selectFrom('inventory')
    .select(['item_idx', 'holder_address', 'amount', 'on_sale', 'reserved'])
    .orderBy('item_idx')
    .orderBy('holder_address')
    .execute(),
  trades: await c.t.db
    .selectFrom('trade_history')
    .select(['event_type', 'tx_hash', 'log_index', 'amount'])
    .where('tx_hash', 'is not', null)
    .orderBy('tx_hash')
    .orderBy('log_index')
    .execute(),
});

describe('npm run reindex', () => {
  it('puts back a listing sold in its own second once, and rebuilds the same order book and holdings', async () => {
    const seller = await trader(c, 1);
    const buyer = await trader(c, 2);
    const item = await publish(c, seller, 10);
    const { res } = await list(c, seller, item, {
      quantity: 10,
      price: parseEther('1'),
      symbol: 'KLAY',
      lazy: { editionSize: 10, royaltyBps: 500 },
    });
    expect(res.returnCode).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    for (let n = 0; n < 2; n++) {
      const p = await c.t.post('/nft/instance/purchase', { ...buyer.auth, instanceId, quantity: 1 });
      expect(p.returnCode).toBe(0);
      await buyer.buy(p.body.data as PurchaseData);
    }
    await testIndexer(c).catchUp();
    const before = await state();
    expect(before.listings.find((l) => Number(l.listing_idx) === instanceId)?.remaining).toBe(8);

    const o: ReindexOptions = {
      db: c.t.db,
      chain: c.t.app.trading.chain,
      chainId: c.t.config.chainId,
      startBlock: c.d.deployBlock,
      confirmations: 0,
    };
    await reindex(o);
    expect(await state()).toEqual(before);
    expect(await checkChain(o)).toEqual([]);
  }, 120_000);
});
