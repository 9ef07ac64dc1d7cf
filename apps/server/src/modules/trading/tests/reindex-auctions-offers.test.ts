/**
 * `npm run reindex` and `npm run check-chain` over auctions and offers on a real anvil: an auction bid on, outbid,
 * withdrawn from and settled by the keeper (its losing bid left in escrow), and offers made, accepted in part and
 * cancelled, are rebuilt from the chain into the same auctions, bids, offers, accepts, holdings, withdrawable
 * balances and history rows; the chain check then finds no difference, and names each drift made by hand.
 */
import { cancelBidCall } from '@att/contracts';
import { AuctionState, OfferState } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../test/chain';
import { checkChain, reindex, type ReindexOptions } from '..';
import { auctionRow, bid, startAuction, testKeeper, travel } from './auction-fixture';
import { accept, cancelOffer, makeOffer, offerRow } from './offer-helpers';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const state = async () => ({
  auctions: await c.t.db
    .selectFrom('auctions')
    .select([
      'auction_id',
      'state',
      'top_bid',
      'top_bidder',
      'bid_count',
      'winner_address',
      'price',
      'ends_at',
      'unclaimed_owner',
    ])
    .orderBy('auction_id')
    .execute(),
  bids: await c.t.db
    .selectFrom('auction_bids')
    .select(['auction_id', 'bidder_address', 'amount', 'state', 'tx_hash', 'log_index'])
    .orderBy('tx_hash')
    .orderBy('log_index')
    .execute(),
  offers: await c.t.db
    .selectFrom('offers')
    .select(['offer_idx', 'state', 'remaining', 'reserved', 'quantity'])
    .orderBy('offer_idx')
    .execute(),
  inventory: await c.t.db
    .selectFrom('inventory')
    .select(['item_idx', 'holder_address', 'amount', 'on_sale', 'reserved'])
    .orderBy('item_idx')
    .orderBy('holder_address')
    .execute(),
  withdrawable: await c.t.db
    .selectFrom('withdrawable_balances')
    .selectAll()
    .orderBy('account_address')
    .orderBy('token_address')
    .execute(),
  trades: await c.t.db
    .selectFrom('trade_history')
    .select(['event_type', 'tx_hash', 'log_index', 'amount'])
    .where('tx_hash', 'is not', null)
    .orderBy('tx_hash')
    .orderBy('log_index')
    .execute(),
});

describe('npm run reindex over auctions and offers', () => {
  it('rebuilds a settled auction (a losing bid left in escrow) and offers accepted in part and cancelled, exactly', async () => {
    // First (the validator's signatures run on our clock, which the auction's time travel leaves behind), offers on an edition of 5: Bob's of 3 accepted for 1 by its creator (minted then), Carol's cancelled.
    const edition = await publish(c, alice, 5);
    const bobs = await makeOffer(c, bob, edition.productId, { amount: 3, price: TOKEN });
    const carols = await makeOffer(c, carol, edition.productId, { amount: 2, price: (3n * TOKEN) / 2n });
    await indexer.catchUp();
    await accept(c, alice, bobs, 1);
    await cancelOffer(c, carol, carols, 2);
    await indexer.catchUp();
    expect(await offerRow(c, bobs)).toMatchObject({ state: OfferState.Valid, remaining: 2 });
    expect(await offerRow(c, carols)).toMatchObject({ state: OfferState.Cancelled });

    // An auction: Bob bids, Carol outbids, Bob withdraws and bids again, Carol's losing bid stays after the keeper settles.
    const single = await publish(c, alice, 1);
    const id = await startAuction(alice, single.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await bob.mined(await bob.wallet.writeContract(cancelBidCall(c.d.market, BigInt(id))));
    expect(await bid(bob, id, 3n * TOKEN)).toBe(0);
    await indexer.catchUp();
    await travel(31 * 60);
    const keeper = await testKeeper();
    expect(await keeper.run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    expect(await auctionRow(id)).toMatchObject({ state: AuctionState.Ended, winner_address: bob.address });

    const before = await state();
    const o: ReindexOptions = {
      db: c.t.db,
      chain: c.t.app.trading.chain,
      chainId: c.t.config.chainId,
      startBlock: c.d.deployBlock,
      confirmations: 0,
    };
    await reindex(o);
    expect(await state()).toEqual(before);
    expect(await checkChain(o)).toEqual([]);

    // Drift the check must name: a wrong top bid and state, a valid offer's remaining pieces, an item's sales.
    await c.t.db
      .updateTable('auctions')
      .set({ top_bid: String(TOKEN), state: AuctionState.Active })
      .where('auction_id', '=', String(id))
      .execute();
    await c.t.db.updateTable('offers').set({ remaining: 1 }).where('offer_idx', '=', bobs).execute();
    await c.t.db.updateTable('items').set({ trade_count: 0 }).where('item_idx', '=', edition.productId).execute();
    expect((await checkChain(o)).sort()).toEqual(
      [
        `auction ${id}: state ${AuctionState.Active}, chain status ${AuctionState.Ended}`,
        `auction ${id}: top bid ${TOKEN}, chain ${3n * TOKEN}`,
        `offer ${bobs}: remaining 1, chain 2`,
        `item ${edition.productId}: trade_count 0, chain 1 sales`,
      ].sort(),
    );
  }, 180_000);
});
