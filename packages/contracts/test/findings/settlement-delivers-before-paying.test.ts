// Finding 5 (settlement paid before delivering, and any delivery failure was taken for "the winner rejected
// it"): a removed minter role or a lazy auction with no author and a royalty left the winner paid-for and
// empty-handed. Now a minting auction mints into escrow at registration on the creator's own transaction (so no
// later minter change matters, and a creator-less item cannot be minted at all), settlement delivers first and
// pays after, and only a receiving contract's refusal is tolerated (the piece is then claimable).
import { parseEventLogs, type Abi } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attAbi, itemsAbi, marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { ROLE, expectRevert, itemOf, parseEther, setup, zeroAddress, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const author = () => f.addr[ROLE.author]!;

describe('deliver before paying', () => {
  it("removing the Market's minter role after registration cannot leave the winner empty-handed", async () => {
    const id = itemOf(author(), 3n);
    const p = await f.auctionParams({
      itemId: id,
      seller: author(),
      isMinting: true,
      editionSize: 1n,
      royaltyBps: 500n,
    });
    await f.market(ROLE.author, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.market(ROLE.bidder, 'placeBid', [p.id, parseEther('2')]);
    await f.items(ROLE.owner, 'removeMinter', [f.d.market]);
    await f.setNextTime(p.endTime);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(await f.itemBalance(f.addr[ROLE.bidder]!, id)).toBe(1n);
    // the piece moved before any payment left the escrow
    const logs = r.logs.filter(
      (l) => [f.d.items, f.d.att].includes(l.address as never) || l.address.toLowerCase() !== f.d.market.toLowerCase(),
    );
    const order = [
      ...parseEventLogs({ abi: itemsAbi, logs, eventName: 'TransferSingle' }),
      ...parseEventLogs({ abi: attAbi, logs, eventName: 'Transfer' }),
    ]
      .sort((a, b) => a.logIndex - b.logIndex)
      .map((e) => e.eventName);
    expect(order[0]).toBe('TransferSingle');
    expect(order.slice(1)).toEqual(['Transfer', 'Transfer', 'Transfer']);
  });

  it('a minting auction needs the minter role at registration, before anyone bids', async () => {
    await f.items(ROLE.owner, 'removeMinter', [f.d.market]);
    const p = await f.auctionParams({
      itemId: itemOf(author(), 4n),
      seller: author(),
      isMinting: true,
      editionSize: 1n,
    });
    await expectRevert(
      f.market(ROLE.author, 'registerAuction', [p, await f.sign('Auction', p)]),
      'ItemsUnauthorizedMinter',
      [f.d.market],
    );
  });

  it('an item without a creator (author 0) can never be minted, so no royalty goes to address 0', async () => {
    const p = await f.auctionParams({
      itemId: 5n,
      seller: f.addr[ROLE.author]!,
      isMinting: true,
      editionSize: 1n,
      royaltyBps: 500n,
    });
    await expectRevert(f.market(ROLE.author, 'registerAuction', [p, await f.sign('Auction', p)]), 'ItemsNotCreator', [
      5n,
      author(),
    ]);
  });

  it("only a receiving contract's refusal is tolerated: the seller is still paid and the winner claims later", async () => {
    const actor = await f.deploy(testActorAbi as Abi, testActorBytecode);
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [0, 1]);
    const id = itemOf(author(), 6n);
    const p = await f.auctionParams({
      itemId: id,
      seller: author(),
      isMinting: true,
      editionSize: 1n,
      token: zeroAddress,
    });
    await f.market(ROLE.author, 'registerAuction', [p, await f.sign('Auction', p)]);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [p.id, parseEther('1')], parseEther('1'));
    await f.setNextTime(p.endTime);
    const r = await f.market(ROLE.other, 'endAuction', [p.id]);
    expect(parseEventLogs({ abi: marketAbi, logs: r.logs }).map((e) => e.eventName)).toEqual([
      'AuctionEnded',
      'AuctionItemUnclaimed',
    ]);
    expect(await f.readMarket('unclaimedAuctionItem', [p.id])).toBe(actor);
    await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [p.id, f.addr[ROLE.extra1]]);
    expect(await f.itemBalance(f.addr[ROLE.extra1]!, id)).toBe(1n);
  });
});
