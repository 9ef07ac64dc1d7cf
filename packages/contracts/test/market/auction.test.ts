import { parseEventLogs, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { AuctionParams } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
let seller: Address, bidder: Address, other: Address, author: Address, feeReceiver: Address;
beforeAll(async () => {
  f = await setup();
  [seller, bidder, other, author, feeReceiver] = [ROLE.seller, ROLE.bidder, ROLE.other, ROLE.author, ROLE.feeReceiver].map((r) => f.addr[r]!) as [Address, Address, Address, Address, Address];
  await f.approveAll();
  await f.mintTo(seller, 1n, 1n);
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
type AuctionView = { seller: Address; endTime: bigint; status: number; isMinting: boolean; topBidder: Address; topBid: bigint; startPrice: bigint };
const auction = (id: bigint) => f.readMarket<AuctionView>('getAuction', [id]);

describe('registerAuction', () => {
  it('escrows the single piece and records the auction', async () => {
    const { p, receipt } = await register();
    expect(await f.itemBalance(f.d.market, 1n)).toBe(1n);
    expect(await f.itemBalance(seller, 1n)).toBe(0n);
    const a = await auction(p.id);
    expect(a).toMatchObject({ seller, endTime: p.endTime, status: 1, isMinting: false, startPrice: p.startPrice, topBid: 0n });
    const [ev] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'AuctionRegistered' });
    expect(ev!.args).toMatchObject({ auctionId: p.id, seller, itemId: 1n, startPrice: p.startPrice, endTime: p.endTime, isMinting: false });
    expect(await f.readMarket('isIdUsed', [2, p.id])).toBe(true);
  });

  it('escrows nothing for a lazily minted piece', async () => {
    const { p } = await register({ itemId: 77n, seller: author, isMinting: true }, ROLE.author);
    expect(await f.itemBalance(f.d.market, 77n)).toBe(0n);
    expect((await auction(p.id)).isMinting).toBe(true);
  });

  it('checks caller, signature, expiry, id, quantity, collection, token, royalty, start price and end time', async () => {
    const p = await f.auctionParams();
    const sig = await f.sign('Auction', p);
    await expectRevert(f.market(ROLE.other, 'registerAuction', [p, sig]), 'MarketUnauthorizedCaller', [other, seller]);
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p, ANVIL_KEYS[ROLE.other])]), 'MarketInvalidSignature');
    const late = await f.auctionParams({ expiry: (await f.now()) - 1n });
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [late, await f.sign('Auction', late)]), 'MarketSignatureExpired');
    const bad = async (o: Partial<AuctionParams>, name: string, args?: readonly unknown[]) => {
      const q = await f.auctionParams(o);
      await expectRevert(f.market(ROLE.seller, 'registerAuction', [q, await f.sign('Auction', q)]), name, args);
    };
    await bad({ amount: 2n }, 'MarketAuctionQuantityNotOne', [2n]);
    await bad({ collection: f.d.att }, 'MarketContractNotAllowed', [f.d.att]);
    await bad({ token: other }, 'MarketTokenNotAllowed', [other]);
    await bad({ authorFee: 1001n }, 'MarketRoyaltyTooHigh', [1000n, 1001n]);
    await bad({ startPrice: parseEther('0.1') - 1n }, 'MarketPriceTooLow', [parseEther('0.1'), parseEther('0.1') - 1n]);
    const now = await f.now();
    await bad({ endTime: now }, 'MarketInvalidEndTime');
    await bad({ endTime: now + 180n * 86_400n + 10n }, 'MarketInvalidEndTime');
    await f.market(ROLE.seller, 'registerAuction', [p, sig]);
    await f.mintTo(seller, 1n, 1n);
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [p, sig]), 'MarketIdAlreadyUsed', [2, p.id]);
  });

  it('accepts a start price of exactly 0.1', async () => {
    const { p } = await register({ startPrice: parseEther('0.1') });
    await bid(ROLE.bidder, p.id, parseEther('0.1'));
  });
});

