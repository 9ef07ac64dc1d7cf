/**
 * A trait offer is a collection offer limited to the items carrying chosen trait values (the item list's filter:
 * any value within a type, every type together): it signs the Merkle root of exactly those items' token ids, so the
 * accept route refuses another item of the collection and the Market itself refuses it even under an accept the
 * validator signed. It keeps its filter for its lists, and the collection's best offer counts only offers on every
 * item. Real chain and database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { criteriaTree } from '@att/contracts';
import { OfferState, ReturnCode, type CollectionOfferRow } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { bestCollectionOffers } from '../../order-book/best-offers';
import {
  acceptCollectionOffer,
  collectionAcceptReq,
  collectionOf,
  collectionOfferReq,
  collectionOfferRow,
  makeCollectionOffer,
  simulateForgedAccept,
  type CollectionOfferData,
} from '../collection-offer-helpers';
import type { Trader } from '../../../../../test/chain';
import { TOKEN, alertSettings, alice, bob, c, indexer, inventory, setUpChain } from '../trading-fixture';

setUpChain();

/** Gives an unminted item its traits through the edit route. */
async function withTraits(who: Trader, productId: number, traits: { traitType: string; value: string }[]) {
  const r = await c.t.post('/nft/update', {
    ...who.auth,
    productId,
    category: 1,
    productName: `Traits ${productId}`,
    productDesc: '',
    isExistUnlockedContent: 0,
    unlockedContent: '',
    traits,
  });
  if (r.returnCode !== 0) throw new Error(`/nft/update: ${r.returnCode}`);
}

/** A collection of four items: Red/Cap, Red/none, Blue/Cap, Green/Cap (in that order). */
async function traitCollection() {
  const { collectionIdx, items } = await collectionOf(c, alice, [1, 1, 1, 1]);
  const traits = [
    [
      { traitType: 'Color', value: 'Red' },
      { traitType: 'Hat', value: 'Cap' },
    ],
    [{ traitType: 'Color', value: 'Red' }],
    [
      { traitType: 'Color', value: 'Blue' },
      { traitType: 'Hat', value: 'Cap' },
    ],
    [
      { traitType: 'Color', value: 'Green' },
      { traitType: 'Hat', value: 'Cap' },
    ],
  ];
  for (const [i, item] of items.entries()) await withTraits(alice, item.productId, traits[i]!);
  return { collectionIdx, items };
}

const offerList = async (collectionIdx: number, productIdx?: number) =>
  (
    await c.t.post('/nft/collection/offer/list', {
      collectionIdx,
      pageNo: 1,
      pageSize: 100,
      ...(productIdx ? { productIdx } : {}),
    })
  ).body as { returnCode: number; list: CollectionOfferRow[]; best: Record<'ATT' | 'KLAY', CollectionOfferRow | null> };

