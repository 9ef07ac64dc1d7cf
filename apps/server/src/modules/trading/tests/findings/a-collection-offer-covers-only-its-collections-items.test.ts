/**
 * Every collection's items live in one Items contract, so a collection offer signed with a zero criteria covers, on
 * chain, any item of any collection: only the validator's accept kept a seller to the offer's collection, and a leaked
 * validator key could fill a buyer's offer with a worthless item. An offer now signs the Merkle root of its
 * collection's token ids (stored with it): the Market itself refuses an item outside them, even under an accept the
 * validator signed; the accept route returns the item's proof, and refuses an item published after the offer. Real
 * chain and database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { criteriaTree, verifyCriteriaProof } from '@att/contracts';
import { OfferState, ReturnCode } from '@att/shared';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { png, uploaded } from '../../../../../test/media';
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
import { TOKEN, alice, bob, c, indexer, inventory, setUpChain } from '../trading-fixture';

setUpChain();

const covered = async (offerIdx: string) =>
  (
    await c.t.db
      .selectFrom('collection_offer_items')
      .select('token_id')
      .where('offer_idx', '=', offerIdx)
      .orderBy('token_id')
      .execute()
  ).map((r) => String(r.token_id));

describe('a collection offer covers the items of its collection, and only those', () => {
  it("signs the root of the collection's token ids, stores them; an accept with its proof fills on chain", async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [2, 1, 3]);
    const ids = items.map((i) => i.tokenId);
    const r = await collectionOfferReq(c, bob, collectionIdx, { amount: 2, price: TOKEN });
    const d = r.body.data as CollectionOfferData & { itemCount: number };
    expect(d.offer.criteria).toBe(criteriaTree(ids.map(BigInt)).root);
    expect(d.itemCount).toBe(3);
    expect(await covered(d.offerIdx)).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    const row = await c.t.db
      .selectFrom('collection_offers')
      .select(['criteria', 'item_count'])
      .where('offer_idx', '=', d.offerIdx)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ criteria: d.offer.criteria, item_count: 3 });

    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 2, price: TOKEN });
    await indexer.catchUp();
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 2 });
    const offer = await c.t.db
      .selectFrom('collection_offers')
      .select('criteria')
      .where('offer_idx', '=', id)
      .executeTakeFirstOrThrow();
    const a = await acceptCollectionOffer(c, alice, id, items[2]!.productId, 2);
    expect(a.proof.length).toBeGreaterThan(0);
    expect(verifyCriteriaProof(offer.criteria as Hex, BigInt(items[2]!.tokenId), a.proof)).toBe(true);
    await indexer.catchUp();
    expect(await inventory(items[2]!.productId, bob.address)).toMatchObject({ amount: 2 });
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Acquired, remaining: 0 });
  });

  it('the Market refuses an item of another collection even under an accept the validator signed', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [1, 1]);
    const worthless = await publish(c, alice, 1);
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: 5n * TOKEN });
    await indexer.catchUp();
    const tree = criteriaTree(items.map((i) => BigInt(i.tokenId)));
    // The forged signature is good: the same accept of an item the offer covers would fill.
    const inside = { offerIdx: id, itemId: items[0]!.tokenId, acceptId: 9_000_001n };
    await expect(
      simulateForgedAccept(c, alice, { ...inside, proof: tree.proof(BigInt(inside.itemId))! }),
    ).resolves.toBeDefined();
    for (const proof of [[], tree.proof(BigInt(inside.itemId))!])
      await expect(
        simulateForgedAccept(c, alice, { offerIdx: id, itemId: worthless.tokenId, acceptId: 9_000_002n, proof }),
      ).rejects.toThrow(/MarketItemNotInCriteria/);
  });

  it('refuses an item published after the offer (2) and writes nothing; a collection with no item (258)', async () => {
    const { collectionIdx } = await collectionOf(c, alice, [1]);
    const id = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    const later = await publish(c, alice, 1, collectionIdx);
    expect((await collectionAcceptReq(c, alice, id, later.productId, 1)).returnCode).toBe(ReturnCode.NoAuthority);
    expect(await collectionOfferRow(c, id)).toMatchObject({ state: OfferState.Valid, remaining: 1, reserved: 0 });
    expect(
      await c.t.db.selectFrom('collection_offer_accepts').select('accept_id').where('offer_idx', '=', id).execute(),
    ).toEqual([]);

    const logoFileName = await uploaded(c.t, alice.auth, 'logo', await png());
    const empty = await c.t.post('/nft/collection/register', {
      ...alice.auth,
      collectionName: `Empty ${process.pid}`,
      royalty: 5,
      logoFileName,
    });
    const emptyIdx = (empty.body.data as { collectionIdx: number }).collectionIdx;
    const before = await c.t.db.selectFrom('collection_offers').select('offer_idx').execute();
    expect((await collectionOfferReq(c, bob, emptyIdx, { amount: 1, price: TOKEN })).returnCode).toBe(
      ReturnCode.ProductNotFound,
    );
    expect(await c.t.db.selectFrom('collection_offers').select('offer_idx').execute()).toEqual(before);
  });
});
