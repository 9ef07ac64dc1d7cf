/**
 * The offer lists and the list delete (real chain): an item's valid offers, a member's offers made and received and
 * their `/other` forms with filters and the numbered pages, and /nft/offer/delete (history entry only) with its codes.
 */
import { OfferState, ReturnCode, type OfferProductRow, type OfferRow } from '@att/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, trader, type Trader } from '../../../../test/chain';
import { cancelOffer, makeOffer, offerReq, offerRow, type OfferData } from './offer-helpers';
import { TOKEN, alice, bob, c, carol, indexer, setUpChain } from './trading-fixture';

setUpChain();

let item: { productId: number; tokenId: string };
let bobs: string;
let carols: string;
let pending: string;
let dave: Trader;
const memberIdx = async (t: Trader) =>
  (await c.t.db.selectFrom('members').select('member_idx').where('address', '=', t.address).executeTakeFirstOrThrow())
    .member_idx;
const rows = (r: { body: Record<string, unknown> }) => r.body.list as OfferRow[];
const ids = (r: { body: Record<string, unknown> }) => rows(r).map((x) => String(x.makeOfferIdx));
const made = (who: Trader, extra: object = {}) =>
  c.t.post('/nft/offer/member/participation/list', { ...who.auth, ...extra });
const received = (who: Trader, extra: object = {}) => c.t.post('/nft/offer/member/list', { ...who.auth, ...extra });
const del = (who: Trader, offerIdx: string | number) =>
  c.t.post('/nft/offer/delete', { ...who.auth, offerIdx: Number(offerIdx) });

beforeAll(async () => {
  dave = await trader(c, 4);
  item = await publish(c, alice, 5);
  bobs = await makeOffer(c, bob, item.productId, { amount: 2, price: 3n * TOKEN });
  carols = await makeOffer(c, carol, item.productId, { amount: 1, price: 5n * TOKEN });
  pending = ((await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN })).body.data as OfferData).osdId;
  await indexer.catchUp();
}, 120_000);

