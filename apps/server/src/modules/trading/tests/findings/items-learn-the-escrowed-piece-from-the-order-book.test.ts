/**
 * Items never reads the auctions: whose piece the Market holds in escrow (`escrow_owner`, `escrow_kind` on the item)
 * is set by the order book with the item's trade summary. It is the seller's once the auction is registered, nobody's
 * once it is cancelled or settled, the winner's while a piece they refused is owed to them (auction-claim.test.ts),
 * and a reorg that orphans the registration takes it back.
 */
import { cancelAuctionCall } from '@att/contracts';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { bid, escrowOf, startAuction, testKeeper, travel } from '../auction-fixture';
import { alice, bob, c, indexer, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

const NONE = { escrow_owner: null, escrow_kind: null };

describe('the escrowed piece on the item', () => {
  it('is the seller’s while the auction is live, and nobody’s once it is cancelled', async () => {
    const item = await publish(c, alice, 1);
    expect(await escrowOf(item.productId)).toEqual(NONE);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await escrowOf(item.productId)).toEqual({ escrow_owner: alice.address, escrow_kind: 'auction' });
    await alice.mined(await alice.wallet.writeContract(cancelAuctionCall(c.d.market, BigInt(id), 0)));
    await indexer.catchUp();
    expect(await escrowOf(item.productId)).toEqual(NONE);
  });

  it('is nobody’s once the auction is settled to its winner', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await indexer.catchUp();
    expect(await escrowOf(item.productId)).toEqual({ escrow_owner: alice.address, escrow_kind: 'auction' });
    await travel(31 * 60);
    expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    expect(await escrowOf(item.productId)).toEqual(NONE);
  });

  it('is taken back when a reorg orphans the registration', async () => {
    const item = await publish(c, alice, 1);
    const snapshot = await c.rpc<string>('evm_snapshot');
    await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await escrowOf(item.productId)).toEqual({ escrow_owner: alice.address, escrow_kind: 'auction' });
    await c.rpc('evm_revert', [snapshot]);
    for (let i = 0; i < 3; i++) await c.rpc('evm_mine');
    await indexer.catchUp();
    expect(await escrowOf(item.productId)).toEqual(NONE);
  });
});