describe('placeBid', () => {
  it('takes the start price first, then top + ceil(top * rate / 10000)', async () => {
    const { p } = await register();
    await expectRevert(bid(ROLE.bidder, p.id, p.startPrice - 1n), 'MarketBidTooLow', [p.startPrice, p.startPrice - 1n]);
    const first = parseEther('1') + 1n;
    await bid(ROLE.bidder, p.id, first);
    // 5% of 1e18 + 1 is 5e16 + 0.05, rounded up to 5e16 + 1
    const min = first + parseEther('0.05') + 1n;
    expect(await f.readMarket('minimumBid', [p.id])).toBe(min);
    await expectRevert(bid(ROLE.other, p.id, min - 1n), 'MarketBidTooLow', [min, min - 1n]);
    await bid(ROLE.other, p.id, min);
    expect((await auction(p.id)).topBidder).toBe(other);
  });

  it('refunds the outbid bidder in the same transaction', async () => {
    const { p } = await register();
    const before = await f.attBalance(bidder);
    await bid(ROLE.bidder, p.id, parseEther('1'));
    expect(await f.attBalance(bidder)).toBe(before - parseEther('1'));
    const r = await bid(ROLE.other, p.id, parseEther('2'));
    expect(await f.attBalance(bidder)).toBe(before);
    expect(await f.attBalance(f.d.market)).toBe(parseEther('2'));
    const refunds = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'BidRefunded' });
    expect(refunds.map((e) => e.args)).toEqual([{ auctionId: p.id, bidder, amount: parseEther('1') }]);
  });

  it('a new bid by the same bidder replaces their earlier one (ATT pulls only the increase)', async () => {
    const { p } = await register();
    const before = await f.attBalance(bidder);
    await bid(ROLE.bidder, p.id, parseEther('1'));
    await bid(ROLE.bidder, p.id, parseEther('1.5'));
    expect(await f.attBalance(bidder)).toBe(before - parseEther('1.5'));
    expect(await f.attBalance(f.d.market)).toBe(parseEther('1.5'));
    expect((await auction(p.id)).topBid).toBe(parseEther('1.5'));
  });

  it('in KLAY: exact msg.value, the replaced or outbid bid is pushed back', async () => {
    const { p } = await register({ token: KLAY });
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1'), parseEther('0.9')), 'MarketIncorrectPayment', [parseEther('1'), parseEther('0.9')]);
    await bid(ROLE.bidder, p.id, parseEther('1'), parseEther('1'));
    await bid(ROLE.bidder, p.id, parseEther('1.1'), parseEther('1.1'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('1.1'));
    const b = await f.klayBalance(bidder);
    await bid(ROLE.other, p.id, parseEther('2'), parseEther('2'));
    expect(await f.klayBalance(bidder)).toBe(b + parseEther('1.1'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('2'));
  });

  it('ATT bids carry no value', async () => {
    const { p } = await register();
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1'), 1n), 'MarketIncorrectPayment', [0n, 1n]);
  });

  it('a bid in the last 10 minutes extends the end by 10 minutes; earlier bids do not', async () => {
    const { p } = await register();
    await f.setNextTime(p.endTime - 600n);
    await bid(ROLE.bidder, p.id, parseEther('1'));
    expect((await auction(p.id)).endTime).toBe(p.endTime);
    await f.setNextTime(p.endTime - 599n);
    const r = await bid(ROLE.other, p.id, parseEther('2'));
    expect((await auction(p.id)).endTime).toBe(p.endTime + 600n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'BidPlaced' });
    expect(ev!.args.endTime).toBe(p.endTime + 600n);
    await f.setNextTime(p.endTime + 599n);
    await bid(ROLE.bidder, p.id, parseEther('3'));
    expect((await auction(p.id)).endTime).toBe(p.endTime + 1200n);
  });

  it('MarketAuctionEnded at and after the end; MarketSellerCannotBid; MarketAuctionNotActive', async () => {
    const { p } = await register();
    await expectRevert(bid(ROLE.seller, p.id, parseEther('1')), 'MarketSellerCannotBid', [p.id]);
    await expectRevert(bid(ROLE.bidder, 999n, parseEther('1')), 'MarketAuctionNotActive', [999n]);
    await f.setNextTime(p.endTime);
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1')), 'MarketAuctionEnded', [p.id, p.endTime]);
  });

  it('needs the ATT allowance', async () => {
    const { p } = await register();
    await f.att(ROLE.bidder, 'approve', [f.d.market, 0n]);
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('1')), 'ERC20InsufficientAllowance');
  });
});

describe('cancelBid', () => {
  it('returns the live bid before the end and reopens the auction at the start price', async () => {
    const { p } = await register();
    const before = await f.attBalance(bidder);
    await bid(ROLE.bidder, p.id, parseEther('3'));
    await expectRevert(f.market(ROLE.other, 'cancelBid', [p.id]), 'MarketNoBid', [p.id, other]);
    const r = await f.market(ROLE.bidder, 'cancelBid', [p.id]);
    expect(await f.attBalance(bidder)).toBe(before);
    expect(await auction(p.id)).toMatchObject({ topBid: 0n, topBidder: '0x0000000000000000000000000000000000000000' });
    expect(await f.readMarket('minimumBid', [p.id])).toBe(p.startPrice);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'BidCancelled' });
    expect(ev!.args).toEqual({ auctionId: p.id, bidder, amount: parseEther('3') });
  });

  it('a winning bid cannot be cancelled', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('3'));
    await f.setNextTime(p.endTime, true);
    await expectRevert(f.market(ROLE.bidder, 'cancelBid', [p.id]), 'MarketAuctionEnded');
    await f.market(ROLE.other, 'endAuction', [p.id]);
    await expectRevert(f.market(ROLE.bidder, 'cancelBid', [p.id]), 'MarketAuctionNotActive');
  });
});

