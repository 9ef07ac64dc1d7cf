/**
 * The offer alerts (5 and 6) and the members' settings, through the API and the chain (real PGlite or PostgreSQL,
 * real anvil): a valid offer tells the offerer it beats (OverOffer, same token only) and every other holder of the
 * item whose minimum it reaches (MinOffer); an alert whose flag a member turned off, or whose minimum the offer
 * does not reach, is never written. A reorg's undo retracts them with the offer: findings/every-handler-undo-restores-
 * the-tables.test.ts compares the live alerts before the apply and after the undo.
 */
import { AlertType, type AlertTypeValue } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../test/chain';
import { enqueueAlert } from '../../alerts';
import { makeOffer } from './offer-helpers';
import { TOKEN, alertSettings, alice, bob, c, carol, indexer, setUpChain } from './trading-fixture';

setUpChain();

/** The live (not retracted) alerts of an item: [type, address], oldest first (corrections, which follow a retracted alert the dispatcher had sent, are not). */
async function alertsOf(productId: number): Promise<[AlertTypeValue, string][]> {
  const rows = await c.t.db
    .selectFrom('alerts')
    .select(['type', 'address'])
    .where('product_idx', '=', productId)
    .where('retracted_at', 'is', null)
    .where('retracts', 'is', null)
    .orderBy('alert_id')
    .execute();
  return rows.map((r) => [r.type as AlertTypeValue, r.address]);
}

describe('offer alerts', () => {
  it('a better offer tells the offerer it beats; every offer tells the holders whose minimum it reaches', async () => {
    for (const who of [alice, bob, carol]) await alertSettings(who, {});
    const item = await publish(c, alice, 6);
    await makeOffer(c, bob, item.productId, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    // Alice holds the unminted pieces: her minimum (0) is reached. Nobody was the best before.
    expect(await alertsOf(item.productId)).toEqual([[AlertType.MinOffer, alice.address]]);

    await makeOffer(c, carol, item.productId, { amount: 1, price: 2n * TOKEN });
    await indexer.catchUp();
    expect((await alertsOf(item.productId)).slice(1)).toEqual([
      [AlertType.OverOffer, bob.address],
      [AlertType.MinOffer, alice.address],
    ]);

    // A KLAY offer is compared with KLAY offers only: Carol's ATT offer is still the best in ATT.
    await makeOffer(c, bob, item.productId, { amount: 1, price: 5n * TOKEN, symbol: 'KLAY' });
    await indexer.catchUp();
    expect((await alertsOf(item.productId)).slice(3)).toEqual([[AlertType.MinOffer, alice.address]]);

    // An offer no better than the best tells nobody it beat them.
    await makeOffer(c, bob, item.productId, { amount: 1, price: 2n * TOKEN });
    await indexer.catchUp();
    expect((await alertsOf(item.productId)).slice(4)).toEqual([[AlertType.MinOffer, alice.address]]);
  });

  it('a flag turned off, or a minimum the offer does not reach, writes no alert', async () => {
    await alertSettings(alice, { minOfferPriceAtt: String(3n * TOKEN) });
    await alertSettings(bob, { flagOverOffer: 0 });
    await alertSettings(carol, {});
    const item = await publish(c, alice, 4);
    await makeOffer(c, bob, item.productId, { amount: 1, price: TOKEN });
    await indexer.catchUp();
    await makeOffer(c, carol, item.productId, { amount: 1, price: 2n * TOKEN });
    await indexer.catchUp();
    // Below Alice's 3 ATT minimum, and Bob turned outbid-offer alerts off.
    expect(await alertsOf(item.productId)).toEqual([]);
    // At her minimum exactly: told.
    await makeOffer(c, bob, item.productId, { amount: 1, price: 3n * TOKEN });
    await indexer.catchUp();
    expect(await alertsOf(item.productId)).toEqual([
      [AlertType.OverOffer, carol.address],
      [AlertType.MinOffer, alice.address],
    ]);
    // Alice turns offer alerts off: the next offer reaches her minimum and still tells her nothing.
    await alertSettings(alice, { flagMinOffer: 0, minOfferPriceAtt: '0' });
    await makeOffer(c, carol, item.productId, { amount: 1, price: 4n * TOKEN });
    await indexer.catchUp();
    expect((await alertsOf(item.productId)).slice(2)).toEqual([]);
    for (const who of [alice, bob]) await alertSettings(who, {});
  });

  it('each alert type follows its own flag, for members only', async () => {
    const item = await publish(c, alice, 1);
    await alertSettings(alice, { flagItemSell: 0, flagBid: 1 });
    await c.t.db.transaction().execute(async (trx) => {
      expect(
        await enqueueAlert(trx, { address: alice.address, type: AlertType.ItemSold, productIdx: item.productId }),
      ).toBe(false);
      expect(
        await enqueueAlert(trx, {
          address: alice.address.toUpperCase().replace('0X', '0x'),
          type: AlertType.Bid,
          productIdx: item.productId,
        }),
      ).toBe(true);
      // An address with no account could never subscribe: nothing is kept for it.
      expect(
        await enqueueAlert(trx, {
          address: '0x000000000000000000000000000000000000dead',
          type: AlertType.Bid,
          productIdx: item.productId,
        }),
      ).toBe(false);
    });
    expect(await alertsOf(item.productId)).toEqual([[AlertType.Bid, alice.address]]);
    await alertSettings(alice, {});
  });
});