describe('/nft/offer/product/list', () => {
  it("lists the item's valid offers, highest first, without pending ones", async () => {
    const r = await c.t.post('/nft/offer/product/list', { productIdx: item.productId, pageNo: 1, pageSize: 9999 });
    expect(r.returnCode).toBe(0);
    const list = r.body.list as OfferProductRow[];
    expect(list.map((x) => x.osdId)).toEqual([carols, bobs]);
    expect(list[1]).toMatchObject({
      makeOfferIdx: Number(bobs),
      offerSymbol: 'ATT',
      offerPricePerOne: String(3n * TOKEN),
      remainAmount: 2,
      availableAmount: 2,
      memberName: bob.id,
      memberAddress: bob.address,
      state: OfferState.Valid,
    });
    expect(list[1]!.currencyPrice).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(r.body.page).toEqual({ totalRecordSize: 2, pageNo: 1, pageCount: 1 });
    expect((await c.t.post('/nft/offer/product/list', { productIdx: 2_000_000 })).returnCode).toBe(
      ReturnCode.ProductNotFound,
    );
    expect((await c.t.post('/nft/offer/product/list', { productIdx: 'x' })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
  });
});

describe('/nft/offer/member/(participation/)list and /other', () => {
  it("shows a member's offers made (pending too) and received (not pending), newest first, and another member's read-only", async () => {
    const mine = await made(bob);
    expect(mine.returnCode).toBe(0);
    expect(ids(mine)).toEqual([pending, bobs]);
    expect(rows(mine)[1]).toMatchObject({
      productIdx: item.productId,
      memberName: alice.id,
      state: OfferState.Valid,
      remainAmount: 2,
      offerAmount: 2,
    });
    expect(rows(mine)[0]!.state).toBe(OfferState.Pending);
    const got = await received(alice);
    expect(ids(got)).toEqual([carols, bobs]);
    expect(rows(got)[0]).toMatchObject({ memberName: carol.id, offerPricePerOne: String(5n * TOKEN) });
    // Offers made to a member are not "received" by the offerer, and nothing was offered to Dave.
    expect(ids(await received(bob))).toEqual([]);
    expect(ids(await received(dave))).toEqual([]);
    const other = await c.t.post('/nft/offer/member/participation/list/other', { memberIdx: await memberIdx(bob) });
    expect(ids(other)).toEqual([pending, bobs]);
    const otherGot = await c.t.post('/nft/offer/member/list/other', { memberIdx: await memberIdx(alice) });
    expect(ids(otherGot)).toEqual([carols, bobs]);
    expect((await c.t.post('/nft/offer/member/list/other', { memberIdx: 2_000_000 })).returnCode).toBe(
      ReturnCode.MemberNotFound,
    );
    expect((await c.t.post('/nft/offer/member/list', {})).returnCode).toBe(ReturnCode.NoTicket);
  });

  it('filters by coin, collection and item name, and pages by 10 (capped)', async () => {
    expect(ids(await received(alice, { filterCoin: ['KLAY'] }))).toEqual([]);
    expect(ids(await received(alice, { filterCoin: ['ATT'] }))).toEqual([carols, bobs]);
    const col = await c.t.db
      .selectFrom('items')
      .select(['collection_idx', 'name'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(ids(await received(alice, { filterCollection: [col.collection_idx] }))).toEqual([carols, bobs]);
    expect(ids(await received(alice, { filterCollection: [col.collection_idx + 100_000] }))).toEqual([]);
    expect(ids(await received(alice, { searchText: col.name }))).toEqual([carols, bobs]);
    expect(ids(await received(alice, { searchText: '%_' }))).toEqual([]);
    const p2 = await received(alice, { pageNo: 2, pageSize: 1 });
    expect(ids(p2)).toEqual([bobs]);
    expect(p2.body.page).toEqual({ totalRecordSize: 2, pageNo: 2, pageCount: 2 });
    const capped = await received(alice, { pageSize: 1000 });
    expect(capped.returnCode).toBe(0);
    expect((await received(alice, { filterCoin: ['ETH'] })).returnCode).toBe(ReturnCode.ValidationFailed);
  });
});

describe('/nft/offer/delete', () => {
  it('removes a finished offer from the caller’s own list only; live ones, strangers and unknown ids are refused', async () => {
    expect((await del(bob, bobs)).returnCode).toBe(ReturnCode.PreviousStateWrong);
    expect((await del(alice, bobs)).returnCode).toBe(ReturnCode.PreviousStateWrong);
    expect((await del(dave, carols)).returnCode).toBe(ReturnCode.NoAuthority);
    expect((await del(bob, 9_999_999)).returnCode).toBe(ReturnCode.OfferNotFound);
    expect((await c.t.post('/nft/offer/delete', { offerIdx: Number(carols) })).returnCode).toBe(ReturnCode.NoTicket);
    await cancelOffer(c, carol, carols, 1);
    await indexer.catchUp();
    expect((await offerRow(c, carols)).state).toBe(OfferState.Cancelled);
    expect((await del(carol, carols)).returnCode).toBe(0);
    expect((await del(carol, carols)).returnCode).toBe(0);
    expect(ids(await made(carol))).toEqual([]);
    // Alice still sees it among the offers she received until she deletes it herself.
    expect(ids(await received(alice))).toEqual([carols, bobs]);
    expect((await del(alice, carols)).returnCode).toBe(0);
    expect(ids(await received(alice))).toEqual([bobs]);
    // A pending offer can be removed by its maker; the offer itself is untouched.
    expect((await del(bob, pending)).returnCode).toBe(0);
    expect(ids(await made(bob))).toEqual([bobs]);
    expect((await offerRow(c, pending)).state).toBe(OfferState.Pending);
    expect((await offerRow(c, carols)).state).toBe(OfferState.Cancelled);
  });
});
