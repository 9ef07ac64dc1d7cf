// Finding 1 (validator key = custody): with only the validator's signature an attacker could (a) sell every
// piece of any holder who approved the Market, paid in a worthless token, the seller signing nothing; (b) accept
// any live offer with freshly minted pieces and drain its escrow; (c) mint any quantity of any item.
// Now a sale needs the seller's own signature and an allowed token, a mint needs the item's creator (named by
// its id) to sign or send the trade, and Items never mints past the edition.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import { feeOnTransferTokenAbi, feeOnTransferTokenBytecode } from '../generated/test-contracts';
import { ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let attacker: Address;
const VALIDATOR = ANVIL_KEYS[ROLE.validator];
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
  attacker = f.addr[ROLE.other]!;
});
afterAll(() => f.stop());

describe('the validator key alone moves nothing', () => {
  it("(a) cannot sell a holder's approved pieces: the listing needs the holder's signature", async () => {
    const l = await f.listing({ amount: 10n, pricePerOne: parseEther('1') });
    const r = await f.reservation(l, { buyer: attacker });
    const forged = await f.signListing(l, VALIDATOR);
    await expectRevert(
      f.market(ROLE.other, 'buyNft', [l, forged, r, await f.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    await expectRevert(
      f.market(ROLE.other, 'buyNft', [l, '0x', r, await f.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    expect(await f.itemBalance(f.addr[ROLE.seller]!, f.ITEM)).toBe(10n);
  });

  it('(a) nor pay in a worthless token: buyNft checks the allowed tokens', async () => {
    const junk = await f.deploy(feeOnTransferTokenAbi as Abi, feeOnTransferTokenBytecode, [
      attacker,
      parseEther('1000'),
    ]);
    const l = await f.listing({ token: junk });
    const r = await f.reservation(l, { buyer: attacker });
    await expectRevert(f.market(ROLE.other, 'buyNft', await f.buyArgs(l, r)), 'MarketTokenNotAllowed', [junk]);
  });

  it('(b) cannot accept a live offer with freshly minted pieces: only the creator mints', async () => {
    const o = await f.offerParams({ amount: 3n, pricePerOne: parseEther('5') });
    await f.market(ROLE.buyer, 'makeOffer', [o, await f.sign('Offer', o)]);
    const a = await f.acceptParams({
      offerId: o.id,
      seller: attacker,
      amount: 3n,
      mintAmount: 3n,
      editionSize: 1000n,
      royaltyBps: 500n,
    });
    await expectRevert(f.market(ROLE.other, 'acceptOffer', [a, await f.sign('Accept', a)]), 'ItemsNotCreator', [
      f.ITEM,
      attacker,
    ]);
    // nor accept on the seller's behalf
    const b = await f.acceptParams({ offerId: o.id, amount: 3n });
    await expectRevert(
      f.market(ROLE.other, 'acceptOffer', [b, await f.sign('Accept', b)]),
      'MarketUnauthorizedCaller',
      [attacker, f.addr[ROLE.seller]],
    );
    expect(await f.attBalance(f.d.market)).toBe(parseEther('15'));
  });

  it('(c) cannot mint any item: not by transfer, not by a lazy listing, not by an auction, not past the edition', async () => {
    const author = f.addr[ROLE.author]!;
    const id = itemOf(author, 7n);
    const t = await f.transferParams({
      itemId: id,
      from: attacker,
      to: attacker,
      amount: 1000n,
      mintAmount: 1000n,
      editionSize: 1000n,
    });
    await expectRevert(f.market(ROLE.other, 'transferWithMint', [t, await f.sign('Transfer', t)]), 'ItemsNotCreator', [
      id,
      attacker,
    ]);
    const l = await f.listing({ seller: author, itemId: id, amount: 1000n, editionSize: 1000n });
    const forged = await f.signListing(l, VALIDATOR);
    const r = await f.reservation(l, { buyer: attacker });
    await expectRevert(
      f.market(ROLE.other, 'buyNft', [l, forged, r, await f.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    const au = await f.auctionParams({ itemId: id, seller: attacker, isMinting: true, editionSize: 1000n });
    await expectRevert(f.market(ROLE.other, 'registerAuction', [au, await f.sign('Auction', au)]), 'ItemsNotCreator', [
      id,
      attacker,
    ]);
    // the creator's own authority is bounded by the edition recorded at the first mint
    const own = await f.transferParams({
      itemId: id,
      from: author,
      to: author,
      amount: 2n,
      mintAmount: 2n,
      editionSize: 2n,
    });
    await f.market(ROLE.author, 'transferWithMint', [own, await f.sign('Transfer', own)]);
    const more = await f.transferParams({
      itemId: id,
      from: author,
      to: author,
      amount: 1n,
      mintAmount: 1n,
      editionSize: 2n,
    });
    await expectRevert(
      f.market(ROLE.author, 'transferWithMint', [more, await f.sign('Transfer', more)]),
      'ItemsEditionExceeded',
      [2n, 2n, 1n],
    );
  });
});
