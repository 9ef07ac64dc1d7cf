/** Fixed-price sales on a real chain: listing, reserving, settling and indexing once; the listing and purchase codes; 100 buyers for one piece. */
import { marketAbi } from '@att/contracts';
import { HistoryEvent, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../test/chain';
import { alice, bob, c, carol, clock, indexer, inventory, purchase, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

describe('fixed-price trading on a real chain', () => {
  it('lists unminted pieces, reserves, settles on chain and the indexer records it once', async () => {
    const item = await publish(c, alice, 10);
    const { res } = await list(c, alice, item, {
      quantity: 5,
      price: 3n * TOKEN,
      lazy: { editionSize: 10, royaltyBps: 500 },
    });
    expect(res.returnCode).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 10, on_sale: 5, reserved: 0 });
    const summary = await c.t.db
      .selectFrom('items')
      .select(['sale_type', 'price_amount', 'price_symbol'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({ sale_type: 1, price_amount: (3n * TOKEN).toString(), price_symbol: 'ATT' });

    const listed = await c.t.post('/nft/instance/list/item', { productId: item.productId });
    expect(listed.body.list).toMatchObject([
      { instanceId, remainCount: 5, availableCount: 5, priceSymbol: 'ATT', sellerAddress: alice.address },
    ]);
    expect((listed.body.list as { reservedUntil?: string }[])[0]!.reservedUntil).toBeUndefined();

    const p = await purchase(bob, instanceId, 2);
    expect(p.returnCode).toBe(0);
    const data = p.body.data as PurchaseData;
    // The held pieces say until when: the deadline of the Buy signed for them.
    expect((await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list).toMatchObject([
      { remainCount: 5, availableCount: 3, reservedUntil: (p.body.data as { psdExpired: string }).psdExpired },
    ]);
    await bob.buy(data);
    expect(await indexer.catchUp()).toBeGreaterThan(0);
    const after = (await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list as {
      reservedUntil?: string;
    }[];
    expect(after[0]!.reservedUntil).toBeUndefined();

    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 8, on_sale: 3, reserved: 0 });
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    const l = await c.t.db
      .selectFrom('listings')
      .select(['remaining', 'reserved', 'state'])
      .where('listing_idx', '=', String(instanceId))
      .executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 3, reserved: 0, state: 1 });
    const it = await c.t.db
      .selectFrom('items')
      .select(['trade_count', 'last_price', 'last_symbol', 'flag_mint', 'minted_supply'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(it).toEqual({
      trade_count: 1,
      last_price: (3n * TOKEN).toString(),
      last_symbol: 'ATT',
      flag_mint: 1,
      minted_supply: 2,
    });
    const rows = await c.t.db
      .selectFrom('trade_history')
      .select(['event_type', 'amount', 'royalty', 'from_address', 'to_address'])
      .where('item_idx', '=', item.productId)
      .orderBy('history_idx')
      .execute();
    expect(rows.map((r) => r.event_type)).toEqual([HistoryEvent.List, HistoryEvent.LazyMintSale, HistoryEvent.Mint]);
    expect(rows[1]).toMatchObject({
      amount: 2,
      royalty: ((6n * TOKEN * 500n) / 10_000n).toString(),
      from_address: alice.address,
      to_address: bob.address,
    });

    // Replaying the same blocks adds nothing.
    await c.t.db.deleteFrom('indexer_cursor').execute();
    expect(await indexer.catchUp()).toBe(0);
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    expect(
      (await c.t.db.selectFrom('trade_history').select('history_idx').where('item_idx', '=', item.productId).execute())
        .length,
    ).toBe(3);
  });

  it('refuses bad listings with the spec codes and writes nothing', async () => {
    const item = await publish(c, alice, 3);
    const ok = { quantity: 1, price: 2n * TOKEN, lazy: { editionSize: 3, royaltyBps: 500 } };
    expect((await list(c, alice, item, { ...ok, price: TOKEN - 1n })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await list(c, alice, item, { ...ok, expirySeconds: 200 * 86_400 })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await list(c, alice, item, { ...ok, quantity: 4 })).res.returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await list(c, alice, item, { ...ok, lazy: undefined })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await list(c, alice, item, { ...ok, lazy: { editionSize: 3, royaltyBps: 0 } })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    // Signed terms that differ from the submitted ones (another price): not the caller's signature.
    expect((await list(c, alice, item, { ...ok, mutate: (l) => ({ ...l, pricePerOne: 1n }) })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    // Someone else's pieces, or an item that does not exist.
    expect((await list(c, bob, item, { ...ok, lazy: undefined })).res.returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await list(c, alice, { ...item, productId: 999_999 }, ok)).res.returnCode).toBe(ReturnCode.ProductNotFound);
    const { res, body } = await list(c, alice, item, ok);
    expect(res.returnCode).toBe(0);
    // The same signed listing twice.
    expect((await c.t.post('/nft/all/sale', body)).returnCode).toBe(ReturnCode.SaleRegistrationInProgress);
    // Bad bodies and no login.
    expect((await c.t.post('/nft/all/sale', { ...body, listing: undefined })).returnCode).toBe(
      ReturnCode.MissingParameters,
    );
    expect((await c.t.post('/nft/all/sale', { ...body, saleType: 2 })).returnCode).toBe(ReturnCode.AuctionSingleOnly); // this item has several pieces: auctions take single items
    expect((await c.t.post('/nft/all/sale', { ...body, salePrice: '-1' })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await c.t.post('/nft/all/sale', { ...body, ticketId: 'nope' })).returnCode).not.toBe(0);
    expect((await c.t.post('/nft/all/sale', { productId: item.productId })).returnCode).toBe(ReturnCode.NoTicket);
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 3, on_sale: 1, reserved: 0 });
    const rows = await c.t.db
      .selectFrom('listings')
      .select('listing_idx')
      .where('item_idx', '=', item.productId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers every purchase code; cancel withdraws at once and the on-chain cancel is recorded once', async () => {
    const item = await publish(c, alice, 4);
    const lazy = { editionSize: 4, royaltyBps: 500 };
    const a = await list(c, alice, item, { quantity: 2, price: 2n * TOKEN, lazy });
    const id = (a.res.body.data as { instanceId: number }).instanceId;
    expect((await purchase(bob, 999_999, 1)).returnCode).toBe(ReturnCode.NoInstanceOnSale);
    expect((await purchase(alice, id, 1)).returnCode).toBe(ReturnCode.NoAuthority);
    expect((await purchase(bob, id, 3)).returnCode).toBe(ReturnCode.NotEnoughRemaining);
    expect((await purchase(bob, id, 0)).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await purchase(bob, id, 2)).returnCode).toBe(0);
    expect((await purchase(carol, id, 1)).returnCode).toBe(ReturnCode.InstanceAwaitingTrade);

    // Only the seller cancels; the reply is the signed listing for the on-chain cancel.
    expect((await c.t.post('/nft/cancel/sale', { ...bob.auth, instanceId: id })).returnCode).toBe(
      ReturnCode.NotProductOwner,
    );
    const cancel = await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId: id });
    expect(cancel.returnCode).toBe(0);
    expect((await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId: id })).returnCode).toBe(
      ReturnCode.NoInstanceOnSale,
    );
    expect((await purchase(carol, id, 1)).returnCode).toBe(ReturnCode.NotOnSale);
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 4, on_sale: 0, reserved: 0 });
    expect(
      (
        await c.t.db
          .selectFrom('items')
          .select('sale_type')
          .where('item_idx', '=', item.productId)
          .executeTakeFirstOrThrow()
      ).sale_type,
    ).toBeNull();
    const { listingFrom } = await import('../../../../test/chain');
    const signed = listingFrom((cancel.body.data as { listing: Record<string, string> }).listing);
    await alice.mined(
      await alice.wallet.writeContract({
        address: c.d.market,
        abi: marketAbi,
        functionName: 'cancelListing',
        args: [signed],
      }),
    );
    await indexer.catchUp();
    const events = await c.t.db
      .selectFrom('trade_history')
      .select('event_type')
      .where('item_idx', '=', item.productId)
      .execute();
    expect(events.filter((e) => e.event_type === HistoryEvent.ListCancel)).toHaveLength(1);

    // Expired: a listing whose time ran out; sold out: every piece bought and indexed.
    const short = await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy, expirySeconds: 120 });
    const shortId = (short.res.body.data as { instanceId: number }).instanceId;
    const shortExpires = Date.parse((short.res.body.data as { expireDate: string }).expireDate);
    const all = await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy });
    const allId = (all.res.body.data as { instanceId: number }).instanceId;
    const p = await purchase(bob, allId, 1);
    await bob.buy(p.body.data as PurchaseData);
    await indexer.catchUp();
    expect((await purchase(carol, allId, 1)).returnCode).toBe(ReturnCode.SoldOut);
    // The app's clock moves past the listing's expiry (no sleep): refused as expired, before any reservation.
    clock.aheadMs = shortExpires - Date.now() + 1_000;
    try {
      expect((await purchase(carol, shortId, 1)).returnCode).toBe(ReturnCode.TimeExpired);
    } finally {
      clock.aheadMs = 0;
    }
  });

  it('100 parallel buyers for the last piece: one reservation, one settlement', async () => {
    const item = await publish(c, alice, 1);
    const { res } = await list(c, alice, item, {
      quantity: 1,
      price: 5n * TOKEN,
      symbol: 'KLAY',
      lazy: { editionSize: 1, royaltyBps: 500 },
    });
    const id = (res.body.data as { instanceId: number }).instanceId;
    const buyers = [bob, carol];
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => purchase(buyers[i % 2]!, id, 1)));
    // The winner's other requests get its one reservation back (a second tab); the other buyer's get 271. A request
    // whose chain read found the node too busy (100 at once on a loaded machine) answers 133, never a second piece.
    const busy = ReturnCode.Erc20ApiError;
    expect(
      [...new Set(replies.map((r) => r.returnCode))].filter(
        (code) => ![0, ReturnCode.InstanceAwaitingTrade, busy].includes(code),
      ),
    ).toEqual([]);
    const won = replies.filter((r) => r.returnCode === 0);
    expect(new Set(won.map((r) => (r.body.data as { psdId: string }).psdId)).size).toBe(1);
    const first = (won[0]!.body.data as PurchaseData).reservation.buyer;
    const codesOf = (winner: boolean) =>
      new Set(replies.filter((_, i) => (buyers[i % 2]!.address === first) === winner).map((r) => r.returnCode));
    expect([...codesOf(true)].every((code) => code === 0 || code === busy)).toBe(true);
    expect([...codesOf(false)].every((code) => code === ReturnCode.InstanceAwaitingTrade || code === busy)).toBe(true);
    expect(replies.filter((r) => r.returnCode === busy).length, 'answered 133 (the node busy)').toBeLessThan(50);
    const open = await c.t.db
      .selectFrom('reservations')
      .select('reservation_id')
      .where('listing_idx', '=', String(id))
      .execute();
    expect(open).toHaveLength(1);
    const winner = (won[0]!.body.data as PurchaseData).reservation.buyer === bob.address ? bob : carol;
    await winner.buy(won[0]!.body.data as PurchaseData);
    await indexer.catchUp();
    const l = await c.t.db
      .selectFrom('listings')
      .select(['remaining', 'reserved', 'state'])
      .where('listing_idx', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 0, reserved: 0, state: 2 });
    expect(await inventory(item.productId, winner.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    const sales = await c.t.db
      .selectFrom('trade_history')
      .select('event_type')
      .where('item_idx', '=', item.productId)
      .where('event_type', '=', HistoryEvent.LazyMintSale)
      .execute();
    expect(sales).toHaveLength(1);
    expect((await purchase(buyers[0]!, id, 1)).returnCode).toBe(ReturnCode.SoldOut);
  });
});
