import { getAddress, parseEventLogs, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { AuctionParams } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { GAS_LIMITS, cancelAuctionGasLimit } from '../../src/gas';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
let seller: Address, bidder: Address, other: Address, buyer: Address, author: Address, feeReceiver: Address;
beforeAll(async () => {
  f = await setup();
  [seller, bidder, other, buyer, author, feeReceiver] = [
    ROLE.seller,
    ROLE.bidder,
    ROLE.other,
    ROLE.buyer,
    ROLE.author,
    ROLE.feeReceiver,
  ].map((r) => f.addr[r]!) as [Address, Address, Address, Address, Address, Address];
  await f.approveAll();
  await f.mintTo(seller, f.ITEM, 1n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const register = async (o: Partial<AuctionParams> = {}, who: number = ROLE.seller) => {
  const p = await f.auctionParams(o);
  const receipt = await f.market(who, 'registerAuction', [p, await f.sign('Auction', p)]);
  return { p, receipt };
};
const bid = (who: number, id: bigint, amount: bigint, value?: bigint) => f.market(who, 'placeBid', [id, amount], value);
type AuctionView = {
  seller: Address;
  endTime: bigint;
  status: number;
  feeBps: number;
  raiseBps: number;
  extension: number;
  topBidder: Address;
  topBid: bigint;
  startPrice: bigint;
};
const auction = (id: bigint) => f.readMarket<AuctionView>('getAuction', [id]);
const bidOf = (id: bigint, a: Address) => f.readMarket<bigint>('bidOf', [id, a]);
const events = (r: { logs: never[] } | { logs: unknown[] }) =>
  parseEventLogs({ abi: marketAbi, logs: r.logs as never }).map((e) => [e.eventName, e.args] as const);

describe('registerAuction', () => {
  it('escrows the single piece and records the auction with the terms in force', async () => {
    const { p, receipt } = await register();
    expect(await f.itemBalance(f.d.market, f.ITEM)).toBe(1n);
    expect(await f.itemBalance(seller, f.ITEM)).toBe(0n);
    expect(await auction(p.id)).toMatchObject({
      seller,
      endTime: p.endTime,
      status: 1,
      feeBps: 250,
      raiseBps: 500,
      extension: 600,
      startPrice: p.startPrice,
      topBid: 0n,
    });
    const [ev] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'AuctionRegistered' });
    expect(ev!.args).toMatchObject({
      auctionId: p.id,
      seller,
      itemId: f.ITEM,
      startPrice: p.startPrice,
      endTime: p.endTime,
      isMinting: false,
      feeBps: 250n,
      raiseBps: 500n,
      extension: 600n,
    });
    expect(await f.readMarket('isIdUsed', [2, p.id])).toBe(true);
  });

  it("a minting auction mints the creator's piece into escrow at registration (the creator's own transaction)", async () => {
    const id = itemOf(author, 77n);
    const { p } = await register(
      { itemId: id, seller: author, isMinting: true, editionSize: 1n, royaltyBps: 300n },
      ROLE.author,
    );
    expect(await f.itemBalance(f.d.market, id)).toBe(1n);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([1n, 300n, 1n]);
    expect((await auction(p.id)).seller).toBe(author);
    // nobody else can register a minting auction of the creator's item
    await expectRevert(register({ itemId: itemOf(author, 78n), isMinting: true, editionSize: 1n }), 'ItemsNotCreator');
  });

  it('checks caller, signature, expiry, id, collection, token, start price and end time', async () => {
    const p = await f.auctionParams();
    const sig = await f.sign('Auction', p);
    await expectRevert(f.market(ROLE.other, 'registerAuction', [p, sig]), 'MarketUnauthorizedCaller', [other, seller]);
    await expectRevert(
      f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p, ANVIL_KEYS[ROLE.other])]),
      'MarketInvalidSignature',
    );
    const late = await f.auctionParams({ expiry: (await f.now()) - 1n });
    await expectRevert(
      f.market(ROLE.seller, 'registerAuction', [late, await f.sign('Auction', late)]),
      'MarketSignatureExpired',
    );
    const bad = async (o: Partial<AuctionParams>, name: string, args?: readonly unknown[]) => {
      const q = await f.auctionParams(o);
      await expectRevert(f.market(ROLE.seller, 'registerAuction', [q, await f.sign('Auction', q)]), name, args);
    };
    await bad({ collection: f.d.att }, 'MarketContractNotAllowed', [f.d.att]);
    await bad({ token: f.d.items }, 'MarketTokenNotAllowed', [f.d.items]);
    await bad({ startPrice: parseEther('0.1') - 1n }, 'MarketPriceTooLow', [parseEther('0.1'), parseEther('0.1') - 1n]);
    await bad({ startPrice: 2n ** 96n }, 'MarketAmountTooHigh', [2n ** 96n - 1n, 2n ** 96n]);
    await bad({ endTime: await f.now() }, 'MarketInvalidEndTime');
    await bad({ endTime: (await f.now()) + 181n * 86_400n }, 'MarketInvalidEndTime');
    await f.market(ROLE.seller, 'registerAuction', [p, sig]);
    await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [p, sig]), 'MarketIdAlreadyUsed', [2, p.id]);
  });
});

