/**
 * /nft/order/state over the real chain (PGlite, anvil, the contracts): each kind of order is pending until the
 * indexer applies its transaction, then settled, as its own row says; a released reservation is lapsed; another
 * member's order and an unknown id are 8, a malformed id 5, no ticket 27. The item's auction row carries the one
 * minimum bid.
 */
import { placeBidCall } from '@att/contracts';
import { ReturnCode } from '@att/shared';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData, type Trader } from '../../../../test/chain';
import { runScheduler } from '../scheduler';
import { startAuction } from './auction-fixture';
import { accept, makeOffer, offerReq, type OfferData } from './offer-helpers';
import { TOKEN, alice, bob, c, carol, indexer, purchase, setUpChain } from './trading-fixture';

setUpChain();

const ask = (who: Trader, kind: string, id: string) => c.t.post('/nft/order/state', { ...who.auth, kind, orderId: id });
const stateOf = async (who: Trader, kind: string, id: string) => {
  const r = await ask(who, kind, id);
  expect(r.returnCode).toBe(ReturnCode.Success);
  return (r.body.data as { state: string }).state;
};

async function reserve(buyer: Trader) {
  const item = await publish(c, alice, 1);
  const { res } = await list(c, alice, item, {
    quantity: 1,
    price: 2n * TOKEN,
    lazy: { editionSize: 1, royaltyBps: 500 },
  });
  expect(res.returnCode).toBe(0);
  const p = await purchase(buyer, (res.body.data as { instanceId: number }).instanceId, 1);
  expect(p.returnCode).toBe(0);
  return p.body.data as PurchaseData & { psdId: string };
}

describe('/nft/order/state', () => {
  it('a purchase: pending while reserved, settled once the indexer applied the buy', async () => {
    const data = await reserve(bob);
    expect(await stateOf(bob, 'purchase', data.psdId)).toBe('pending');
    await bob.buy(data);
    expect(await stateOf(bob, 'purchase', data.psdId)).toBe('pending');
    await indexer.catchUp();
    expect(await stateOf(bob, 'purchase', data.psdId)).toBe('settled');
  });

  it('a purchase whose reservation was released without a buy is lapsed', async () => {
    const data = await reserve(carol);
    await runScheduler(c.t.db, new Date(Date.now() + 365 * 24 * 3600_000));
    expect(await stateOf(carol, 'purchase', data.psdId)).toBe('lapsed');
  });

  it('a bid: pending until its transaction is in the book, then settled', async () => {
    const item = await publish(c, alice, 1);
    const instanceIdx = await startAuction(alice, item.productId, { price: TOKEN });
    const minimum = async () =>
      (
        (await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list as {
          bidMinimum?: string;
        }[]
      )
        .map((r) => r.bidMinimum)
        .at(-1);
    // The one minimum bid: the start price before any bid, then the top bid plus its raise (5%).
    expect(await minimum()).toBe(String(TOKEN));
    const r = await c.t.post('/nft/instance/bid', { ...bob.auth, instanceIdx, price: String(TOKEN) });
    expect(r.returnCode).toBe(0);
    const d = r.body.data as { auctionId: string; token: Hex };
    const hash = await bob.wallet.writeContract(
      placeBidCall(c.d.market, { auctionId: BigInt(d.auctionId), amount: TOKEN, token: d.token, currentBid: 0n }),
    );
    await bob.mined(hash);
    expect(await stateOf(bob, 'bid', hash)).toBe('pending');
    await indexer.catchUp();
    expect(await stateOf(bob, 'bid', hash)).toBe('settled');
    expect(await minimum()).toBe(String((TOKEN * 105n) / 100n));
    // Another member's bid is not theirs to read: it stays pending for them, it never says settled.
    expect(await stateOf(carol, 'bid', hash)).toBe('pending');
  });

  it('an offer: pending until escrowed on chain, then settled; an accept: pending until used, then settled', async () => {
    const item = await publish(c, alice, 3);
    const pending = await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN });
    expect(await stateOf(bob, 'offer', (pending.body.data as OfferData).osdId)).toBe('pending');
    const offerId = await makeOffer(c, bob, item.productId, { amount: 2, price: TOKEN });
    expect(await stateOf(bob, 'offer', offerId)).toBe('pending');
    await indexer.catchUp();
    expect(await stateOf(bob, 'offer', offerId)).toBe('settled');

    const a = await accept(c, alice, offerId, 1);
    expect(await stateOf(alice, 'accept', a.aodId)).toBe('pending');
    await indexer.catchUp();
    expect(await stateOf(alice, 'accept', a.aodId)).toBe('settled');
  });

  it("refuses another member's order and an unknown id (8), a malformed id (5), and a call without a ticket (27)", async () => {
    const data = await reserve(bob);
    expect((await ask(carol, 'purchase', data.psdId)).returnCode).toBe(ReturnCode.NoData);
    expect((await ask(bob, 'purchase', '999999999')).returnCode).toBe(ReturnCode.NoData);
    expect((await ask(bob, 'offer', '999999999')).returnCode).toBe(ReturnCode.NoData);
    expect((await ask(bob, 'accept', '999999999')).returnCode).toBe(ReturnCode.NoData);
    expect((await ask(bob, 'bid', data.psdId)).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await ask(bob, 'purchase', `0x${'ab'.repeat(32)}`)).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await ask(bob, 'purchase', 'x1')).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await ask(bob, 'sale', data.psdId)).returnCode).toBe(ReturnCode.ValidationFailed);
    const bare = await c.t.post('/nft/order/state', { kind: 'purchase', orderId: data.psdId });
    expect(bare.returnCode).toBe(ReturnCode.NoTicket);
  });
});
