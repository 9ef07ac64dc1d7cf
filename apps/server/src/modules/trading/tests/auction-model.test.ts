/**
 * A property test through the API and the chain: seeded random bids (some too low), withdrawals, cancels, time
 * travel and keeper runs by several members on two KLAY auctions. After every step the database's auctions and
 * bids equal what the Market says (status, top bid, the bids in escrow), and the Market's KLAY equals the bids in
 * escrow plus the withdrawable balances the indexer recorded.
 */
import { cancelAuctionCall, cancelBidCall, marketAbi } from '@att/contracts';
import { AuctionState, BidState, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish, trader, type Trader } from '../../../../test/chain';
import { minimumBid } from '../auction-views';
import { auctionRow, bid, startAuction, testKeeper, travel } from './auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), s | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Market's auction status as our state (None 0, Active 1, Cancelled 2, Ended 3, Voided 4 are the same numbers). */
async function checkAgainstChain(ids: number[]) {
  let escrow = 0n;
  for (const id of ids) {
    const onChain = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getAuction',
      args: [BigInt(id)],
    });
    const live = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'liveBids',
      args: [BigInt(id)],
    });
    const row = await auctionRow(id);
    expect(row.state, `auction ${id} state`).toBe(Number(onChain.status));
    if (row.state === AuctionState.Active) {
      expect(row.top_bid === null ? 0n : BigInt(row.top_bid)).toBe(onChain.topBid);
      expect(row.top_bidder ?? '0x0000000000000000000000000000000000000000').toBe(onChain.topBidder.toLowerCase());
    }
    // The bids the database holds in escrow: live ones, but not the winning bid once it was paid out.
    const bids = await c.t.db
      .selectFrom('auction_bids')
      .select(['bidder_address', 'amount'])
      .where('auction_id', '=', String(id))
      .where('state', '=', BidState.Active)
      .execute();
    const held = bids
      .filter((b) => !(row.state === AuctionState.Ended && b.bidder_address === row.winner_address))
      .map((b) => [b.bidder_address, String(b.amount)])
      .sort();
    expect(held, `auction ${id} escrow`).toEqual(live.map((b) => [b.bidder.toLowerCase(), String(b.amount)]).sort());
    escrow += live.reduce((n, b) => n + b.amount, 0n);
  }
  const credits = await c.t.db
    .selectFrom('withdrawable_balances')
    .select('amount')
    .where('token_address', '=', '0x0000000000000000000000000000000000000000')
    .execute();
  const withdrawable = credits.reduce((n, r) => n + BigInt(r.amount), 0n);
  expect(await c.client.getBalance({ address: c.d.market })).toBe(escrow + withdrawable);
}

describe('property: the database follows the Market through random auction steps', () => {
  it('keeps auctions, bids and escrow equal to the chain after every step', async () => {
    const dave = await trader(c, 4);
    const members: Trader[] = [alice, bob, carol, dave];
    const rand = prng(20261126);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const ids: number[] = [];
    const sellers = new Map<number, Trader>();
    for (const seller of [alice, bob]) {
      const item = await publish(c, seller, 1);
      const id = await startAuction(seller, item.productId, {
        price: TOKEN,
        symbol: 'KLAY',
        minutes: 30 + Math.floor(rand() * 30),
      });
      ids.push(id);
      sellers.set(id, seller);
    }
    const keeper = await testKeeper();
    await indexer.catchUp();
    await checkAgainstChain(ids);
    const sent = async (f: () => Promise<unknown>) => {
      try {
        await f();
      } catch {
        // The Market refused (a cancel inside the last window, a top bid, nothing to withdraw): nothing changed.
      }
    };
    for (let step = 0; step < 30; step++) {
      const id = pick(ids);
      const seller = sellers.get(id)!;
      const roll = rand();
      if (roll < 0.45) {
        const who = pick(members.filter((m) => m !== seller));
        const row = await auctionRow(id);
        const min = minimumBid({
          start_price: String(row.start_price),
          top_bid: row.top_bid === null ? null : String(row.top_bid),
          raise_bps: row.raise_bps,
        });
        const low = rand() < 0.2;
        const code = await bid(who, id, low ? min - 1n : min + BigInt(Math.floor(rand() * 1000)) * 10n ** 15n).catch(
          () => -1,
        );
        if (low) expect([ReturnCode.BidTooLow, ReturnCode.NotOnSale, ReturnCode.TimeExpired]).toContain(code);
      } else if (roll < 0.65) {
        const who = pick(members);
        await sent(async () => who.mined(await who.wallet.writeContract(cancelBidCall(c.d.market, BigInt(id)))));
      } else if (roll < 0.75) {
        const live = await c.client.readContract({
          address: c.d.market,
          abi: marketAbi,
          functionName: 'liveBids',
          args: [BigInt(id)],
        });
        await sent(async () =>
          seller.mined(await seller.wallet.writeContract(cancelAuctionCall(c.d.market, BigInt(id), live.length))),
        );
      } else if (roll < 0.9) {
        await travel(Math.floor(rand() * 20 * 60));
      } else {
        await keeper.run(new Date(Date.now() + step * 61_000));
      }
      await indexer.catchUp();
      await checkAgainstChain(ids);
    }
    // At the end every auction settles, and every losing bid can be withdrawn.
    await travel(3 * 3600);
    await keeper.run(new Date(Date.now() + 3_600_000));
    await indexer.catchUp();
    for (const id of ids) expect([AuctionState.Cancelled, AuctionState.Ended]).toContain((await auctionRow(id)).state);
    for (const id of ids)
      for (const m of members)
        await sent(async () => m.mined(await m.wallet.writeContract(cancelBidCall(c.d.market, BigInt(id)))));
    await indexer.catchUp();
    await checkAgainstChain(ids);
  }, 300_000);
});
