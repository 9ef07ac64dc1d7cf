// Finding (Medium): a contract winner paid for a piece that was never delivered. When delivery failed at
// `endAuction`, the Market took any winner with code for a receiving contract that refused the piece: a smart
// wallet (Safe, ERC-4337 account) winning a piece of an allowed outside collection that paused its transfers was
// charged, the seller, fee and royalty were paid, the piece was parked, and while the collection stayed paused
// `claimAuctionItem`, `endAuction` and `cancelBid` all reverted. Now the Market tells the two failures apart before
// paying: it moves the piece to itself, which only a collection that refuses transfers refuses. A collection that
// refuses is treated the same for every winner: settlement reverts until SETTLEMENT_GRACE, then voids and refunds.
import { parseEventLogs, type Abi, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import {
  hostileCollectionAbi,
  hostileCollectionBytecode,
  testActorAbi,
  testActorBytecode,
} from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

const H = hostileCollectionAbi as Abi;
const A = testActorAbi as Abi;
const PIECE = 7n;
let f: Fixture;
let hostile: Address, wallet: Address, seller: Address;
let snap: `0x${string}`;

beforeAll(async () => {
  f = await setup();
  seller = f.addr[ROLE.seller]!;
  await f.approveAll();
  hostile = await f.deploy(H, hostileCollectionBytecode, [f.addr[ROLE.extra1]!]);
  await f.market(ROLE.owner, 'setAllowedContract', [hostile, true]);
  // Allowed in auctions against the rule (its transfers pause): the defence must not depend on the owner's lists.
  await f.market(ROLE.owner, 'setAuctionContract', [hostile, true]);
  await f.send(ROLE.seller, hostile, H, 'mint', [seller, PIECE, 1n]);
  await f.send(ROLE.seller, hostile, H, 'setApprovalForAll', [f.d.market, true]);
  wallet = await f.deploy(A, testActorBytecode); // an honest smart wallet: accepts KLAY and pieces
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

/** A KLAY auction of the hostile piece that the smart wallet wins with 10 KLAY, now ended. */
async function wonByWallet() {
  const p = await f.auctionParams({ collection: hostile, itemId: PIECE, token: KLAY });
  await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
  const bid = parseEther('10');
  await f.actorCall(ROLE.buyer, wallet, f.d.market, marketAbi, 'placeBid', [p.id, bid], bid);
  await f.setNextTime(p.endTime);
  return p;
}

describe('a contract winner is never charged for a piece the collection refuses to move', () => {
  it('paused collection: nothing is paid, settlement waits, then voids and refunds the smart wallet', async () => {
    const p = await wonByWallet();
    await f.send(ROLE.owner, hostile, H, 'setPaused', [true]);
    const sellerBefore = await f.klayBalance(seller);
    await expectRevert(f.market(ROLE.other, 'endAuction', [p.id]), 'MarketItemNotDelivered', [p.id, wallet]);
    expect(await f.klayBalance(seller)).toBe(sellerBefore);
    expect(await f.readMarket('unclaimedAuctionItem', [p.id])).toBe('0x0000000000000000000000000000000000000000');
    // the collection never resumes: after the grace the auction is voided and the wallet gets its bid back
    const grace = await f.readMarket<bigint>('SETTLEMENT_GRACE');
    await f.setNextTime(p.endTime + grace);
    const before = await f.klayBalance(wallet);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName)).toEqual([
      'AuctionVoided',
      'BidRefunded',
      'AuctionItemUnclaimed',
    ]);
    expect(await f.klayBalance(wallet)).toBe(before + parseEther('10'));
    expect(await f.klayBalance(seller)).toBe(sellerBefore);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
    expect(await f.readMarket('unclaimedAuctionItem', [p.id])).toBe(seller);
  });

  it('paused, then resumed within the grace: the smart wallet receives the piece and the seller is paid', async () => {
    const p = await wonByWallet();
    await f.send(ROLE.owner, hostile, H, 'setPaused', [true]);
    await expectRevert(f.market(ROLE.other, 'endAuction', [p.id]), 'MarketItemNotDelivered');
    await f.send(ROLE.owner, hostile, H, 'setPaused', [false]);
    await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(await f.read<bigint>(hostile, H, 'balanceOf', [wallet, PIECE])).toBe(1n);
  });

  it('a wallet that refuses the piece itself while the collection works still buys it and claims it later', async () => {
    const p = await wonByWallet();
    await f.send(ROLE.owner, wallet, A, 'setModes', [0, 1]); // refuses pieces
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    const names = parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName);
    expect(names).toContain('AuctionEnded');
    expect(names).toContain('AuctionItemUnclaimed');
    expect(await f.readMarket('unclaimedAuctionItem', [p.id])).toBe(wallet);
    expect(await f.read<bigint>(hostile, H, 'balanceOf', [f.d.market, PIECE])).toBe(1n);
  });
});
