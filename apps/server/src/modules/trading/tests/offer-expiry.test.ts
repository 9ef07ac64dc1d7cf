/**
 * Offers running out (real chain): the sweep frees accepts past their deadline, expires pending and valid offers
 * (history row for the escrowed ones) and marks the offers of a deleted item; the keeper's refund job returns an
 * expired offer's escrow on chain (the Market lets anyone once it expired, and pays the offerer alone), and the
 * indexer applies it. An expired offer cannot be accepted; an offer of a deleted item can be cancelled by its maker.
 */
import { DEV_ROLE_KEYS, attAbi, marketAbi } from '@att/contracts';
import { HistoryEvent, OfferState, ReturnCode } from '@att/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, publish, testIndexer, trader, type ChainTest, type Trader } from '../../../../test/chain';
import type { Indexer } from '../indexer/sync';
import { offerRefundJob } from '../offers/offer-refunds';
import { sweepOffers } from '../order-book/offers/offer-sweep';
import { acceptReq, cancelOffer, makeOffer, offerReq, offerRow, type OfferData } from './offer-helpers';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;
let carol: Trader;
let ix: Indexer;

beforeAll(async () => {
  c = await chainTest({ config: { keeperKey: DEV_ROLE_KEYS.keeper } });
  await c.rpc('anvil_setBalance', [privateKeyToAccount(DEV_ROLE_KEYS.keeper).address, '0x3635C9ADC5DEA00000']);
  [alice, bob, carol] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
  await Promise.all([alice.approveAll(), bob.approveAll(), carol.approveAll()]);
  ix = testIndexer(c);
}, 120_000);
afterAll(async () => c?.close());

const att = (who: string) =>
  c.client.readContract({ address: c.d.att, abi: attAbi, functionName: 'balanceOf', args: [who as `0x${string}`] });
const inv = (productId: number, holder: string) =>
  c.t.db
    .selectFrom('inventory')
    .select(['amount', 'on_sale', 'reserved'])
    .where('item_idx', '=', productId)
    .where('holder_address', '=', holder)
    .executeTakeFirstOrThrow();
/** Moves the chain's clock past the offers' expiry; the sweep is run at a server time past it too. */
async function timePasses(seconds: number) {
  await c.rpc('evm_increaseTime', [seconds]);
  await c.rpc('evm_mine');
  return new Date(Date.now() + seconds * 1000);
}

describe('offer expiry', () => {
  it('expires offers and their accepts; the keeper returns the escrow; an expired offer cannot be accepted', async () => {
    const item = await publish(c, alice, 4);
    const before = await att(bob.address);
    const id = await makeOffer(c, bob, item.productId, { amount: 2, price: TOKEN, expireMinute: 1 });
    const pending = (
      (await offerReq(c, carol, item.productId, { amount: 1, price: TOKEN, expireMinute: 1 })).body.data as OfferData
    ).osdId;
    await ix.catchUp();
    expect(await att(bob.address)).toBe(before - 2n * TOKEN);
    // Alice's accept holds one piece of the offer and one of hers, never sent.
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(0);
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid, reserved: 1 });
    expect((await inv(item.productId, alice.address)).reserved).toBe(1);

    const now = await timePasses(180);
    // Before the grace has passed nothing moves (an accept may still be mined).
    expect(await sweepOffers(c.t.db, new Date(Date.now() - 60_000))).toEqual({
      acceptsExpired: 0,
      offersExpired: 0,
      itemsDeleted: 0,
    });
    const swept = await sweepOffers(c.t.db, now);
    expect(swept.acceptsExpired).toBe(1);
    expect(swept.offersExpired).toBeGreaterThanOrEqual(2);
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Expired, remaining: 2, reserved: 0 });
    expect(await offerRow(c, pending)).toMatchObject({ state: OfferState.Expired });
    expect((await inv(item.productId, alice.address)).reserved).toBe(0);
    const expired = await c.t.db
      .selectFrom('trade_history')
      .select(['amount', 'from_address'])
      .where('item_idx', '=', item.productId)
      .where('event_type', '=', HistoryEvent.OfferExpire)
      .execute();
    expect(expired).toEqual([{ amount: 2, from_address: bob.address }]);
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.TimeExpired);
    expect((await sweepOffers(c.t.db, now)).offersExpired).toBe(0);

    // The keeper sends cancelOffer for what is left; the escrow goes back to Bob, the offer stays expired.
    const job = offerRefundJob(c.t.app, () => c.t.app.trading.chain)!;
    await job.run({ now });
    await ix.catchUp();
    expect(await att(bob.address)).toBe(before);
    const onChain = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getOffer',
      args: [BigInt(id)],
    });
    expect(onChain.remaining).toBe(0n);
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Expired, remaining: 0 });
    // Nothing is left to refund: the job sends nothing more.
    await job.run({ now: new Date(now.getTime() + 120_000) });
    expect(await att(bob.address)).toBe(before);
  });

  it('an offer on an item its creator deleted becomes 5; its maker cancels it and gets the escrow back', async () => {
    const item = await publish(c, alice, 2);
    const before = await att(carol.address);
    const id = await makeOffer(c, carol, item.productId, { amount: 1, price: 2n * TOKEN });
    await ix.catchUp();
    expect((await c.t.post('/nft/delete', { ...alice.auth, productId: item.productId })).returnCode).toBe(0);
    expect((await sweepOffers(c.t.db, new Date())).itemsDeleted).toBe(1);
    expect((await offerRow(c, id)).state).toBe(OfferState.ItemDeleted);
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.ProductNotFound);
    expect((await c.t.post('/nft/offer/delete', { ...carol.auth, offerIdx: Number(id) })).returnCode).toBe(
      ReturnCode.PreviousStateWrong,
    );
    await cancelOffer(c, carol, id, 1);
    await ix.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Cancelled, remaining: 0 });
    expect(await att(carol.address)).toBe(before);
  });
});
