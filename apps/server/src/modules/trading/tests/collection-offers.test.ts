/**
 * Collection offers through the API and the chain (real PGlite or PostgreSQL, real anvil, real contracts): make,
 * valid once escrowed, listed best first; accepted in part by holders of any item of the collection (the creator's
 * unminted piece minted by the accept), the sale in the history with its fee and royalty; every code of make and
 * accept; parallel accepts never past N; cancel and expiry; the money calls idempotent. A refusal writes nothing.
 */
import { criteriaTree } from '@att/contracts';
import { HistoryEvent, IDEMPOTENCY_KEY_HEADER, OfferState, ReturnCode, type CollectionOfferRow } from '@att/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { list } from '../../../../test/chain';
import { sweepCollectionOffers } from '../order-book/collection-offers/collection-offer-sweep';
import { startAuction, travel } from './auction-fixture';
import {
  acceptCollectionOffer,
  cancelCollectionOffer,
  collectionAcceptReq,
  collectionOf,
  collectionOfferReq,
  collectionOfferRow,
  makeCollectionOffer,
  sendCollectionAccept,
  sendCollectionOffer,
  type CollectionAcceptData,
  type CollectionOfferData,
} from './collection-offer-helpers';
import { TOKEN, alice, bob, c, carol, clock, indexer, inventory, setUpChain } from './trading-fixture';

setUpChain();

const offerCount = async () => (await c.t.db.selectFrom('collection_offers').select('offer_idx').execute()).length;

describe('/nft/collection/offer', () => {
  it('signs the terms, pending until escrowed on chain, then valid and listed best first per coin', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [3, 2]);
    const r = await collectionOfferReq(c, bob, collectionIdx, { amount: 2, price: 3n * TOKEN });
    expect(r.returnCode).toBe(0);
    const d = r.body.data as CollectionOfferData & Record<string, unknown>;
    expect(d).toMatchObject({ collectionIdx, symbol: 'ATT', price: String(6n * TOKEN), itemCount: 2 });
    expect(d.offer).toMatchObject({
      id: d.offerIdx,
      collection: c.d.items.toLowerCase(),
      criteria: criteriaTree(items.map((i) => BigInt(i.tokenId))).root,
      buyer: bob.address,
      amount: '2',
      pricePerOne: String(3n * TOKEN),
      token: c.d.att.toLowerCase(),
    });
    expect(await collectionOfferRow(c, d.offerIdx)).toMatchObject({ state: OfferState.Pending, remaining: 2 });
    type Listed = {
      list: CollectionOfferRow[];
      best: Record<'ATT' | 'KLAY', CollectionOfferRow | null>;
      page: unknown;
    };
    const listed = async () =>
      (await c.t.post('/nft/collection/offer/list', { collectionIdx, pageNo: 1, pageSize: 10 })).body as Listed;
    expect((await listed()).list).toEqual([]);
    await sendCollectionOffer(c, bob, d);
    const better = await makeCollectionOffer(c, carol, collectionIdx, { amount: 1, price: 4n * TOKEN });
    const klay = await makeCollectionOffer(c, carol, collectionIdx, { amount: 1, price: 2n * TOKEN, symbol: 'KLAY' });
    await indexer.catchUp();
    expect(await collectionOfferRow(c, d.offerIdx)).toMatchObject({ state: OfferState.Valid, remaining: 2 });
    const l = await listed();
    expect(l.list.map((o) => o.offerIdx)).toEqual([better, d.offerIdx, klay]);
    expect(l.best.ATT).toMatchObject({
      offerIdx: better,
      pricePerOne: String(4n * TOKEN),
      availableAmount: 1,
      itemCount: 2,
    });
    expect(l.best.KLAY).toMatchObject({ offerIdx: klay, symbol: 'KLAY' });
    expect(l.page).toEqual({ totalRecordSize: 3, pageNo: 1, pageCount: 1 });
    const mine = await c.t.post('/nft/collection/offer/member/participation/list', {
      ...bob.auth,
      pageNo: 1,
      pageSize: 10,
    });
    expect((mine.body.list as CollectionOfferRow[])[0]).toMatchObject({
      offerIdx: d.offerIdx,
      collectionIdx,
      state: OfferState.Valid,
    });
  });

  it('refuses a collection that does not exist or is hidden (254), and terms out of range (5); writes nothing', async () => {
    const { collectionIdx } = await collectionOf(c, alice, [1]);
    const before = await offerCount();
    expect((await collectionOfferReq(c, bob, 999_999, { amount: 1, price: TOKEN })).returnCode).toBe(
      ReturnCode.CollectionNotFound,
    );
    const bad = (over: Record<string, unknown>) =>
      c.t.post('/nft/collection/offer', {
        ...bob.auth,
        collectionIdx,
        pricePerOne: String(TOKEN),
        amount: 1,
        symbol: 'ATT',
        ...over,
      });
    expect((await bad({ pricePerOne: String(TOKEN - 1n) })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await bad({ amount: 0 })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await bad({ symbol: 'ETH' })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await bad({ expireMinute: 30 * 24 * 60 + 1 })).returnCode).toBe(ReturnCode.ValidationFailed);
    await c.t.db
      .updateTable('collections')
      .set({ hide_state: 1 })
      .where('collection_idx', '=', collectionIdx)
      .execute();
    expect((await bad({})).returnCode).toBe(ReturnCode.CollectionNotFound);
    expect((await c.t.post('/nft/collection/offer/list', { collectionIdx, pageNo: 1, pageSize: 10 })).returnCode).toBe(
      ReturnCode.CollectionNotFound,
    );
    expect(await offerCount()).toBe(before);
  });
});