describe('cancelAuction', () => {
  it('refunds the bidder and returns the piece; only the seller', async () => {
    const { p } = await register();
    const before = await f.attBalance(bidder);
    await bid(ROLE.bidder, p.id, parseEther('3'));
    await expectRevert(f.market(ROLE.other, 'cancelAuction', [p.id]), 'MarketUnauthorizedCaller', [other, seller]);
    const r = await f.market(ROLE.seller, 'cancelAuction', [p.id]);
    expect(await f.attBalance(bidder)).toBe(before);
    expect(await f.itemBalance(seller, 1n)).toBe(1n);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    expect((await auction(p.id)).status).toBe(2);
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName)).toEqual(['AuctionCancelled', 'BidRefunded']);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [p.id]), 'MarketAuctionNotActive');
    await expectRevert(bid(ROLE.bidder, p.id, parseEther('5')), 'MarketAuctionNotActive');
  });

  it('cannot cancel once a bid has won; can once an auction ended with no bid', async () => {
    const a = await register();
    await bid(ROLE.bidder, a.p.id, parseEther('3'));
    await f.setNextTime(a.p.endTime, true);
    await expectRevert(f.market(ROLE.seller, 'cancelAuction', [a.p.id]), 'MarketAuctionEnded');
    const b = await register({ itemId: 78n, seller: author, isMinting: true }, ROLE.author);
    await f.setNextTime(b.p.endTime + 1n, true);
    await f.market(ROLE.author, 'cancelAuction', [b.p.id]);
  });
});

describe('endAuction', () => {
  it('settles once after the end: piece to the winner, exact split to seller, fee receiver and author', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('3'));
    await expectRevert(f.market(ROLE.other, 'endAuction', [p.id]), 'MarketAuctionNotEnded', [p.id, p.endTime]);
    const b = await Promise.all([seller, feeReceiver, author].map(f.attBalance));
    await f.setNextTime(p.endTime);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    const a = await Promise.all([seller, feeReceiver, author].map(f.attBalance));
    const price = parseEther('3');
    const fee = (price * 250n) / 10_000n;
    const roy = (price * 500n) / 10_000n;
    expect([a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!]).toEqual([price - fee - roy, fee, roy]);
    expect(await f.itemBalance(bidder, 1n)).toBe(1n);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'AuctionEnded' });
    expect(ev!.args).toEqual({ auctionId: p.id, winner: bidder, price, fee, royalty: roy });
    await expectRevert(f.market(ROLE.other, 'endAuction', [p.id]), 'MarketAuctionNotActive', [p.id]);
  });

  it('MarketInsufficientGas when sent with too little gas for a fair delivery attempt', async () => {
    const { p } = await register();
    await bid(ROLE.bidder, p.id, parseEther('3'));
    await f.setNextTime(p.endTime, true);
    const call = (gas: bigint) =>
      f.pub.simulateContract({ address: f.d.market, abi: marketAbi, functionName: 'endAuction', args: [p.id], gas, account: f.accounts[ROLE.other]! });
    await expectRevert(call(150_000n), 'MarketInsufficientGas');
    await call(300_000n);
  });

  it('returns the piece to the seller when nobody bid', async () => {
    const { p } = await register();
    await f.setNextTime(p.endTime);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(await f.itemBalance(seller, 1n)).toBe(1n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'AuctionEnded' });
    expect(ev!.args.winner).toBe('0x0000000000000000000000000000000000000000');
  });

  it('mints a lazily minted piece to the winner, in KLAY', async () => {
    const { p } = await register({ itemId: 79n, seller: author, isMinting: true, token: KLAY, authorFee: 1000n }, ROLE.author);
    await bid(ROLE.bidder, p.id, parseEther('1'), parseEther('1'));
    const b = await Promise.all([author, feeReceiver].map(f.klayBalance));
    await f.setNextTime(p.endTime);
    await f.market(ROLE.other, 'endAuction', [p.id]);
    const a = await Promise.all([author, feeReceiver].map(f.klayBalance));
    expect(await f.itemBalance(bidder, 79n)).toBe(1n);
    // the author is also the seller: 97.5% in total
    expect(a[0]! - b[0]!).toBe(parseEther('0.975'));
    expect(a[1]! - b[1]!).toBe(parseEther('0.025'));
    expect(await f.read(f.d.items, itemsAbi, 'royaltyInfo', [79n, 10_000n])).toEqual([author, 1000n]);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
