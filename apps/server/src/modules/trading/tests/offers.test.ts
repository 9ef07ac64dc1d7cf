/**
 * Offers through the API and the chain (real PGlite, real anvil, real contracts): make, accept in part, a lazy
 * piece minted by its creator's accept, cancel, and every code of /nft/offer and /nft/offer/accept, with hostile
 * bodies and foreign tickets. A refusal writes nothing.
 */
import { attAbi } from '@att/contracts';
import { HistoryEvent, OfferState, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { list, publish } from '../../../../test/chain';
import { startAuction } from './auction-fixture';
import {
  accept,
  acceptReq,
  cancelOffer,
  makeOffer,
  offerReq,
  offerRow,
  type AcceptData,
  type OfferData,
} from './offer-helpers';
import { TOKEN, alice, bob, c, carol, indexer, inventory, setUpChain } from './trading-fixture';

setUpChain();

const offerCount = async (productId: number) =>
  (await c.t.db.selectFrom('offers').select('offer_idx').where('item_idx', '=', productId).execute()).length;
const att = (who: string) =>
  c.client.readContract({ address: c.d.att, abi: attAbi, functionName: 'balanceOf', args: [who as `0x${string}`] });

describe('/nft/offer', () => {
  it('signs the offer terms, pending until the offerer escrows them on chain, then valid', async () => {
    const item = await publish(c, alice, 6);
    const r = await offerReq(c, bob, item.productId, { amount: 2, price: 3n * TOKEN });
    expect(r.returnCode).toBe(0);
    const d = r.body.data as OfferData & Record<string, unknown>;
    expect(d).toMatchObject({
      osdBuyer: bob.address,
      osdAmount: 2,
      osdAuthor: alice.address,
      osdAuthorFee: 500,
      osdPrice: String(6n * TOKEN),
      osdItemId: item.tokenId,
      osdContractType: 1,
    });
    expect(d.offer).toMatchObject({
      id: d.osdId,
      buyer: bob.address,
      amount: '2',
      pricePerOne: String(3n * TOKEN),
      token: c.d.att.toLowerCase(),
    });
    expect(await offerRow(c, d.osdId)).toMatchObject({ state: OfferState.Pending, remaining: 2 });
    const id = await makeOffer(c, bob, item.productId, { amount: 2, price: 3n * TOKEN });
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 2, reserved: 0 });
    const i = await c.t.db
      .selectFrom('items')
      .select('offer_count')
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(i.offer_count).toBe(1);
    const h = await c.t.db
      .selectFrom('trade_history')
      .select(['event_type', 'amount', 'from_address'])
      .where('item_idx', '=', item.productId)
      .where('event_type', '=', HistoryEvent.Offer)
      .execute();
    expect(h).toEqual([{ event_type: HistoryEvent.Offer, amount: 2, from_address: bob.address }]);
    // KLAY offers escrow the value itself.
    const klay = await makeOffer(c, carol, item.productId, { amount: 1, price: 2n * TOKEN, symbol: 'KLAY' });
    await indexer.catchUp();
    expect(await offerRow(c, klay)).toMatchObject({ state: OfferState.Valid, remaining: 1 });
  });

  it('refuses an offer by a member who holds every piece, past the pieces others hold, on an item in auction or gone', async () => {
    const item = await publish(c, alice, 3);
    const before = await offerCount(item.productId);
    expect((await offerReq(c, alice, item.productId, { amount: 1, price: TOKEN })).returnCode).toBe(
      ReturnCode.NoAuthority,
    );
    expect((await offerReq(c, bob, item.productId, { amount: 4, price: TOKEN })).returnCode).toBe(
      ReturnCode.NotEnoughRemaining,
    );
    expect((await offerReq(c, bob, 2_000_000, { amount: 1, price: TOKEN })).returnCode).toBe(
      ReturnCode.ProductNotFound,
    );
    // A single item of Alice's on a live auction takes no offers.
    const single = await publish(c, alice, 1);
    await startAuction(alice, single.productId, { price: TOKEN });
    expect((await offerReq(c, bob, single.productId, { amount: 1, price: TOKEN })).returnCode).toBe(
      ReturnCode.ItemInAuction,
    );
    // Alice sells Bob 2 of the 3 into his offer: he may offer for the last one only.
    const id = await makeOffer(c, bob, item.productId, { amount: 3, price: TOKEN });
    await indexer.catchUp();
    await accept(c, alice, id, 2);
    await indexer.catchUp();
    expect((await offerReq(c, bob, item.productId, { amount: 2, price: TOKEN })).returnCode).toBe(
      ReturnCode.NotEnoughRemaining,
    );
    expect((await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN })).returnCode).toBe(0);
    expect(await offerCount(item.productId)).toBe(before + 2);
  });

  it('answers hostile bodies and foreign tickets with their codes, never 101, and writes nothing', async () => {
    const item = await publish(c, alice, 2);
    const base = { ...bob.auth, productId: item.productId, pricePerOne: String(TOKEN), amount: 1, symbol: 'ATT' };
    const cases: [unknown, number][] = [
      [{ ...base, pricePerOne: '0' }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: String(TOKEN - 1n) }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: '-1' }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: '1.5' }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: String(10n ** 31n) }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: 1e18 }, ReturnCode.ValidationFailed],
      [{ ...base, symbol: 'ETH' }, ReturnCode.ValidationFailed],
      [{ ...base, amount: 0 }, ReturnCode.ValidationFailed],
      [{ ...base, amount: '1' }, ReturnCode.ValidationFailed],
      [{ ...base, amount: 1.5 }, ReturnCode.ValidationFailed],
      [{ ...base, expireMinute: 0 }, ReturnCode.ValidationFailed],
      [{ ...base, expireMinute: 10 ** 9 }, ReturnCode.ValidationFailed],
      [{ ...base, productId: -1 }, ReturnCode.ValidationFailed],
      [{ ...base, pricePerOne: undefined }, ReturnCode.MissingParameters],
      [{ ...base, ticketId: undefined }, ReturnCode.NoTicket],
      [{ ...base, ticketId: carol.auth.ticketId }, ReturnCode.TicketValidationFailed],
      [[base], ReturnCode.BadRequest],
      [{ ...base, __proto__: { amount: 1 }, constructor: 'x' }, 0],
    ];
    for (const [body, code] of cases) {
      const r = await c.t.post('/nft/offer', body);
      expect(r.returnCode, JSON.stringify(body)).toBe(code);
    }
    expect(await offerCount(item.productId)).toBe(1);
  });
});

