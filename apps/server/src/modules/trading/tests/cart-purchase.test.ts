/**
 * The cart (`/nft/cart/purchase`) and the floor sweep's read (`/nft/cart/floor`) on a real chain: a cart reserves
 * what it can in one transaction and names why the rest cannot be reserved; two parallel carts of the same listing
 * reserve it once; 51 listings are refused; the reserved orders go through one `buyNfts`, and a listing sold after
 * the reservation is skipped on chain with the unspent KLAY back in the same transaction.
 */
import {
  buyNftsCall,
  cancelListingCall,
  KLAY_TOKEN,
  listingFromWire,
  marketAbi,
  reservationFromWire,
} from '@att/contracts';
import { CART_MAX_LISTINGS, ReturnCode, type CartOrder, type CartPurchaseData, type CartFloorRow } from '@att/shared';
import { parseEventLogs, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { list, publish, type Trader } from '../../../../test/chain';
import { alice, bob, c, carol, indexer, purchase, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const lazy = { editionSize: 1, royaltyBps: 500 };

async function listed(seller: Trader, price: bigint, o: { symbol?: 'ATT' | 'KLAY'; collectionIdx?: number } = {}) {
  const item = await publish(c, seller, 1, o.collectionIdx);
  const { res, listing } = await list(c, seller, item, { quantity: 1, price, lazy, symbol: o.symbol });
  expect(res.returnCode).toBe(0);
  return { item, listing, instanceId: (res.body.data as { instanceId: number }).instanceId };
}

const cart = (who: Trader, symbol: 'ATT' | 'KLAY', ids: number[]) =>
  c.t.post('/nft/cart/purchase', {
    ...who.auth,
    symbol,
    orders: ids.map((instanceId) => ({ instanceId, quantity: 1 })),
  });
const dataOf = (r: { body: { data?: unknown } }) => r.body.data as CartPurchaseData;
const orderArgs = (orders: CartOrder[]) =>
  orders.map((d) => ({
    listing: listingFromWire(d.listing),
    sellerSignature: d.sellerSignature as Hex,
    reservation: reservationFromWire(d.reservation),
    validatorSignature: d.signResult as Hex,
  }));

describe('/nft/cart/purchase', () => {
  it('reserves what it can and names why the rest cannot be', async () => {
    const a = await listed(alice, 2n * TOKEN);
    const b = await listed(alice, 3n * TOKEN);
    const sold = await listed(alice, 4n * TOKEN);
    const own = await listed(carol, 5n * TOKEN);
    const klay = await listed(alice, 6n * TOKEN, { symbol: 'KLAY' });
    const p = await purchase(bob, sold.instanceId, 1);
    await bob.buy(p.body.data as never);
    await indexer.catchUp();

    const r = await cart(carol, 'ATT', [a.instanceId, sold.instanceId, b.instanceId, own.instanceId, klay.instanceId]);
    expect(r.returnCode).toBe(0);
    const d = dataOf(r);
    expect(d.orders.map((o) => o.instanceId)).toEqual([a.instanceId, b.instanceId]);
    expect(d.totalPrice).toBe(String(5n * TOKEN));
    expect(d.skipped).toEqual([
      { instanceId: sold.instanceId, returnCode: ReturnCode.SoldOut },
      { instanceId: own.instanceId, returnCode: ReturnCode.NoAuthority },
      { instanceId: klay.instanceId, returnCode: ReturnCode.TokenTypeMismatch },
    ]);

    const again = await cart(carol, 'ATT', [a.instanceId, b.instanceId]);
    expect(dataOf(again).orders.map((o) => o.psdId)).toEqual(d.orders.map((o) => o.psdId));

    const tx = await carol.mined(
      await carol.wallet.writeContract(buyNftsCall(c.d.market, c.d.att, orderArgs(d.orders))),
    );
    const bought = parseEventLogs({ abi: marketAbi, logs: tx.logs, eventName: 'NftBought' });
    expect(bought).toHaveLength(2);
  });

  it('two carts racing for one listing: one reserves it, the other is told it is held', async () => {
    const one = await listed(alice, 2n * TOKEN);
    const [x, y] = await Promise.all([cart(bob, 'ATT', [one.instanceId]), cart(carol, 'ATT', [one.instanceId])]);
    const replies = [dataOf(x), dataOf(y)];
    expect(replies.map((d) => d.orders.length).sort()).toEqual([0, 1]);
    expect(replies.flatMap((d) => d.skipped)).toEqual([
      { instanceId: one.instanceId, returnCode: ReturnCode.InstanceAwaitingTrade },
    ]);
  });

  it(`refuses more than ${CART_MAX_LISTINGS} listings and a listing named twice`, async () => {
    const ids = Array.from({ length: CART_MAX_LISTINGS + 1 }, (_, i) => i + 1);
    expect((await cart(bob, 'ATT', ids)).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await cart(bob, 'ATT', [7, 7])).returnCode).toBe(ReturnCode.ValidationFailed);
  });

  it('a listing cancelled on chain after the reservation is skipped by buyNfts, the unspent KLAY back', async () => {
    const a = await listed(alice, 2n * TOKEN, { symbol: 'KLAY' });
    const gone = await listed(alice, 3n * TOKEN, { symbol: 'KLAY' });
    const d = dataOf(await cart(bob, 'KLAY', [a.instanceId, gone.instanceId]));
    expect(d.orders).toHaveLength(2);
    await alice.mined(await alice.wallet.writeContract(cancelListingCall(c.d.market, gone.listing)));
    const before = await c.client.getBalance({ address: bob.address });
    const call = buyNftsCall(c.d.market, KLAY_TOKEN, orderArgs(d.orders));
    expect(call.value).toBe(5n * TOKEN);
    const tx = await bob.mined(await bob.wallet.writeContract(call));
    const bought = parseEventLogs({ abi: marketAbi, logs: tx.logs, eventName: 'NftBought' });
    expect(bought).toHaveLength(1);
    const after = await c.client.getBalance({ address: bob.address });
    expect(before - after).toBe(2n * TOKEN + tx.gasUsed * tx.effectiveGasPrice);
  });
});

describe('/nft/cart/floor', () => {
  it('the cheapest listings at or below the price, a count of them, without the caller’s own or held ones', async () => {
    const first = await listed(alice, 5n * TOKEN);
    const col = first.item.collectionIdx;
    const cheap = await listed(alice, 2n * TOKEN, { collectionIdx: col });
    const mid = await listed(alice, 3n * TOKEN, { collectionIdx: col });
    const held = await listed(alice, 1n * TOKEN, { collectionIdx: col });
    await listed(alice, 9n * TOKEN, { collectionIdx: col });
    await listed(alice, 1n * TOKEN, { collectionIdx: col, symbol: 'KLAY' });
    expect((await purchase(carol, held.instanceId, 1)).returnCode).toBe(0);

    const floor = (count: number, who = bob) =>
      c.t.post('/nft/cart/floor', {
        ...who.auth,
        collectionIdx: col,
        symbol: 'ATT',
        maxPrice: String(5n * TOKEN),
        count,
      });
    const rows = (await floor(2)).body.list as CartFloorRow[];
    expect(rows.map((r) => [r.instanceId, r.priceAmount])).toEqual([
      [cheap.instanceId, String(2n * TOKEN)],
      [mid.instanceId, String(3n * TOKEN)],
    ]);
    expect(((await floor(10)).body.list as CartFloorRow[]).map((r) => r.instanceId)).toEqual([
      cheap.instanceId,
      mid.instanceId,
      first.instanceId,
    ]);
    expect((await floor(10, alice)).body.list).toEqual([]);
  });
});
