/** `/nft/all/sale` saleType 2 and `/nft/instance/bid`: every code, hostile bodies and foreign tickets, on a real chain. */
import { auctionFromWire, marketDomain, marketTypedData } from '@att/contracts';
import { AuctionState, ReturnCode, type AuctionSaleData } from '@att/shared';
import { recoverTypedDataAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { VALIDATOR, list, publish } from '../../../../test/chain';
import { askAuction, auctionRow, bid, startAuction } from './auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const TENTH = TOKEN / 10n;

describe('selling by auction (saleType 2)', () => {
  it('signs the Auction terms of a single item: lazy for the creator’s unminted piece, signed by the validator', async () => {
    const item = await publish(c, alice, 1);
    const r = await askAuction(alice, item.productId, { price: TENTH, minutes: 90 });
    expect(r.returnCode).toBe(0);
    const d = r.body.data as AuctionSaleData;
    expect(d.auc).toMatchObject({
      seller: alice.address,
      itemId: item.tokenId,
      startPrice: String(TENTH),
      isMinting: true,
      editionSize: '1',
      royaltyBps: '500',
    });
    expect(d.auc.token).toBe('0x0000000000000000000000000000000000000000');
    const now = Math.floor(Date.now() / 1000);
    expect(Number(d.auc.endTime) - now).toBeGreaterThan(89 * 60);
    expect(Number(d.auc.endTime) - now).toBeLessThanOrEqual(90 * 60 + 5);
    const signer = await recoverTypedDataAddress({
      ...marketTypedData(marketDomain(c.t.config.chainId, c.d.market), 'Auction', auctionFromWire(d.auc)),
      signature: d.signResult as Hex,
    });
    expect(signer).toBe(VALIDATOR);
    // Not live until the chain registers it: no auction row is live, no bid is taken.
    expect((await auctionRow(d.bsdId)).state).toBe(AuctionState.Signed);
    expect(await bid(bob, d.bsdId, TOKEN)).toBe(ReturnCode.NotOnSale);
  });

  it('answers 275 for multi-edition items and quantities, 5 below 0.1 or past 6 months, 258, 274, 273 and 280', async () => {
    const multi = await publish(c, alice, 3);
    expect((await askAuction(alice, multi.productId, { price: TOKEN })).returnCode).toBe(ReturnCode.AuctionSingleOnly);
    const single = await publish(c, alice, 1);
    expect((await askAuction(alice, single.productId, { price: TOKEN, quantity: 2 })).returnCode).toBe(
      ReturnCode.AuctionSingleOnly,
    );
    expect((await askAuction(alice, single.productId, { price: TENTH - 1n })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await askAuction(alice, single.productId, { price: 2n ** 96n })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await askAuction(alice, single.productId, { price: TOKEN, minutes: 180 * 24 * 60 + 1 })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await askAuction(alice, 2_000_000, { price: TOKEN })).returnCode).toBe(ReturnCode.ProductNotFound);
    expect((await askAuction(bob, single.productId, { price: TOKEN })).returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await askAuction(alice, single.productId, { price: TOKEN, minutes: 180 * 24 * 60 })).returnCode).toBe(0);
    // Listed at a fixed price: 273 (withdraw it first).
    const listed = await publish(c, carol, 1);
    expect(
      (await list(c, carol, listed, { quantity: 1, price: 2n * TOKEN, lazy: { editionSize: 1, royaltyBps: 500 } })).res
        .returnCode,
    ).toBe(0);
    expect((await askAuction(carol, listed.productId, { price: TOKEN })).returnCode).toBe(ReturnCode.ItemOnSale);
    // On auction: 280, for anyone.
    const onAuction = await publish(c, carol, 1);
    await startAuction(carol, onAuction.productId, { price: TOKEN });
    await indexer.catchUp();
    expect((await askAuction(carol, onAuction.productId, { price: TOKEN })).returnCode).toBe(ReturnCode.ItemInAuction);
    expect((await askAuction(bob, onAuction.productId, { price: TOKEN })).returnCode).toBe(ReturnCode.ItemInAuction);
  });

  it('hostile bodies get 3, 5 or 6, foreign or missing tickets 27 or 29, and write nothing', async () => {
    const item = await publish(c, bob, 1);
    const body = {
      ...bob.auth,
      productId: item.productId,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'ATT',
      salePrice: String(TOKEN),
      expireMinute: 60,
    };
    const before = await c.t.db
      .selectFrom('auctions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const bad of [
      { saleType: 3 },
      { saleType: '2' },
      { salePrice: '-1' },
      { salePrice: '1e18' },
      { salePrice: 1e18 },
      { saleSymbol: 'BTC' },
      { expireMinute: 0 },
      { expireMinute: 1.5 },
      { productId: 0 },
    ]) {
      expect([ReturnCode.ValidationFailed, ReturnCode.MissingParameters], JSON.stringify(bad)).toContain(
        (await c.t.post('/nft/all/sale', { ...body, ...bad })).returnCode,
      );
    }
    expect((await c.t.post('/nft/all/sale', { ...body, salePrice: undefined })).returnCode).toBe(
      ReturnCode.MissingParameters,
    );
    // A fixed-price sale still needs its signed listing.
    expect((await c.t.post('/nft/all/sale', { ...body, saleType: 1 })).returnCode).toBe(ReturnCode.MissingParameters);
    expect((await c.t.post('/nft/all/sale', { ...body, ticketId: undefined })).returnCode).toBe(ReturnCode.NoTicket);
    expect((await c.t.post('/nft/all/sale', { ...body, ticketId: alice.auth.ticketId })).returnCode).toBe(
      ReturnCode.TicketValidationFailed,
    );
    expect(
      (await c.t.post('/nft/all/sale', { ...body, id: alice.auth.id, ticketId: alice.auth.ticketId })).returnCode,
    ).toBe(ReturnCode.NotProductOwner);
    const after = await c.t.db
      .selectFrom('auctions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    for (const bad of [{ instanceIdx: 0 }, { instanceIdx: '1' }, { price: '-1' }, { price: 1 }, { price: '0x10' }]) {
      expect([ReturnCode.ValidationFailed, ReturnCode.MissingParameters], JSON.stringify(bad)).toContain(
        (await c.t.post('/nft/instance/bid', { ...bob.auth, instanceIdx: 1, price: '1', ...bad })).returnCode,
      );
    }
    expect((await c.t.post('/nft/instance/bid', { instanceIdx: 1, price: '1' })).returnCode).toBe(ReturnCode.NoTicket);
    expect((await c.t.post('/nft/instance/bid/list', { instanceIdx: -1 })).returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    expect((await c.t.post('/nft/instance/bid/list', { instanceIdx: 2_000_000 })).returnCode).toBe(
      ReturnCode.NoInstanceOnSale,
    );
    expect((await c.t.post('/nft/withdrawable/list', {})).returnCode).toBe(ReturnCode.NoTicket);
    expect((await c.t.post('/nft/withdrawable/list', { ...bob.auth, ticketId: alice.auth.ticketId })).returnCode).toBe(
      ReturnCode.TicketValidationFailed,
    );
  });

  it('checks bids as the Market does: 270, 2 for the seller, 276 below the start price or the raise, 85 after the end', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    await indexer.catchUp();
    expect(await bid(bob, 2_000_000, TOKEN)).toBe(ReturnCode.NoInstanceOnSale);
    expect(await bid(alice, id, TOKEN)).toBe(ReturnCode.NoAuthority);
    expect(await bid(bob, id, TOKEN - 1n)).toBe(ReturnCode.BidTooLow);
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await indexer.catchUp();
    // The raise in force at registration (5%), rounded up as the Market rounds.
    expect(await bid(carol, id, (TOKEN * 105n) / 100n - 1n)).toBe(ReturnCode.BidTooLow);
    const check = await c.t.post('/nft/instance/bid', {
      ...carol.auth,
      instanceIdx: id,
      price: String((TOKEN * 105n) / 100n),
    });
    expect(check.returnCode).toBe(0);
    expect(check.body.data).toMatchObject({
      minimumBid: String((TOKEN * 105n) / 100n),
      currentBid: '0',
      symbol: 'ATT',
      auctionId: String(id),
    });
    const mine = await c.t.post('/nft/instance/bid', { ...bob.auth, instanceIdx: id, price: String(2n * TOKEN) });
    expect((mine.body.data as { currentBid: string }).currentBid).toBe(String(TOKEN));
    const row = await auctionRow(id);
    await c.t.db
      .updateTable('auctions')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where('auction_id', '=', String(id))
      .execute();
    expect(await bid(carol, id, 2n * TOKEN)).toBe(ReturnCode.TimeExpired);
    await c.t.db.updateTable('auctions').set({ ends_at: row.ends_at }).where('auction_id', '=', String(id)).execute();
  });
});