describe('/nft/offer/accept', () => {
  it('accepts part of an offer: the rest stays valid, the seller is paid net of fee and royalty, the offerer gets the pieces', async () => {
    const item = await publish(c, alice, 5);
    const id = await makeOffer(c, bob, item.productId, { amount: 4, price: 2n * TOKEN });
    await indexer.catchUp();
    const aliceBefore = await att(alice.address);
    const d = await accept(c, alice, id, 3);
    expect(d.aodMintAmount).toBe(3);
    expect(d.price).toBe(String(6n * TOKEN));
    // 2.5% fee; the royalty goes to the creator, who is the seller here.
    expect(d.netProceeds).toBe(String(6n * TOKEN - (6n * TOKEN * 250n) / 10_000n - (6n * TOKEN * 500n) / 10_000n));
    expect(await att(alice.address)).toBe(aliceBefore + 6n * TOKEN - (6n * TOKEN * 250n) / 10_000n);
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1, reserved: 0 });
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 3, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    const i = await c.t.db
      .selectFrom('items')
      .select(['minted_supply', 'trade_count', 'last_price'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(i).toEqual({ minted_supply: 3, trade_count: 1, last_price: String(2n * TOKEN) });
    const h = await c.t.db
      .selectFrom('trade_history')
      .select(['amount', 'from_address', 'to_address', 'royalty'])
      .where('item_idx', '=', item.productId)
      .where('event_type', '=', HistoryEvent.OfferAccept)
      .execute();
    expect(h).toEqual([
      {
        amount: 3,
        from_address: alice.address,
        to_address: bob.address,
        royalty: String((6n * TOKEN * 500n) / 10_000n),
      },
    ]);
    const alerts = await c.t.db
      .selectFrom('alerts')
      .select('type')
      .where('address', '=', bob.address)
      .where('product_idx', '=', item.productId)
      .execute();
    expect(alerts.length).toBe(1);
    // Bob resells one minted piece into Carol's offer: nothing minted.
    const hers = await makeOffer(c, carol, item.productId, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    const again = await accept(c, bob, hers, 1);
    expect(again.aodMintAmount).toBe(0);
    await indexer.catchUp();
    expect(await offerRow(c, hers)).toMatchObject({ state: OfferState.Acquired, remaining: 0 });
    // The last piece of Bob's offer; then it is acquired.
    await accept(c, alice, id, 1);
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Acquired, remaining: 0 });
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.SoldOut);
  });

  it('refuses with the spec codes: own offer, unknown, pending, during an auction, no free pieces, more than free or left', async () => {
    const item = await publish(c, alice, 4);
    const id = await makeOffer(c, bob, item.productId, { amount: 2, price: TOKEN });
    const pending = (await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN })).body.data as OfferData;
    await indexer.catchUp();
    expect((await acceptReq(c, bob, id, 1)).returnCode).toBe(ReturnCode.OwnOffer);
    expect((await acceptReq(c, alice, 9_999_999, 1)).returnCode).toBe(ReturnCode.OfferNotFound);
    expect((await acceptReq(c, alice, pending.osdId, 1)).returnCode).toBe(ReturnCode.OfferNotFound);
    expect((await acceptReq(c, carol, id, 1)).returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await acceptReq(c, alice, id, 3)).returnCode).toBe(ReturnCode.NotEnoughRemaining);
    expect((await acceptReq(c, alice, id, 5)).returnCode).toBe(ReturnCode.NotProductOwner);
    // Bob's offer for a single item that Alice then puts on auction cannot be accepted while it runs.
    const single = await publish(c, alice, 1);
    const onSingle = await makeOffer(c, bob, single.productId, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    await startAuction(alice, single.productId, { price: TOKEN });
    expect((await acceptReq(c, alice, onSingle, 1)).returnCode).toBe(ReturnCode.ItemInAuction);
    // Every piece of Alice's listed: she must withdraw the listing first.
    const l = await list(c, alice, item, { quantity: 4, price: 5n * TOKEN, lazy: { editionSize: 4, royaltyBps: 500 } });
    expect(l.res.returnCode).toBe(0);
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.ItemOnSale);
    const instanceId = (l.res.body.data as { instanceId: number }).instanceId;
    expect((await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId })).returnCode).toBe(0);
    // Hostile bodies and a foreign ticket.
    for (const [body, code] of [
      [{ ...alice.auth, offerIdx: Number(id), amount: 0 }, ReturnCode.ValidationFailed],
      [{ ...alice.auth, offerIdx: id, amount: 1 }, ReturnCode.ValidationFailed],
      [{ ...alice.auth, offerIdx: Number(id) }, ReturnCode.MissingParameters],
      [
        { ...alice.auth, offerIdx: Number(id), amount: 1, ticketId: bob.auth.ticketId },
        ReturnCode.TicketValidationFailed,
      ],
    ] as [unknown, number][]) {
      expect((await c.t.post('/nft/offer/accept', body)).returnCode, JSON.stringify(body)).toBe(code);
    }
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 2, reserved: 0 });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 4, on_sale: 0, reserved: 0 });
    // An accept holds the offer's pieces: a second one past what is left waits for the first.
    const first = (await acceptReq(c, alice, id, 2)).body.data as AcceptData;
    expect(await offerRow(c, id)).toMatchObject({ remaining: 2, reserved: 2 });
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.InstanceAwaitingTrade);
    expect(first.aodMintAmount).toBe(2);
  });

  it('the offerer cancels part, then the rest: the escrow comes back and the offer is cancelled', async () => {
    const item = await publish(c, alice, 3);
    const before = await att(carol.address);
    const id = await makeOffer(c, carol, item.productId, { amount: 3, price: TOKEN });
    await indexer.catchUp();
    await cancelOffer(c, carol, id, 1);
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 2 });
    await cancelOffer(c, carol, id, 2);
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Cancelled, remaining: 0 });
    expect(await att(carol.address)).toBe(before);
    expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.OfferNotFound);
  });
});
