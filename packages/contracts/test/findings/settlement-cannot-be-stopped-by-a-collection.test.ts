// Finding: an allowed collection could stop settlement for good. `endAuction` reverted when the collection's
// EIP-2981 `royaltyInfo` reverted, burned the gas, or answered more than 10%, and when its transfers were paused;
// once the auction had ended nobody could cancel it, so the winning bid and the piece stayed locked. Now the
// royalty is looked up with fixed gas and ignored when the lookup fails (capped at 10%, never paid to the Market),
// and an auction whose piece the collection still refuses to deliver SETTLEMENT_GRACE after its end is voided by
// the next `endAuction`: the winning bid is refunded and the piece goes back to its seller (claimable if refused).
import { parseEventLogs, type Abi, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { hostileCollectionAbi, hostileCollectionBytecode } from '../generated/test-contracts';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

const H = hostileCollectionAbi as Abi;
const Mode = { Normal: 0, Revert: 1, TooHigh: 2, BurnGas: 3, ToCaller: 4, Garbage: 5 } as const;
const PIECE = 7n;
let f: Fixture;
let hostile: Address;
let snap: `0x${string}`;
let seller: Address, bidder: Address, other: Address, royaltyTo: Address;

beforeAll(async () => {
  f = await setup();
  [seller, bidder, other, royaltyTo] = [ROLE.seller, ROLE.bidder, ROLE.other, ROLE.extra1].map((r) => f.addr[r]!) as [
    Address,
    Address,
    Address,
    Address,
  ];
  await f.approveAll();
  hostile = await f.deploy(H, hostileCollectionBytecode, [royaltyTo]);
  await f.market(ROLE.owner, 'setAllowedContract', [hostile, true]);
  // Allowed in auctions against the rule (its transfers pause): the defence must not depend on the owner's lists.
  await f.market(ROLE.owner, 'setAuctionContract', [hostile, true]);
  await f.send(ROLE.seller, hostile, H, 'mint', [seller, PIECE, 1n]);
  await f.send(ROLE.seller, hostile, H, 'setApprovalForAll', [f.d.market, true]);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

/** An ATT auction of the hostile collection's piece: a losing bid of 1 and a winning bid of 10, now ended. */
async function endedAuction() {
  const p = await f.auctionParams({ collection: hostile, itemId: PIECE });
  await f.market(ROLE.seller, 'registerAuction', [p, await f.sign('Auction', p)]);
  await f.market(ROLE.other, 'placeBid', [p.id, parseEther('1')]);
  await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('10')]);
  await f.setNextTime(p.endTime);
  return p;
}
const settle = async (id: bigint, gas = 300_000n) =>
  f.wait(
    await f.wallets[ROLE.buyer]!.writeContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'endAuction',
      args: [id],
      gas,
      chain: f.chain,
      account: f.accounts[ROLE.buyer]!,
    }),
  );
const hostileBalance = (a: Address) => f.read<bigint>(hostile, H, 'balanceOf', [a, PIECE]);

describe('a collection cannot stop settlement', () => {
  it('a royalty lookup that reverts, burns the gas or answers garbage is ignored', async () => {
    for (const mode of [Mode.Revert, Mode.BurnGas, Mode.Garbage]) {
      const s = await f.snapshot();
      const p = await endedAuction();
      await f.send(ROLE.owner, hostile, H, 'setRoyaltyMode', [mode]);
      const before = await f.attBalance(seller);
      const r = await settle(p.id);
      expect(parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'AuctionEnded' })[0]!.args).toMatchObject({
        winner: bidder,
        price: parseEther('10'),
        royalty: 0n,
      });
      expect(await hostileBalance(bidder)).toBe(1n);
      expect(await f.attBalance(seller)).toBe(before + parseEther('10') - parseEther('0.25'));
      await f.revert(s);
    }
  });

  it('a royalty above 10% is capped at 10%', async () => {
    const p = await endedAuction();
    await f.send(ROLE.owner, hostile, H, 'setRoyaltyMode', [Mode.TooHigh]);
    const before = await f.attBalance(royaltyTo);
    await settle(p.id);
    expect(await f.attBalance(royaltyTo)).toBe(before + parseEther('1'));
  });

  it('a royalty naming the Market itself is not paid (it would be locked in escrow)', async () => {
    const p = await endedAuction();
    await f.send(ROLE.owner, hostile, H, 'setRoyaltyMode', [Mode.ToCaller]);
    const before = await f.attBalance(seller);
    await settle(p.id);
    expect(await f.attBalance(seller)).toBe(before + parseEther('10') - parseEther('0.25'));
    expect(await f.attBalance(f.d.market)).toBe(parseEther('1')); // only the losing bid
  });

  it('paused transfers: refused until SETTLEMENT_GRACE after the end, then the auction is voided and every bid comes back', async () => {
    const p = await endedAuction();
    await f.send(ROLE.owner, hostile, H, 'setPaused', [true]);
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketItemNotDelivered', [p.id, bidder]);
    const grace = await f.readMarket<bigint>('SETTLEMENT_GRACE');
    expect(grace).toBe(7n * 86_400n);
    await f.setNextTime(p.endTime + grace - 1n);
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketItemNotDelivered');
    await f.setNextTime(p.endTime + grace);
    const [b, o] = [await f.attBalance(bidder), await f.attBalance(other)];
    const r = await settle(p.id);
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName)).toEqual([
      'AuctionVoided',
      'BidRefunded',
      'AuctionItemUnclaimed',
    ]);
    expect(await f.attBalance(bidder)).toBe(b + parseEther('10'));
    expect((await f.readMarket<{ status: number }>('getAuction', [p.id])).status).toBe(4);
    expect(await f.readMarket('unclaimedAuctionItem', [p.id])).toBe(seller);
    // the losing bid is withdrawn as after any settlement; the seller claims the piece once transfers resume
    await f.market(ROLE.other, 'cancelBid', [p.id]);
    expect(await f.attBalance(other)).toBe(o + parseEther('1'));
    expect(await f.attBalance(f.d.market)).toBe(0n);
    await f.send(ROLE.owner, hostile, H, 'setPaused', [false]);
    await f.market(ROLE.seller, 'claimAuctionItem', [p.id, seller]);
    expect(await hostileBalance(seller)).toBe(1n);
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketAuctionNotActive');
  });

  it('transfers resumed within the grace: the auction settles normally', async () => {
    const p = await endedAuction();
    await f.send(ROLE.owner, hostile, H, 'setPaused', [true]);
    await expectRevert(f.market(ROLE.buyer, 'endAuction', [p.id]), 'MarketItemNotDelivered');
    await f.send(ROLE.owner, hostile, H, 'setPaused', [false]);
    await f.setNextTime(p.endTime + 86_400n);
    await settle(p.id);
    expect(await hostileBalance(bidder)).toBe(1n);
  });
});
