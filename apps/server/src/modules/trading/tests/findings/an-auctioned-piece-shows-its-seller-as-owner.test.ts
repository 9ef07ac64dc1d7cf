/**
 * While a piece is on auction the Market holds it in escrow (the inventory names the Market), yet its owner is the
 * seller: the item page's owner list names the seller with the auction state, never the Market's contract; the
 * seller's item card counts the piece as theirs and on sale, and it stays in their profile's owned list. Once the
 * auction settles, the winner is the owner and nothing is in escrow. A seller who is not the creator may hide the
 * auctioned piece from their own list and show it again, as any holder may.
 */
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../../test/chain';
import { bid, startAuction, testKeeper, travel } from '../auction-fixture';
import { alice, bob, c, indexer, inventory, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

const owners = async (productIdx: number) =>
  (await c.t.post('/nft/inventory/list/owner', { productIdx })).body.list as {
    address: string;
    escrow: string | null;
    quantity: number;
  }[];
const card = async (who: typeof alice, productId: number) =>
  (await c.t.post('/nft/detail', { ...who.auth, productId })).body.data as {
    itemCountMine: number;
    itemCountOnSaleMine: number;
    ownerCount: number;
  };
const ownedIds = async (who: typeof alice) =>
  ((await c.t.post('/nft/info/allList', { ...who.auth, pageSize: 100 })).body.list as { productId: number }[]).map(
    (i) => i.productId,
  );

describe('a piece on auction', () => {
  it('is shown as its seller’s, with the auction state, and as the winner’s once settled', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await inventory(item.productId, c.d.market.toLowerCase())).toMatchObject({ amount: 1 });

    expect(await owners(item.productId)).toEqual([
      expect.objectContaining({
        address: alice.address,
        memberName: expect.any(String),
        quantity: 1,
        escrow: 'auction',
      }),
    ]);
    expect(await card(alice, item.productId)).toMatchObject({
      itemCountMine: 1,
      itemCountOnSaleMine: 1,
      ownerCount: 1,
    });
    expect(await card(bob, item.productId)).toMatchObject({ itemCountMine: 0, itemCountOnSaleMine: 0 });
    expect(await ownedIds(alice)).toContain(item.productId);
    expect(await ownedIds(bob)).not.toContain(item.productId);

    expect(await bid(bob, id, TOKEN)).toBe(0);
    await travel(31 * 60);
    expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    expect(await owners(item.productId)).toEqual([
      expect.objectContaining({ address: bob.address, quantity: 1, escrow: null }),
    ]);
    expect(await card(alice, item.productId)).toMatchObject({ itemCountMine: 0, itemCountOnSaleMine: 0 });
    expect(await ownedIds(alice)).not.toContain(item.productId);
    expect(await ownedIds(bob)).toContain(item.productId);
  });

  it('may be hidden from the seller’s own list and shown again by a seller who is not its creator', async () => {
    const item = await publish(c, alice, 1);
    const { res } = await list(c, alice, item, {
      quantity: 1,
      price: TOKEN,
      lazy: { editionSize: 1, royaltyBps: 500 },
    });
    const bought = await c.t.post('/nft/instance/purchase', {
      ...bob.auth,
      instanceId: (res.body.data as { instanceId: number }).instanceId,
      quantity: 1,
    });
    expect(bought.returnCode).toBe(0);
    await bob.buy(bought.body.data as PurchaseData);
    await indexer.catchUp();
    await startAuction(bob, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await owners(item.productId)).toEqual([
      expect.objectContaining({ address: bob.address, escrow: 'auction' }),
    ]);
    expect(await ownedIds(bob)).toContain(item.productId);

    expect((await c.t.post('/nft/hide', { ...bob.auth, productId: item.productId })).returnCode).toBe(0);
    expect(await ownedIds(bob)).not.toContain(item.productId);
    expect((await c.t.post('/nft/hideCancel', { ...bob.auth, productId: item.productId })).returnCode).toBe(0);
    expect(await ownedIds(bob)).toContain(item.productId);
  });
});
