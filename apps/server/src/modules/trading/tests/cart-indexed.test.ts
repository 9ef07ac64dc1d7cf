/**
 * A cart bought with the Market's `buyNfts` (one transaction, several listings) is indexed by the existing
 * `NftBought` handler unchanged: each listing and reservation settles, the pieces move, one sale row per listing.
 */
import { buyNftsCall, listingFromWire, reservationFromWire } from '@att/contracts';
import { HistoryEvent, ReservationState } from '@att/shared';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../test/chain';
import { alice, bob, c, indexer, inventory, purchase, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

describe('a cart in one transaction', () => {
  it('settles every listing it filled through the per-sale event', async () => {
    const listed = [];
    for (const price of [2n * TOKEN, 3n * TOKEN]) {
      const item = await publish(c, alice, 1);
      const { res } = await list(c, alice, item, { quantity: 1, price, lazy: { editionSize: 1, royaltyBps: 500 } });
      expect(res.returnCode).toBe(0);
      listed.push({ item, instanceId: (res.body.data as { instanceId: number }).instanceId });
    }
    const orders = [];
    for (const l of listed) {
      const p = await purchase(bob, l.instanceId, 1);
      expect(p.returnCode).toBe(0);
      const d = p.body.data as PurchaseData;
      orders.push({
        listing: listingFromWire(d.listing),
        sellerSignature: d.sellerSignature as Hex,
        reservation: reservationFromWire(d.reservation),
        validatorSignature: d.signResult as Hex,
      });
    }
    const r = await bob.mined(await bob.wallet.writeContract(buyNftsCall(c.d.market, c.d.att, orders)));
    expect(r.status).toBe('success');
    await indexer.catchUp();
    for (const l of listed) {
      expect(await inventory(l.item.productId, bob.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
      const row = await c.t.db
        .selectFrom('listings')
        .select(['remaining', 'reserved'])
        .where('listing_idx', '=', String(l.instanceId))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ remaining: 0, reserved: 0 });
      const sales = await c.t.db
        .selectFrom('trade_history')
        .select(['event_type', 'to_address', 'tx_hash'])
        .where('item_idx', '=', l.item.productId)
        .where('event_type', '=', HistoryEvent.LazyMintSale)
        .execute();
      expect(sales).toEqual([
        { event_type: HistoryEvent.LazyMintSale, to_address: bob.address, tx_hash: r.transactionHash },
      ]);
    }
    const reservations = await c.t.db
      .selectFrom('reservations')
      .select('state')
      .where('buyer_address', '=', bob.address)
      .execute();
    expect(reservations.map((o) => o.state)).toEqual([ReservationState.Settled, ReservationState.Settled]);
  });
});