describe('/nft/collection/offer/accept', () => {
  it("sells pieces of any item of the collection, the creator's unminted one minted; the sale in the history", async () => {
    const { items } = await collectionOf(c, alice, [3, 2]);
    const collectionIdx = (
      await c.t.db
        .selectFrom('items')
        .select('collection_idx')
        .where('item_idx', '=', items[0]!.productId)
        .executeTakeFirstOrThrow()
    ).collection_idx;
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 3, price: 2n * TOKEN });
    await indexer.catchUp();
    const d = await acceptCollectionOffer(c, alice, id, items[1]!.productId, 2);
    expect(d.mintAmount).toBe(2);
    expect(d.accept).toMatchObject({ offerId: id, itemId: items[1]!.tokenId, amount: '2', editionSize: '2' });
    // 4 ATT: the fee (2.5%) and the royalty (5%) leave 3.7 ATT.
    expect(d.netProceeds).toBe(String(4n * TOKEN - TOKEN / 10n - TOKEN / 5n));
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1, reserved: 0 });
    expect(await inventory(items[1]!.productId, bob.address)).toMatchObject({ amount: 2 });
    const h = await c.t.db
      .selectFrom('trade_history')
      .select(['event_type', 'amount', 'from_address', 'to_address', 'fee', 'royalty'])
      .where('item_idx', '=', items[1]!.productId)
      .where('event_type', '=', HistoryEvent.OfferAccept)
      .executeTakeFirstOrThrow();
    expect(h).toMatchObject({ amount: 2, from_address: alice.address, to_address: bob.address });
    expect(String(h.fee)).toBe(String(TOKEN / 10n));
    expect(String(h.royalty)).toBe(String(TOKEN / 5n));
    await acceptCollectionOffer(c, alice, id, items[0]!.productId, 1);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Acquired, remaining: 0 });
    expect((await collectionAcceptReq(c, alice, id, items[0]!.productId, 1)).returnCode).toBe(ReturnCode.SoldOut);
  });

  it('answers every refusal with its code', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [4, 1, 1]);
    const other = await collectionOf(c, alice, [1]);
    const pending = (await collectionOfferReq(c, bob, collectionIdx, { amount: 2, price: TOKEN })).body.data;
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 2, price: TOKEN });
    await indexer.catchUp();
    const code = async (who: typeof alice, offer: string, productIdx: number, amount: number) =>
      (await collectionAcceptReq(c, who, offer, productIdx, amount)).returnCode;
    const [a, b, d] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    expect(await code(alice, (pending as CollectionOfferData).offerIdx, a.productId, 1)).toBe(ReturnCode.OfferNotFound);
    expect(await code(alice, '999999', a.productId, 1)).toBe(ReturnCode.OfferNotFound);
    expect(await code(bob, id, a.productId, 1)).toBe(ReturnCode.OwnOffer);
    expect(await code(alice, id, other.items[0]!.productId, 1)).toBe(ReturnCode.NoAuthority);
    expect(await code(alice, id, 999_999, 1)).toBe(ReturnCode.ProductNotFound);
    expect(await code(carol, id, a.productId, 1)).toBe(ReturnCode.NotProductOwner);
    expect(await code(alice, id, a.productId, 3)).toBe(ReturnCode.NotEnoughRemaining);
    expect(await code(alice, id, a.productId, 5)).toBe(ReturnCode.NotProductOwner);
    const { res } = await list(c, alice, b, { quantity: 1, price: TOKEN, lazy: { editionSize: 1, royaltyBps: 500 } });
    expect(res.returnCode).toBe(0);
    expect(await code(alice, id, b.productId, 1)).toBe(ReturnCode.ItemOnSale);
    await startAuction(alice, d.productId, { price: TOKEN, minutes: 30 });
    expect(await code(alice, id, d.productId, 1)).toBe(ReturnCode.ItemInAuction);
    expect(
      await c.t.db.selectFrom('collection_offer_accepts').select('accept_id').where('offer_idx', '=', id).execute(),
    ).toEqual([]);
    const short = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: TOKEN, expireMinute: 1 });
    await indexer.catchUp();
    await travel(120);
    clock.aheadMs += 120_000;
    expect(await code(alice, short, a.productId, 1)).toBe(ReturnCode.TimeExpired);
  });

  it('parallel accepts never hold more than the offer (271 past it); a repeat gets the accept that waits', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [1, 1, 1]);
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 2, price: TOKEN });
    await indexer.catchUp();
    const replies = await Promise.all(items.map((i) => collectionAcceptReq(c, alice, id, i.productId, 1)));
    const codes = replies.map((r) => r.returnCode).sort();
    expect(codes).toEqual([0, 0, ReturnCode.InstanceAwaitingTrade]);
    expect(await collectionOfferRow(c, id)).toMatchObject({ remaining: 2, reserved: 2 });
    const ok = replies.findIndex((r) => r.returnCode === 0);
    const again = await collectionAcceptReq(c, alice, id, items[ok]!.productId, 1);
    expect((again.body.data as CollectionAcceptData).acceptId).toBe(
      (replies[ok]!.body.data as CollectionAcceptData).acceptId,
    );
    for (const r of replies.filter((x) => x.returnCode === 0))
      await sendCollectionAccept(c, alice, r.body.data as CollectionAcceptData);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Acquired, remaining: 0, reserved: 0 });
  });
});