describe('the bid book', () => {
  it('first bid from the start price, then the raise over the top bid (rounded up); every live bid stays escrowed', async () => {
    const { p } = await register();
    expect(await f.readMarket('minimumBid', [p.id])).toBe(parseEther('1'));
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1') - 1n), 'MarketBidTooLow', [
      parseEther('1'),
      parseEther('1') - 1n,
    ]);
    const r = await bid(ROLE.bidder, p.id, parseEther('1'));
    expect(events(r)).toEqual([
      ['BidPlaced', { auctionId: p.id, bidder, amount: parseEther('1'), replaced: 0n, endTime: p.endTime }],
    ]);
    expect(await f.readMarket('minimumBid', [p.id])).toBe(parseEther('1.05'));
    await expectRevert(bid(ROLE.other, p.id, parseEther('1.05') - 1n), 'MarketBidTooLow', [
      parseEther('1.05'),
      parseEther('1.05') - 1n,
    ]);
    await bid(ROLE.other, p.id, parseEther('1.05'));
    await bid(ROLE.buyer, p.id, parseEther('2'));
    expect(await f.attBalance(f.d.market)).toBe(parseEther('4.05'));
    expect(await bidOf(p.id, bidder)).toBe(parseEther('1'));
    expect(await bidOf(p.id, other)).toBe(parseEther('1.05'));
    expect(await auction(p.id)).toMatchObject({ topBidder: buyer, topBid: parseEther('2') });
    expect(new Set(await f.readMarket<{ bidder: Address; amount: bigint }[]>('liveBids', [p.id]))).toEqual(
      new Set([
        { bidder, amount: parseEther('1') },
        { bidder: other, amount: parseEther('1.05') },
        { bidder: buyer, amount: parseEther('2') },
      ]),
    );
    await expectRevert(bid(ROLE.other, p.id, 2n ** 96n), 'MarketAmountTooHigh', [2n ** 96n - 1n, 2n ** 96n]);
  });

  it('the same bidder replaces their bid (state 1) and pays only the increase, in ATT or KLAY', async () => {
    for (const token of [f.d.att, KLAY]) {
      const { p } = await register(
        { token, itemId: itemOf(author, 5n), seller: author, isMinting: true, editionSize: 2n },
        ROLE.author,
      );
      const v = (x: bigint) => (token === KLAY ? x : undefined);
      await bid(ROLE.bidder, p.id, parseEther('1'), v(parseEther('1')));
      await bid(ROLE.other, p.id, parseEther('2'), v(parseEther('2')));
      if (token === KLAY)
        await expectRevert(bid(ROLE.bidder, p.id, parseEther('3'), parseEther('3')), 'MarketIncorrectPayment', [
          parseEther('2'),
          parseEther('3'),
        ]);
      const r = await bid(ROLE.bidder, p.id, parseEther('3'), v(parseEther('2')));
      // nothing was refunded: the earlier bid is named as replaced, and only the increase moved in
      expect(events(r)).toEqual([
        [
          'BidPlaced',
          { auctionId: p.id, bidder, amount: parseEther('3'), replaced: parseEther('1'), endTime: p.endTime },
        ],
      ]);
      expect(await bidOf(p.id, bidder)).toBe(parseEther('3'));
      expect((await f.readMarket<unknown[]>('liveBids', [p.id])).length).toBe(2);
    }
  });

  it('any bidder but the top withdraws at any time (state 2), even in the last window and after the end', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await bid(ROLE.other, p.id, parseEther('2'));
    await bid(ROLE.buyer, p.id, parseEther('3'));
    await f.setNextTime(p.endTime - 10n);
    const before = await f.attBalance(bidder);
    const r = await f.market(ROLE.bidder, 'cancelBid', [p.id]);
    expect(events(r)).toEqual([['BidCancelled', { auctionId: p.id, bidder, amount: parseEther('1') }]]);
    expect(await f.attBalance(bidder)).toBe(before + parseEther('1'));
    await f.setNextTime(p.endTime + 10n);
    await f.market(ROLE.other, 'cancelBid', [p.id]);
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketNoBid', [p.id, other]);
    await expectRevert(f.market(ROLE.buyer, 'cancelBid', [p.id]), 'MarketTopBidLocked', [p.id]);
  });

  it('the top bid can never be withdrawn; a withdrawn bid frees its entry and may bid again', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await bid(ROLE.other, p.id, parseEther('2'));
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketTopBidLocked', [p.id]);
    await f.market(ROLE.bidder, 'cancelBid', [p.id]);
    await expectRevert(f.market(ROLE.bidder, 'cancelBid', [p.id]), 'MarketNoBid', [p.id, bidder]);
    await expectRevert(f.market(ROLE.buyer, 'cancelBid', [p.id]), 'MarketNoBid', [p.id, buyer]);
    const r = await bid(ROLE.buyer, p.id, parseEther('3')); // takes the freed entry
    expect(events(r)[0]![1]).toMatchObject({ replaced: 0n });
    const again = await bid(ROLE.bidder, p.id, parseEther('4')); // a fresh bid: nothing to replace
    expect(events(again)[0]![1]).toMatchObject({ replaced: 0n });
    expect(await auction(p.id)).toMatchObject({ topBidder: bidder, topBid: parseEther('4') });
    expect(await f.attBalance(f.d.market)).toBe(parseEther('9'));
  });

  it('a bid in the last window extends the end by the extension stored at registration', async () => {
    const { p } = await register();
    await f.market(ROLE.owner, 'setAuctionDelay', [3600n]);
    await f.setNextTime(p.endTime - 100n);
    const r = await bid(ROLE.bidder, p.id, parseEther('1'));
    expect(events(r)[0]![1]).toMatchObject({ endTime: p.endTime + 600n });
    expect((await auction(p.id)).endTime).toBe(p.endTime + 600n);
  });

  it('checks: active auction, before the end, not the seller, KLAY value exact', async () => {
    await expectRevert(bid(ROLE.bidder, 999n, parseEther('1')), 'MarketAuctionNotActive', [999n]);
    const { p } = await register({ token: KLAY });
    await expectRevert(bid(ROLE.seller, p.id, parseEther('1'), parseEther('1')), 'MarketSellerCannotBid', [p.id]);
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1'), parseEther('0.5')), 'MarketIncorrectPayment', [
      parseEther('1'),
      parseEther('0.5'),
    ]);
    await f.setNextTime(p.endTime);
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1'), parseEther('1')), 'MarketAuctionEnded', [
      p.id,
      p.endTime,
    ]);
  });
});

