/**
 * Collection offer alerts through the API and the chain (real PGlite or PostgreSQL, real anvil): a valid collection
 * offer tells every other holder of an item of the collection whose minimum it reaches (MinOffer, about one of their
 * items), once per holder and offer however often the event is seen; a reorg retracts them with the offer, and the
 * same offer sent again tells each holder once more, not twice.
 */
import { AlertType, OfferState } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { collectionOfferMade } from '../indexer/handlers/collection-offer-made';
import {
  acceptCollectionOffer,
  collectionOf,
  collectionOfferReq,
  collectionOfferRow,
  makeCollectionOffer,
  sendCollectionOffer,
  type CollectionOfferData,
} from './collection-offer-helpers';
import { TOKEN, alertSettings, alice, bob, c, carol, indexer, setUpChain } from './trading-fixture';

setUpChain();

/** The live MinOffer alerts of a collection offer: [address, productIdx], by address. */
async function alertsOf(offerIdx: string): Promise<[string, number | null][]> {
  const rows = await c.t.db
    .selectFrom('alerts')
    .select(['address', 'product_idx', 'type'])
    .where('dedup_key', 'like', `collection-offer:${offerIdx}:%`)
    .where('retracted_at', 'is', null)
    .orderBy('address')
    .execute();
  for (const r of rows) expect(r.type).toBe(AlertType.MinOffer);
  return rows.map((r) => [r.address, r.product_idx]);
}

describe('collection offer alerts', () => {
  it('tells each holder whose minimum it reaches, once; a reorg retracts and a resend tells once again', async () => {
    const { collectionIdx, items } = await collectionOf(c, alice, [3, 2]);
    for (const who of [alice, bob]) await alertSettings(who, {});
    // Carol comes to hold a piece of the second item by her own collection offer; her minimum is 5 ATT.
    await alertSettings(carol, { minOfferPriceAtt: String(5n * TOKEN) });
    const first = await makeCollectionOffer(c, carol, collectionIdx, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    await acceptCollectionOffer(c, alice, first, items[1]!.productId, 1);
    await indexer.catchUp();

    // Bob's offer of 2 ATT reaches Alice's minimum, not Carol's: Alice alone hears, about her first item.
    const low = await makeCollectionOffer(c, bob, collectionIdx, { amount: 1, price: 2n * TOKEN });
    await indexer.catchUp();
    expect(await alertsOf(low)).toEqual([[alice.address, items[0]!.productId]]);

    // Seen again (a second log of the same offer): no second alert.
    await c.t.db.updateTable('collection_offers').set({ made_tx: null }).where('offer_idx', '=', low).execute();
    await c.t.db.transaction().execute(async (trx) => {
      const log = {
        chainId: c.t.config.chainId,
        txHash: `0x${'e'.repeat(64)}`,
        logIndex: 7,
        blockNumber: 1n,
        blockHash: `0x${'e'.repeat(64)}`,
      };
      const ctx = { trx, log, marketAddress: c.d.market.toLowerCase(), symbolOf: c.t.app.trading.chain.symbolOf };
      await collectionOfferMade.apply(ctx, { offerId: low, buyer: bob.address, amount: '1' });
    });
    expect(await alertsOf(low)).toEqual([[alice.address, items[0]!.productId]]);

    // 6 ATT reaches both; Carol hears about the item she holds. A reorg takes the offer and its alerts back.
    const r = await collectionOfferReq(c, bob, collectionIdx, { amount: 1, price: 6n * TOKEN });
    const high = r.body.data as CollectionOfferData;
    const snapshot = await c.rpc<string>('evm_snapshot');
    await sendCollectionOffer(c, bob, high);
    await indexer.catchUp();
    const both = [
      [alice.address, items[0]!.productId],
      [carol.address, items[1]!.productId],
    ].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));
    expect(await alertsOf(high.offerIdx)).toEqual(both);
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    for (let i = 0; i < 3; i++) await indexer.step();
    expect(await collectionOfferRow(c, high.offerIdx)).toMatchObject({ state: OfferState.Pending });
    expect(await alertsOf(high.offerIdx)).toEqual([]);
    await sendCollectionOffer(c, bob, high);
    await indexer.catchUp();
    expect(await collectionOfferRow(c, high.offerIdx)).toMatchObject({ state: OfferState.Valid });
    expect(await alertsOf(high.offerIdx)).toEqual(both);
  });
});