describe('cancel, expiry and idempotency', () => {
  it('a cancel of the rest cancels the offer; an expired one is swept and refunded by anyone', async () => {
    const { collectionIdx } = await collectionOf(c, alice, [2]);
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 2, price: TOKEN });
    await indexer.catchUp();
    await cancelCollectionOffer(c, bob, id, 1);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1 });
    await cancelCollectionOffer(c, bob, id, 1);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Cancelled, remaining: 0 });

    const short = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: TOKEN, expireMinute: 1 });
    const never = (await collectionOfferReq(c, carol, collectionIdx, { amount: 1, price: TOKEN, expireMinute: 1 })).body
      .data as CollectionOfferData;
    await indexer.catchUp();
    await travel(120);
    clock.aheadMs += 120_000;
    expect((await sweepCollectionOffers(c.t.db, c.t.app.now())).offersExpired).toBeGreaterThanOrEqual(2);
    expect(await collectionOfferRow(c, short)).toMatchObject({ state: OfferState.Expired, remaining: 1 });
    expect(await collectionOfferRow(c, never.offerIdx)).toMatchObject({ state: OfferState.Expired });
    await cancelCollectionOffer(c, carol, short, 1);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, short)).toMatchObject({ state: OfferState.Expired, remaining: 0 });
  });

  it('a repeated make or accept with one Idempotency-Key acts once and gets the first answer', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [2]);
    const key = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    const body = { ...bob.auth, collectionIdx, pricePerOne: String(TOKEN), amount: 1, symbol: 'ATT' };
    const before = await offerCount();
    const made = await Promise.all(Array.from({ length: 5 }, () => c.t.post('/nft/collection/offer', body, key)));
    for (const r of made) expect(r.body).toEqual(made[0]!.body);
    expect(await offerCount()).toBe(before + 1);
    await sendCollectionOffer(c, bob, made[0]!.body.data as CollectionOfferData);
    await indexer.catchUp();
    const id = (made[0]!.body.data as CollectionOfferData).offerIdx;
    const akey = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    const abody = { ...alice.auth, offerIdx: Number(id), productIdx: items[0]!.productId, amount: 1 };
    const accepted = await Promise.all(
      Array.from({ length: 5 }, () => c.t.post('/nft/collection/offer/accept', abody, akey)),
    );
    for (const r of accepted) expect(r.body).toEqual(accepted[0]!.body);
    expect(accepted[0]!.returnCode).toBe(0);
    const rows = await c.t.db
      .selectFrom('collection_offer_accepts')
      .select('accept_id')
      .where('offer_idx', '=', id)
      .execute();
    expect(rows.length).toBe(1);
    expect((await c.t.post('/nft/collection/offer/accept', { ...abody, amount: 2 }, akey)).returnCode).toBe(
      ReturnCode.EarlierRequestExists,
    );
  });
});
