/**
 * A whole auction through the API and the chain: register (lazy mint into escrow), bid, outbid, withdraw, raise,
 * a bid in the last 10 minutes that moves the end, the keeper settling with nobody clicking (fee and royalty
 * exact), the losing bid withdrawn after the end; a second auction without bids returns the piece. The
 * marketplace's auction filter and bid orders read the live auction. A visitor's socket watching the item hears
 * each bid and the cancellation the indexer applies (the item's public event).
 */
import { cancelAuctionCall, cancelBidCall } from '@att/contracts';
import type { AddressInfo } from 'node:net';
import { ALERT_SOCKET_PATH, AlertStatus, AuctionState, BidState, HistoryEvent, ITEM_EVENT } from '@att/shared';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FEE_RECEIVER, publish } from '../../../../test/chain';
import { auctionRow, bid, bidRows, startAuction, testKeeper, travel } from './auction-fixture';
import { alice, bob, c, carol, indexer, inventory, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const market = () => c.d.market.toLowerCase();
const chainNow = async () => Number((await c.client.getBlock()).timestamp);
const endOf = async (id: number) => Math.floor(new Date((await auctionRow(id)).ends_at).getTime() / 1000);
const marketGrid = async (o: Record<string, unknown>) =>
  (await c.t.post('/nft/instance/list', { filterStatus: [2], pageSize: 100, ...o })).body.list as {
    productId: number;
    bidCount: number;
    bidMaxPrice: string | null;
    saleExpireDate: string | null;
  }[];

describe('an English auction from registration to settlement', () => {
  it("a visitor's socket watching the item hears each bid the indexer applies, as the item's public event", async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 60 });
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    // Not signed in: item events are public.
    const ws = new WebSocket(`ws://127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}${ALERT_SOCKET_PATH}`);
    const got: unknown[] = [];
    ws.on('message', (d) => got.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    let cancelled = false;
    try {
      await indexer.catchUp();
      ws.send(JSON.stringify({ watch: [item.productId] }));
      // The answer comes first; the auction's own registration may already follow it (the indexer runs beside).
      await vi.waitUntil(() => got.length >= 1, { timeout: 30_000 }).catch(() => expect.fail('no answer to the watch'));
      expect(got[0]).toMatchObject({ status: AlertStatus.Ok });
      // Each change the indexer applies tells the watchers at its commit: at least one event more after each step (a
      // step applied in two commits tells twice; an event is "read the item again", so a repeat is harmless).
      const heardAnother = async (what: string, step: () => Promise<unknown>) => {
        const before = got.length;
        await step();
        await indexer.catchUp();
        await vi
          .waitUntil(() => got.length > before, { timeout: 30_000, interval: 20 })
          .catch(() => expect.fail(`no item event after ${what}`));
      };
      await heardAnother("Bob's bid", async () => expect(await bid(bob, id, TOKEN)).toBe(0));
      await heardAnother("Carol's bid", async () => expect(await bid(carol, id, 2n * TOKEN)).toBe(0));
      // The seller cancels (both bids are refunded): one more event; the auction is off the keeper's list.
      await heardAnother('the cancellation', async () =>
        alice.mined(await alice.wallet.writeContract(cancelAuctionCall(c.d.market, BigInt(id), 2))),
      );
      cancelled = true;
      expect(got[0]).toEqual({ status: 0 });
      expect(got.slice(1)).toEqual(
        Array.from({ length: got.length - 1 }, () => ({
          event: ITEM_EVENT,
          status: 0,
          data: { productIdx: item.productId },
        })),
      );
      expect(await auctionRow(id)).toMatchObject({ state: AuctionState.Cancelled });
    } finally {
      ws.close();
      // Failed midway, its auction must not stay live for the next test's keeper and clock.
      if (!cancelled)
        await alice
          .mined(await alice.wallet.writeContract(cancelAuctionCall(c.d.market, BigInt(id), 2)))
          .then(() => indexer.catchUp())
          .catch(() => undefined);
    }
  }, 150_000);

  it('runs to settlement by the keeper, and an auction without bids returns the piece', async () => {
    const item = await publish(c, alice, 1);
    const unsold = await publish(c, bob, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 60 });
    const idUnsold = await startAuction(bob, unsold.productId, { price: TOKEN / 10n, symbol: 'ATT', minutes: 30 });
    await indexer.catchUp();
    expect(await auctionRow(id)).toMatchObject({
      state: AuctionState.Active,
      fee_bps: 250,
      raise_bps: 500,
      extension_seconds: 600,
      bid_count: 0,
    });
    expect(await inventory(item.productId, market())).toMatchObject({ amount: 1 });
    const listed = (await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list as {
      instanceId: number;
      saleType: number;
      auctionId: string;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({ instanceId: id, saleType: 2, auctionId: String(id), bidMaxPrice: null, bidCount: 0 }),
    ]);

    // Bob bids, Carol outbids; Bob's outbid bid stays live as a backup until he withdraws it.
    expect(await bid(bob, id, TOKEN)).toBe(0);
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await indexer.catchUp();
    expect((await bidRows(id)).map((b) => [b.memberAddress, b.price, b.state])).toEqual([
      [carol.address, String(2n * TOKEN), BidState.Active],
      [bob.address, String(TOKEN), BidState.Active],
    ]);
    await bob.mined(await bob.wallet.writeContract(cancelBidCall(c.d.market, BigInt(id))));
    // Bob bids again; Carol raises her own bid, which replaces her earlier one.
    expect(await bid(bob, id, 3n * TOKEN)).toBe(0);
    expect(await bid(carol, id, 4n * TOKEN)).toBe(0);
    await indexer.catchUp();
    expect((await bidRows(id)).map((b) => [b.memberAddress, b.price, b.state])).toEqual([
      [carol.address, String(4n * TOKEN), BidState.Active],
      [bob.address, String(3n * TOKEN), BidState.Active],
      [carol.address, String(2n * TOKEN), BidState.Canceled],
      [bob.address, String(TOKEN), BidState.DirectCancel],
    ]);
    // The marketplace's auction filter and bid orders see it: the most bids first, the fewest first.
    const most = await marketGrid({ orderType: 6 });
    expect(most[0]).toMatchObject({ productId: item.productId, bidCount: 4, bidMaxPrice: String(4n * TOKEN) });
    expect(most.map((m) => m.productId)).toContain(unsold.productId);
    expect((await marketGrid({ orderType: 7 })).at(-1)?.productId).toBe(item.productId);
    const closing = (await marketGrid({ orderType: 3 })).map((m) => m.productId);
    expect(closing.indexOf(unsold.productId)).toBeLessThan(closing.indexOf(item.productId));

    // A bid 5 minutes before the end moves the end 10 minutes on.
    const end0 = await endOf(id);
    await travel(end0 - (await chainNow()) - 300);
    expect(await bid(bob, id, 5n * TOKEN)).toBe(0);
    await indexer.catchUp();
    const end1 = await endOf(id);
    expect(end1).toBe(end0 + 600);
    const live = (await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list as {
      expireDate: string;
    }[];
    expect(live[0]!.expireDate).toBe(new Date(end1 * 1000).toISOString());

    // The keeper: the unsold auction has ended (its piece goes back), the other has not.
    const keeper = await testKeeper();
    expect(await keeper.run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    expect(await auctionRow(idUnsold)).toMatchObject({ state: AuctionState.Ended, winner_address: null });
    expect(await inventory(unsold.productId, bob.address)).toMatchObject({ amount: 1 });
    expect(await auctionRow(id)).toMatchObject({ state: AuctionState.Active });

    // Past the moved end: settled to the top bid with nobody clicking; the fee and the seller's share exact.
    await travel(end1 - (await chainNow()) + 1);
    const [feeBefore, sellerBefore] = await Promise.all([
      c.client.getBalance({ address: FEE_RECEIVER }),
      c.client.getBalance({ address: alice.address }),
    ]);
    expect(await keeper.run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    const price = 5n * TOKEN;
    const fee = (price * 250n) / 10_000n;
    expect((await c.client.getBalance({ address: FEE_RECEIVER })) - feeBefore).toBe(fee);
    // Alice is the seller and the creator: the price less the fee (royalty included).
    expect((await c.client.getBalance({ address: alice.address })) - sellerBefore).toBe(price - fee);
    expect(await auctionRow(id)).toMatchObject({ state: AuctionState.Ended, winner_address: bob.address });
    expect(await inventory(item.productId, bob.address)).toMatchObject({ amount: 1 });
    expect(await inventory(item.productId, market())).toMatchObject({ amount: 0 });
    const it = await c.t.db
      .selectFrom('items')
      .select(['sale_type', 'last_price', 'trade_count', 'bid_count', 'bid_max_price'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect({ ...it, last_price: String(it.last_price) }).toEqual({
      sale_type: null,
      last_price: String(price),
      trade_count: 1,
      bid_count: 0,
      bid_max_price: null,
    });
    const history = await c.t.db
      .selectFrom('trade_history')
      .select(['event_type', 'royalty'])
      .where('item_idx', '=', item.productId)
      .orderBy('history_idx')
      .execute();
    expect(history.map((h) => h.event_type)).toEqual([
      HistoryEvent.AuctionStart,
      HistoryEvent.Mint,
      HistoryEvent.Bid,
      HistoryEvent.Bid,
      HistoryEvent.BidCancel,
      HistoryEvent.Bid,
      HistoryEvent.Bid,
      HistoryEvent.Bid,
      HistoryEvent.AuctionWin,
    ]);
    expect(String(history.at(-1)!.royalty)).toBe(String((price * 500n) / 10_000n));
    const noBids = await c.t.db
      .selectFrom('trade_history')
      .select('event_type')
      .where('item_idx', '=', unsold.productId)
      .orderBy('history_idx')
      .execute();
    expect(noBids.map((h) => h.event_type)).toEqual([
      HistoryEvent.AuctionStart,
      HistoryEvent.Mint,
      HistoryEvent.AuctionNoBids,
    ]); // minted into escrow, then returned

    // Carol's losing bid stays in escrow until she withdraws it: her withdrawable list shows it, the winner's none.
    const NATIVE = '0x0000000000000000000000000000000000000000';
    expect((await c.t.post('/nft/withdrawable/list', { ...carol.auth })).body.list).toEqual([
      {
        symbol: 'KLAY',
        token: NATIVE,
        amount: String(4n * TOKEN),
        auctionId: String(id),
        productIdx: item.productId,
        pdName: expect.any(String),
      },
    ]);
    expect((await c.t.post('/nft/withdrawable/list', { ...bob.auth })).body.list).toEqual([]);
    const carolBefore = await c.client.getBalance({ address: carol.address });
    const r = await carol.mined(await carol.wallet.writeContract(cancelBidCall(c.d.market, BigInt(id))));
    expect((await c.client.getBalance({ address: carol.address })) - carolBefore).toBe(
      4n * TOKEN - r.gasUsed * r.effectiveGasPrice,
    );
    await indexer.catchUp();
    expect((await bidRows(id)).find((b) => b.price === String(4n * TOKEN))?.state).toBe(BidState.DirectCancel);
    expect((await c.t.post('/nft/withdrawable/list', { ...carol.auth })).body.list).toEqual([]);
    // Nothing left for the keeper.
    await travel(120);
    expect(await keeper.run(new Date(Date.now() + 120_000))).toEqual([]);
  });

  it('shows withdrawable balances to their owner only', async () => {
    const { paymentDeferred } = await import('../indexer/handlers/withdrawable');
    const log = {
      chainId: c.t.config.chainId,
      txHash: `0x${'c'.repeat(64)}`,
      logIndex: 7,
      blockNumber: 1n,
      blockHash: `0x${'d'.repeat(64)}`,
    };
    const chain = c.t.app.trading.chain;
    await c.t.db
      .transaction()
      .execute((trx) =>
        paymentDeferred.apply(
          { trx, log, marketAddress: market(), symbolOf: chain.symbolOf },
          { account: carol.address, token: '0x0000000000000000000000000000000000000000', amount: String(TOKEN) },
        ),
      );
    const mine = await c.t.post('/nft/withdrawable/list', { ...carol.auth });
    expect(mine.body.list).toEqual([
      {
        symbol: 'KLAY',
        token: '0x0000000000000000000000000000000000000000',
        amount: String(TOKEN),
        auctionId: null,
        productIdx: null,
        pdName: null,
      },
    ]);
    expect((await c.t.post('/nft/withdrawable/list', { ...bob.auth })).body.list).toEqual([]);
  });
});
