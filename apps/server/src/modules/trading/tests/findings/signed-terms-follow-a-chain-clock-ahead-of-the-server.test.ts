/**
 * The chain's clock a day ahead of the server's (a drifting node; a local chain moved on with evm_increaseTime):
 * the server signs an auction's end and every deadline from the later of its clock and the latest block's time,
 * so the Market takes an auction's registration, an offer's accept and a purchase (each was refused on chain when
 * the server signed from its own clock: an end or a deadline already past by block time).
 */
import { AuctionState } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../../test/chain';
import { auctionRow, startAuction, travel } from '../auction-fixture';
import { accept, makeOffer } from '../offer-helpers';
import { alice, bob, c, indexer, inventory, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

describe('a chain clock a day ahead of the server', () => {
  it('registers an auction, accepts an offer and completes a purchase on chain', async () => {
    await travel(86_400);
    const chainNow = Number((await c.client.getBlock()).timestamp);
    expect(chainNow * 1000 - Date.now()).toBeGreaterThan(86_000_000);

    const auctioned = await publish(c, alice, 1);
    const id = await startAuction(alice, auctioned.productId, { price: TOKEN, symbol: 'KLAY', minutes: 60 });
    const a = await auctionRow(id);
    expect(a).toMatchObject({ state: AuctionState.Active });
    expect(new Date(a.ends_at).getTime() / 1000).toBeGreaterThanOrEqual(chainNow + 3600);

    const offered = await publish(c, alice, 2);
    const offerIdx = await makeOffer(c, bob, offered.productId, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    await accept(c, alice, offerIdx, 1);
    await indexer.catchUp();
    expect(await inventory(offered.productId, bob.address)).toMatchObject({ amount: 1 });

    const sold = await publish(c, alice, 2);
    const { res } = await list(c, alice, sold, {
      quantity: 1,
      price: TOKEN,
      lazy: { editionSize: 2, royaltyBps: 500 },
    });
    expect(res.returnCode).toBe(0);
    const purchase = await c.t.post('/nft/instance/purchase', {
      ...bob.auth,
      instanceId: (res.body.data as { instanceId: number }).instanceId,
      quantity: 1,
    });
    expect(purchase.returnCode).toBe(0);
    await bob.buy(purchase.body.data as PurchaseData);
    await indexer.catchUp();
    expect(await inventory(sold.productId, bob.address)).toMatchObject({ amount: 1 });
  });
});