describe('a bounded bid book', () => {
  it('holds at most 20 live bids: a new bidder beyond that pushes out (refunds) the lowest; the seller cancel refunds all', async () => {
    const { p } = await register({ token: KLAY });
    const bidders = Array.from({ length: 21 }, (_, i) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}` as Address);
    let amount = parseEther('1');
    const sendBid = async (from: Address, value: bigint) => {
      await f.testClient.impersonateAccount({ address: from });
      await f.testClient.setBalance({ address: from, value: parseEther('1000') });
      const hash = await f.wallets[0]!.writeContract({
        address: f.d.market,
        abi: marketAbi,
        functionName: 'placeBid',
        args: [p.id, value],
        value,
        chain: f.chain,
        account: from,
      });
      return f.wait(hash);
    };
    for (const b of bidders.slice(0, 20)) {
      await sendBid(b, amount);
      amount = (amount * 106n) / 100n;
    }
    expect((await f.readMarket<unknown[]>('liveBids', [p.id])).length).toBe(20);
    const lowest = await f.klayBalance(bidders[0]!);
    const r = await sendBid(bidders[20]!, amount);
    expect(events(r)).toEqual([
      ['BidRefunded', { auctionId: p.id, bidder: getAddress(bidders[0]!), amount: parseEther('1') }],
      ['BidPlaced', { auctionId: p.id, bidder: getAddress(bidders[20]!), amount, replaced: 0n, endTime: p.endTime }],
    ]);
    expect(r.gasUsed).toBeLessThan(GAS_LIMITS.placeBid); // scanning the full book still fits the web's limit
    expect(await f.klayBalance(bidders[0]!)).toBe(lowest + parseEther('1'));
    expect(await bidOf(p.id, bidders[0]!)).toBe(0n);
    expect((await f.readMarket<unknown[]>('liveBids', [p.id])).length).toBe(20);
    const escrow = await f.klayBalance(f.d.market);
    const c = await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    expect(events(c).filter((e) => e[0] === 'BidRefunded')).toHaveLength(20);
    expect(c.gasUsed).toBeLessThan(cancelAuctionGasLimit(20));
    expect(escrow).toBeGreaterThan(0n);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});

describe('cancelAuction', () => {
  it('the seller cancels, refunds every live bid (state 1) and gets the piece back', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await bid(ROLE.other, p.id, parseEther('2'));
    await expectRevert(f.market(ROLE.other, 'cancelAuction', [p.id]), 'MarketUnauthorizedCaller', [other, seller]);
    const [b1, b2] = [await f.attBalance(bidder), await f.attBalance(other)];
    const r = await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    expect(events(r).map((e) => e[0])).toEqual(['AuctionCancelled', 'BidRefunded', 'BidRefunded']);
    expect(await f.readMarket('liveBids', [p.id])).toEqual([]);
    expect(await bidOf(p.id, bidder)).toBe(0n);
    await expectRevert(f.market(ROLE.bidder, 'cancelBid', [p.id]), 'MarketNoBid', [p.id, bidder]);
    expect(await f.attBalance(bidder)).toBe(b1 + parseEther('1'));
    expect(await f.attBalance(other)).toBe(b2 + parseEther('2'));
    expect(await f.attBalance(f.d.market)).toBe(0n);
    expect(await f.itemBalance(seller, f.ITEM)).toBe(1n);
    expect((await auction(p.id)).status).toBe(2);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketAuctionNotActive');
  });

  it('is refused within the last extension window once there is a bid; without bids it is allowed any time', async () => {
    const { p } = await register();
    const { p: q } = await register(
      { itemId: itemOf(author, 6n), seller: author, isMinting: true, editionSize: 1n, endTime: p.endTime },
      ROLE.author,
    );
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await f.setNextTime(p.endTime - 600n);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketTooLateToCancel', [p.id, p.endTime]);
    await f.setNextTime(q.endTime + 1n);
    await f.market(ROLE.author, 'cancelAuction', [q.id]);
    expect(await f.itemBalance(author, itemOf(author, 6n))).toBe(1n);
  });
});

describe('endAuction', () => {
  it('delivers to the winner, then pays seller, fee (stored at registration) and Items royalty; losing bids stay withdrawable', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await bid(ROLE.other, p.id, parseEther('10'));
    await f.market(ROLE.owner, 'setMarketFee', [1000n]); // a later change does not touch this auction
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketAuctionNotEnded', [p.id, p.endTime]);
    await f.setNextTime(p.endTime);
    const [s, fr, au] = [await f.attBalance(seller), await f.attBalance(feeReceiver), await f.attBalance(author)];
    const r = await f.market(ROLE.buyer, 'endAuction', [p.id]);
    const fee = parseEther('0.25');
    const royalty = parseEther('0.5');
    expect(events(r)).toEqual([
      ['AuctionEnded', { auctionId: p.id, winner: other, price: parseEther('10'), fee, royalty }],
    ]);
    expect(await f.itemBalance(other, f.ITEM)).toBe(1n);
    expect(await f.attBalance(seller)).toBe(s + parseEther('10') - fee - royalty);
    expect(await f.attBalance(feeReceiver)).toBe(fr + fee);
    expect(await f.attBalance(author)).toBe(au + royalty);
    expect(await f.attBalance(f.d.market)).toBe(parseEther('1')); // the losing bid
    expect(await bidOf(p.id, other)).toBe(0n);
    expect(await f.readMarket('liveBids', [p.id])).toEqual([{ bidder, amount: parseEther('1') }]);
    expect(await auction(p.id)).toMatchObject({ status: 3, topBidder: other, topBid: parseEther('10') });
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketNoBid');
    await f.market(ROLE.bidder, 'cancelBid', [p.id]);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketAuctionNotActive', [p.id]);
  });

  it('without a bid the piece goes back to the seller', async () => {
    const { p } = await register();
    await f.setNextTime(p.endTime);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(events(r)).toEqual([
      [
        'AuctionEnded',
        { auctionId: p.id, winner: '0x0000000000000000000000000000000000000000', price: 0n, fee: 0n, royalty: 0n },
      ],
    ]);
    expect(await f.itemBalance(seller, f.ITEM)).toBe(1n);
  });

  it('the minimum raise is the one stored at registration', async () => {
    const { p } = await register();
    await f.market(ROLE.owner, 'setAvailableRate', [5000n]);
    await bid(ROLE.bidder, p.id, parseEther('1'));
    expect(await f.readMarket('minimumBid', [p.id])).toBe(parseEther('1.05'));
  });
});
