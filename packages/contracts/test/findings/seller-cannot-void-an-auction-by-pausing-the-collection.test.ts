// Finding (Low): a seller who could pause their own collection could void an auction whose price they disliked:
// pause the transfers, wait out SETTLEMENT_GRACE, call `endAuction`: the piece came back and the winner's money was
// locked meanwhile. Now an outside collection is auctioned only when the owner also allowed it in auctions
// (`setAuctionContract`, the rule: transfers nobody can pause); the platform's Items has no pause. Fixed-price
// sales and offers of an allowed collection are unchanged: a pause there only fails the trade in one transaction.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileCollectionAbi, hostileCollectionBytecode } from '../generated/test-contracts';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

const H = hostileCollectionAbi as Abi;
const PIECE = 3n;
let f: Fixture;
let own: Address;

beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  // the seller's own collection, whose transfers the seller can pause, allowed for trading by the owner
  own = await f.deploy(H, hostileCollectionBytecode, [f.addr[ROLE.seller]!]);
  await f.market(ROLE.owner, 'setAllowedContract', [own, true]);
  await f.send(ROLE.seller, own, H, 'mint', [f.addr[ROLE.seller]!, PIECE, 2n]);
  await f.send(ROLE.seller, own, H, 'setApprovalForAll', [f.d.market, true]);
});
afterAll(() => f.stop());

describe('a seller who can pause their collection cannot void an auction', () => {
  it('the pausable collection is refused in auctions (nothing to void), while it still sells at a fixed price', async () => {
    const p = await f.auctionParams({ collection: own, itemId: PIECE });
    const sig = await f.sign('Auction', p);
    await expectRevert(f.market(ROLE.seller, 'registerAuction', [p, sig]), 'MarketContractNotAllowed', [own]);
    expect(await f.readMarket('isAuctionContract', [own])).toBe(false);
    expect(await f.readMarket('isAuctionContract', [f.d.items])).toBe(true);
    const l = await f.listing({ collection: own, itemId: PIECE, pricePerOne: parseEther('2') });
    await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, await f.reservation(l)));
    expect(await f.read<bigint>(own, H, 'balanceOf', [f.addr[ROLE.buyer]!, PIECE])).toBe(1n);
  });

  it('only the owner allows a collection in auctions, and only a contract', async () => {
    await expectRevert(f.market(ROLE.seller, 'setAuctionContract', [own, true]), 'OwnableUnauthorizedAccount');
    const eoa = f.addr[ROLE.extra2]!;
    await expectRevert(f.market(ROLE.owner, 'setAuctionContract', [eoa, true]), 'MarketNotAContract', [eoa]);
  });
});