describe('a trait offer covers the items carrying its traits, and only those', () => {
  it('signs the root of exactly the matching token ids; a matching item accepts and fills on chain', async () => {
    const { collectionIdx, items } = await traitCollection();
    const traits = [
      { traitType: ' Color ', values: ['Red', 'Blue '] },
      { traitType: 'Hat', values: ['Cap'] },
    ];
    const r = await collectionOfferReq(c, bob, collectionIdx, { amount: 1, price: TOKEN, traits });
    expect(r.returnCode).toBe(0);
    const d = r.body.data as CollectionOfferData & { itemCount: number };
    const matching = [items[0]!, items[2]!].map((i) => BigInt(i.tokenId));
    expect(d.offer.criteria).toBe(criteriaTree(matching).root);
    expect(d.itemCount).toBe(2);
    const trimmed = [
      { traitType: 'Color', values: ['Red', 'Blue'] },
      { traitType: 'Hat', values: ['Cap'] },
    ];
    const mine = await c.t.post('/nft/collection/offer/member/participation/list', {
      ...bob.auth,
      pageNo: 1,
      pageSize: 10,
    });
    expect((mine.body.list as CollectionOfferRow[]).find((o) => o.offerIdx === d.offerIdx)?.traits).toEqual(trimmed);

    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: 2n * TOKEN, traits });
    await indexer.catchUp();
    const listed = await offerList(collectionIdx);
    expect(listed.list.find((o) => o.offerIdx === id)).toMatchObject({ traits: trimmed, itemCount: 2 });
    expect((await offerList(collectionIdx, items[2]!.productId)).list.map((o) => o.offerIdx)).toContain(id);
    expect((await offerList(collectionIdx, items[1]!.productId)).list.map((o) => o.offerIdx)).not.toContain(id);

    const a = await acceptCollectionOffer(c, alice, id, items[2]!.productId, 1);
    expect(a.proof.length).toBeGreaterThan(0);
    await indexer.catchUp();
    expect(await inventory(items[2]!.productId, bob.address)).toMatchObject({ amount: 1 });
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Acquired, remaining: 0 });
  });

  it('refuses an item outside the traits (2), and the Market refuses it under an accept the validator signed', async () => {
    const { collectionIdx, items } = await traitCollection();
    const id = await makeCollectionOffer(c, bob, collectionIdx, {
      amount: 1,
      price: 3n * TOKEN,
      traits: [{ traitType: 'Color', values: ['Red'] }],
    });
    await indexer.catchUp();
    const outside = items[2]!;
    expect((await collectionAcceptReq(c, alice, id, outside.productId, 1)).returnCode).toBe(ReturnCode.NoAuthority);
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1, reserved: 0 });

    const tree = criteriaTree([items[0]!, items[1]!].map((i) => BigInt(i.tokenId)));
    const inside = { offerIdx: id, itemId: items[0]!.tokenId, acceptId: 9_100_001n };
    await expect(
      simulateForgedAccept(c, alice, { ...inside, proof: tree.proof(BigInt(inside.itemId))! }),
    ).resolves.toBeDefined();
    for (const proof of [[], tree.proof(BigInt(inside.itemId))!])
      await expect(
        simulateForgedAccept(c, alice, { offerIdx: id, itemId: outside.tokenId, acceptId: 9_100_002n, proof }),
      ).rejects.toThrow(/MarketItemNotInCriteria/);
  });

  it('answers 258 when no item matches, 5 to a bad filter and 6 to a missing field, writing nothing', async () => {
    const { collectionIdx } = await traitCollection();
    const before = await c.t.db.selectFrom('collection_offers').select('offer_idx').execute();
    const code = async (traits: unknown) =>
      (await collectionOfferReq(c, bob, collectionIdx, { amount: 1, price: TOKEN, traits: traits as never }))
        .returnCode;
    expect(await code([{ traitType: 'Color', values: ['Purple'] }])).toBe(ReturnCode.ProductNotFound);
    expect(await code([{ traitType: 'Size', values: ['Red'] }])).toBe(ReturnCode.ProductNotFound);
    for (const bad of [
      [{ traitType: '', values: ['Red'] }],
      [{ traitType: 'Color', values: [] }],
      [{ traitType: 'Color', values: ['x'.repeat(401)] }],
      [{ traitType: 'x'.repeat(201), values: ['Red'] }],
      [{ traitType: 'Color', values: Array.from({ length: 51 }, (_, i) => `v${i}`) }],
      Array.from({ length: 21 }, (_, i) => ({ traitType: `t${i}`, values: ['Red'] })),
      [{ traitType: 'Color', values: [1] }],
      { traitType: 'Color', values: ['Red'] },
      'Color:Red',
    ])
      expect(await code(bad), JSON.stringify(bad).slice(0, 60)).toBe(ReturnCode.ValidationFailed);
    expect(await code([{ traitType: 'Color' }])).toBe(ReturnCode.MissingParameters);
    expect(await c.t.db.selectFrom('collection_offers').select('offer_idx').execute()).toEqual(before);
  });

  it("the collection's best offer counts only offers on every item; the item's best counts the trait offer", async () => {
    const { collectionIdx, items } = await traitCollection();
    const whole = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: TOKEN });
    const trait = await makeCollectionOffer(c, bob, collectionIdx, {
      amount: 1,
      price: 9n * TOKEN,
      traits: [{ traitType: 'Hat', values: ['Cap'] }],
    });
    await indexer.catchUp();
    const listed = await offerList(collectionIdx);
    expect(listed.best.ATT).toMatchObject({ offerIdx: whole, traits: null });
    expect(listed.list.map((o) => o.offerIdx)).toEqual([trait, whole]);
    const best = await bestCollectionOffers(c.t.db, [collectionIdx], new Date());
    expect(best.get(collectionIdx)!.ATT).toBe(TOKEN.toString());
    const row = await offerList(collectionIdx, items[0]!.productId);
    expect(row.list.map((o) => o.offerIdx)).toEqual([trait, whole]);
    expect((await offerList(collectionIdx, items[1]!.productId)).list.map((o) => o.offerIdx)).toEqual([whole]);
  });

  it('tells a holder about an item the trait offer covers, not another item of the collection', async () => {
    const { collectionIdx, items } = await traitCollection();
    await alertSettings(alice, {});
    const id = await makeCollectionOffer(c, bob, collectionIdx, {
      amount: 1,
      price: TOKEN,
      traits: [{ traitType: 'Color', values: ['Blue'] }],
    });
    await indexer.catchUp();
    const alerts = await c.t.db
      .selectFrom('alerts')
      .select(['address', 'product_idx'])
      .where('dedup_key', 'like', `collection-offer:${id}:%`)
      .execute();
    expect(alerts).toEqual([{ address: alice.address, product_idx: items[2]!.productId }]);
  });
});
