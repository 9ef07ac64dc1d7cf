import { encodeFunctionData, parseEventLogs, type Abi } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, zeroAddress, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

describe('buyNft: a seller-signed listing, a validator reservation, the buyer sends', () => {
  it('pays seller, fee receiver and royalty receiver exactly from the buyer in ATT and moves the pieces', async () => {
    const [seller, buyer, fee, author] = [
      f.addr[ROLE.seller]!,
      f.addr[ROLE.buyer]!,
      f.addr[ROLE.feeReceiver]!,
      f.addr[ROLE.author]!,
    ];
    const b = await Promise.all([seller, buyer, fee, author].map(f.attBalance));
    const l = await f.listing({ amount: 3n, pricePerOne: parseEther('1.234567') });
    const r = await f.reservation(l);
    const rc = await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, r));
    const price = 3n * parseEther('1.234567');
    const feeAmt = (price * 250n) / 10_000n;
    const roy = (price * 500n) / 10_000n;
    const a = await Promise.all([seller, buyer, fee, author].map(f.attBalance));
    expect(a[0]! - b[0]!).toBe(price - feeAmt - roy);
    expect(b[1]! - a[1]!).toBe(price);
    expect(a[2]! - b[2]!).toBe(feeAmt);
    expect(a[3]! - b[3]!).toBe(roy);
    expect(await f.itemBalance(buyer, f.ITEM)).toBe(3n);
    expect(await f.itemBalance(seller, f.ITEM)).toBe(7n);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'NftBought' });
    expect(ev!.args).toEqual({
      id: r.id,
      listingHash: f.listingHash(l),
      buyer,
      seller,
      collection: f.d.items,
      itemId: f.ITEM,
      amount: 3n,
      token: f.d.att,
      price,
      fee: feeAmt,
      royalty: roy,
    });
    expect(await f.readMarket('isIdUsed', [1, r.id])).toBe(true);
    expect(await f.readMarket('filledOf', [f.listingHash(l)])).toBe(3n);
    expect(await f.readMarket('hashListing', [l])).toBe(f.listingHash(l));
  });

  it('pays in KLAY with msg.value exactly', async () => {
    const [seller, fee, author] = [f.addr[ROLE.seller]!, f.addr[ROLE.feeReceiver]!, f.addr[ROLE.author]!];
    const b = await Promise.all([seller, fee, author].map(f.klayBalance));
    await f.buy({ listing: { token: KLAY, pricePerOne: parseEther('2') } });
    const a = await Promise.all([seller, fee, author].map(f.klayBalance));
    expect(a[0]! - b[0]!).toBe(parseEther('2') - parseEther('0.05') - parseEther('0.1'));
    expect(a[1]! - b[1]!).toBe(parseEther('0.05'));
    expect(a[2]! - b[2]!).toBe(parseEther('0.1'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });

  it('fills a listing partially, in several purchases, never past its amount', async () => {
    const l = await f.listing({ amount: 5n });
    const sig = await f.signListing(l);
    for (const [who, n] of [
      [ROLE.buyer, 2n],
      [ROLE.other, 3n],
    ] as const) {
      const r = await f.reservation(l, { buyer: f.addr[who]!, amount: n });
      await f.market(who, 'buyNft', [l, sig, r, await f.sign('Buy', r)]);
    }
    expect(await f.readMarket('filledOf', [f.listingHash(l)])).toBe(5n);
    const r = await f.reservation(l, { amount: 1n });
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, sig, r, await f.sign('Buy', r)]),
      'MarketListingAmountExceeded',
      [0n, 1n],
    );
  });

  it('a zero-piece reservation is refused', async () => {
    const l = await f.listing();
    const r = await f.reservation(l, { amount: 0n });
    await expectRevert(f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, r)), 'MarketListingAmountExceeded', [1n, 0n]);
  });

  it("the creator's lazy listing mints each fill to the buyer; Items records edition and royalty at the first mint", async () => {
    const author = f.addr[ROLE.author]!;
    const id = itemOf(author, 9n);
    const l = await f.listing({ seller: author, itemId: id, amount: 4n, editionSize: 5n, royaltyBps: 800n });
    const sig = await f.signListing(l);
    const r = await f.reservation(l, { amount: 3n });
    const rc = await f.market(ROLE.buyer, 'buyNft', [l, sig, r, await f.sign('Buy', r)]);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, id)).toBe(3n);
    const transfers = parseEventLogs({ abi: itemsAbi, logs: rc.logs, eventName: 'TransferSingle' });
    expect(transfers.map((t) => [t.args.from, t.args.to, t.args.value])).toEqual([
      [zeroAddress, f.addr[ROLE.buyer], 3n],
    ]);
    expect(await f.read(f.d.items, itemsAbi, 'royaltyInfo', [id, 10_000n])).toEqual([author, 800n]);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([5n, 800n, 3n]);
    // the royalty of this first sale already went to the creator (who is also the seller)
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'NftBought' });
    expect(ev!.args.royalty).toBe((3n * l.pricePerOne * 800n) / 10_000n);
    // a second lazy listing of the same item cannot pass the edition (2 left of 5)
    const l2 = await f.listing({ seller: author, itemId: id, amount: 3n, editionSize: 5n, royaltyBps: 800n });
    const r2 = await f.reservation(l2);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l2, r2)), 'ItemsEditionExceeded', [5n, 3n, 3n]);
  });

  it("a lazy listing by anyone but the item's creator mints nothing (ItemsNotCreator)", async () => {
    const id = itemOf(f.addr[ROLE.author]!, 10n);
    const l = await f.listing({ itemId: id, amount: 1n, editionSize: 5n, royaltyBps: 0n });
    await expectRevert(f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, await f.reservation(l))), 'ItemsNotCreator', [
      id,
      f.addr[ROLE.seller],
    ]);
  });

  it('the royalty paid is what Items says (EIP-2981), not a number in the order', async () => {
    const l = await f.listing({ royaltyBps: 0n }); // ignored for minted pieces: the item's royalty is 5%
    const rc = await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, await f.reservation(l)));
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'NftBought' });
    expect(ev!.args.royalty).toBe((l.pricePerOne * 500n) / 10_000n);
  });

  it('settles with the lower of the signed fee and the fee in force; refuses one below it or above the cap', async () => {
    await f.market(ROLE.owner, 'setMarketFee', [100n]);
    const rc = await f.buy({ listing: { feeBps: 250n } });
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'NftBought' });
    expect(ev!.args.fee).toBe((parseEther('10') * 100n) / 10_000n);
    await f.market(ROLE.owner, 'setMarketFee', [300n]);
    await expectRevert(f.buy({ listing: { feeBps: 250n } }), 'MarketFeeMismatch', [250n, 300n]);
    await expectRevert(f.buy({ listing: { feeBps: 1001n } }), 'MarketFeeMismatch', [1001n, 300n]);
  });

  it('cancelListing: the seller alone cancels a listing for good', async () => {
    const l = await f.listing({ amount: 2n });
    await expectRevert(f.market(ROLE.other, 'cancelListing', [l]), 'MarketUnauthorizedCaller', [
      f.addr[ROLE.other],
      l.seller,
    ]);
    const rc = await f.market(ROLE.seller, 'cancelListing', [l]);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'ListingCancelled' });
    expect(ev!.args).toEqual({ listingHash: f.listingHash(l), seller: l.seller });
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, await f.reservation(l))),
      'MarketListingCancelled',
      [f.listingHash(l)],
    );
  });

  it('incrementCounter: the seller cancels every earlier listing at once', async () => {
    const old = await f.listing();
    const rc = await f.market(ROLE.seller, 'incrementCounter');
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'CounterIncremented' });
    expect(ev!.args).toEqual({ seller: f.addr[ROLE.seller], counter: 1n });
    expect(await f.readMarket('counterOf', [f.addr[ROLE.seller]])).toBe(1n);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', await f.buyArgs(old, await f.reservation(old))),
      'MarketListingCancelled',
    );
    await f.buy({ listing: { counter: 1n } });
  });

  it('MarketUnauthorizedCaller: only the reserved buyer may buy', async () => {
    const l = await f.listing();
    const r = await f.reservation(l);
    await expectRevert(f.market(ROLE.other, 'buyNft', await f.buyArgs(l, r)), 'MarketUnauthorizedCaller', [
      f.addr[ROLE.other],
      r.buyer,
    ]);
  });

  it("MarketInvalidSignature: the reservation is not the validator's, or was tampered with", async () => {
    const l = await f.listing({ amount: 3n });
    const r = await f.reservation(l, { amount: 1n });
    const ls = await f.signListing(l);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, ls, r, await f.sign('Buy', r, ANVIL_KEYS[ROLE.other])]),
      'MarketInvalidSignature',
    );
    const vs = await f.sign('Buy', r);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, ls, { ...r, amount: 3n }, vs]), 'MarketInvalidSignature');
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, ls, r, vs.slice(0, 130)]), 'MarketInvalidSignature');
  });

  it('MarketInvalidSellerSignature: a listing the seller did not sign, or a changed one', async () => {
    const l = await f.listing();
    const forged = await f.signListing(l, ANVIL_KEYS[ROLE.buyer]);
    const r = await f.reservation(l);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, forged, r, await f.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    const ls = await f.signListing(l);
    const cheaper = { ...l, pricePerOne: parseEther('1') };
    const r2 = await f.reservation(cheaper);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [cheaper, ls, r2, await f.sign('Buy', r2)]),
      'MarketInvalidSellerSignature',
    );
  });

  it('MarketInvalidSignature: a reservation of another listing does not cover this one', async () => {
    const l = await f.listing();
    const other = await f.listing();
    const r = await f.reservation(other);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, await f.signListing(l), r, await f.sign('Buy', r)]),
      'MarketInvalidSignature',
    );
  });

  it('MarketSignatureExpired after the listing or the reservation expires', async () => {
    const past = (await f.now()) - 1n;
    await expectRevert(f.buy({ buy: { expiry: past } }), 'MarketSignatureExpired');
    await expectRevert(f.buy({ listing: { expiry: past } }), 'MarketSignatureExpired');
  });

  it('MarketIdAlreadyUsed: a reservation id is single-use', async () => {
    const l = await f.listing({ amount: 2n });
    const r = await f.reservation(l, { amount: 1n });
    const args = await f.buyArgs(l, r);
    await f.market(ROLE.buyer, 'buyNft', args);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', args), 'MarketIdAlreadyUsed', [1, r.id]);
  });

  it('MarketContractNotAllowed and MarketTokenNotAllowed', async () => {
    await expectRevert(f.buy({ listing: { collection: f.d.att } }), 'MarketContractNotAllowed', [f.d.att]);
    await f.market(ROLE.owner, 'setAllowedToken', [f.d.att, false]);
    await expectRevert(f.buy(), 'MarketTokenNotAllowed', [f.d.att]);
  });

  it('MarketInvalidParty: the seller is never zero nor the Market', async () => {
    for (const seller of [zeroAddress, f.d.market]) {
      const l = await f.listing({ seller });
      const r = await f.reservation(l);
      await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, '0x', r, await f.sign('Buy', r)]), 'MarketInvalidParty', [
        seller,
      ]);
    }
  });

  it('MarketPriceTooLow below the fixed-price minimum of 1', async () => {
    await expectRevert(f.buy({ listing: { pricePerOne: parseEther('1') - 1n } }), 'MarketPriceTooLow', [
      parseEther('1'),
      parseEther('1') - 1n,
    ]);
  });

  it('MarketIncorrectPayment: KLAY value must match, ATT buys carry no value', async () => {
    await expectRevert(f.buy({ listing: { token: KLAY }, value: parseEther('9') }), 'MarketIncorrectPayment', [
      parseEther('10'),
      parseEther('9'),
    ]);
    await expectRevert(f.buy({ listing: { token: KLAY }, value: parseEther('11') }), 'MarketIncorrectPayment');
    await expectRevert(f.buy({ value: 1n }), 'MarketIncorrectPayment', [0n, 1n]);
  });

  it('a contract-wallet seller signs through EIP-1271', async () => {
    const A = testActorAbi as Abi;
    const wallet = await f.deploy(A, testActorBytecode);
    await f.send(ROLE.other, wallet, A, 'setSigner', [f.addr[ROLE.other]]);
    await f.actorCall(ROLE.other, wallet, f.d.items, itemsAbi, 'setApprovalForAll', [f.d.market, true]);
    await f.items(ROLE.seller, 'safeTransferFrom', [f.addr[ROLE.seller], wallet, f.ITEM, 2n, '0x']);
    const l = await f.listing({ seller: wallet, amount: 2n });
    const r = await f.reservation(l);
    const good = await f.signListing(l, ANVIL_KEYS[ROLE.other]);
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, await f.signListing(l, ANVIL_KEYS[ROLE.buyer]), r, await f.sign('Buy', r)]),
      'MarketInvalidSellerSignature',
    );
    await f.market(ROLE.buyer, 'buyNft', [l, good, r, await f.sign('Buy', r)]);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(2n);
    expect(await f.attBalance(wallet)).toBe(parseEther('20') - parseEther('0.5') - parseEther('1'));
    // the contract wallet cancels its listing with its own transaction
    const l2 = await f.listing({ seller: wallet });
    await f.send(ROLE.other, wallet, A, 'execute', [
      f.d.market,
      encodeFunctionData({ abi: marketAbi, functionName: 'cancelListing', args: [l2] }),
    ]);
    expect(await f.readMarket('filledOf', [f.listingHash(l2)])).toBe(2n ** 256n - 1n);
  });

  it('needs the seller to have approved the Market on Items (ERC1155MissingApprovalForAll)', async () => {
    await f.items(ROLE.seller, 'setApprovalForAll', [f.d.market, false]);
    await expectRevert(f.buy(), 'ERC1155MissingApprovalForAll');
  });

  it('fails when the seller no longer holds the pieces (ERC1155InsufficientBalance)', async () => {
    await expectRevert(f.buy({ listing: { amount: 11n } }), 'ERC1155InsufficientBalance');
  });

  it('needs the buyer ATT allowance (ERC20InsufficientAllowance)', async () => {
    await f.att(ROLE.buyer, 'approve', [f.d.market, 0n]);
    await expectRevert(f.buy(), 'ERC20InsufficientAllowance');
  });
});
