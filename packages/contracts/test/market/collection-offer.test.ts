import { maxUint256, parseEventLogs, zeroHash, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { CollectionOfferParams } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { criteriaTree } from '../../src/merkle';
import { collectionOffers } from '../collection-offers';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let snap: `0x${string}`;
let seller: Address, buyer: Address, other: Address, author: Address, feeReceiver: Address;
let ITEM2: bigint;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  [seller, buyer, other, author, feeReceiver] = [
    ROLE.seller,
    ROLE.buyer,
    ROLE.other,
    ROLE.author,
    ROLE.feeReceiver,
  ].map((r) => f.addr[r]!) as [Address, Address, Address, Address, Address];
  ITEM2 = itemOf(author, 2n);
  await f.approveAll();
  await f.mintTo(seller, f.ITEM, 10n);
  await f.mintTo(other, ITEM2, 10n, 300n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const split = (price: bigint, royaltyBps: bigint, feeBps = 250n) => {
  const fee = (price * feeBps) / 10_000n;
  const royalty = (price * royaltyBps) / 10_000n;
  return { fee, royalty, toSeller: price - fee - royalty };
};

describe('makeCollectionOffer', () => {
  it('escrows amount x pricePerOne in ATT and records the offer with the fee in force', async () => {
    const before = await f.attBalance(buyer);
    const { p, receipt } = await co.make({ amount: 3n, pricePerOne: parseEther('2') });
    expect(await f.attBalance(buyer)).toBe(before - parseEther('6'));
    expect(await f.attBalance(f.d.market)).toBe(parseEther('6'));
    expect(await co.view(p.id)).toEqual({
      buyer,
      expiry: p.expiry,
      feeBps: 250,
      collection: f.d.items,
      token: f.d.att,
      criteria: zeroHash,
      pricePerOne: parseEther('2'),
      remaining: 3n,
    });
    const [ev] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'CollectionOfferMade' });
    expect(ev!.args).toEqual({
      offerId: p.id,
      buyer,
      collection: f.d.items,
      criteria: zeroHash,
      amount: 3n,
      token: f.d.att,
      pricePerOne: parseEther('2'),
      expiry: p.expiry,
    });
    expect(await f.readMarket('isIdUsed', [6, p.id])).toBe(true);
    // Its own id space: the same number is still free for an item offer.
    expect(await f.readMarket('isIdUsed', [3, p.id])).toBe(false);
  });

  it('escrows KLAY with the exact value', async () => {
    await expectRevert(co.make({ token: KLAY, amount: 2n }, { value: parseEther('5') }), 'MarketIncorrectPayment', [
      parseEther('10'),
      parseEther('5'),
    ]);
    await co.make({ token: KLAY, amount: 2n });
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('10'));
  });

  it('checks caller, signature, expiry, id, collection, token, amount, price and payment', async () => {
    const p = await f.collectionOfferParams();
    const sig = await f.sign('CollectionOffer', p);
    await expectRevert(f.market(ROLE.other, 'makeCollectionOffer', [p, sig]), 'MarketUnauthorizedCaller', [
      other,
      buyer,
    ]);
    await expectRevert(
      f.market(ROLE.buyer, 'makeCollectionOffer', [p, await f.sign('CollectionOffer', p, ANVIL_KEYS[ROLE.other])]),
      'MarketInvalidSignature',
    );
    // The validator's signature binds every field, the criteria included.
    await expectRevert(
      f.market(ROLE.buyer, 'makeCollectionOffer', [{ ...p, criteria: `0x${'11'.repeat(32)}` }, sig]),
      'MarketInvalidSignature',
    );
    const bad = async (o: Partial<CollectionOfferParams>, name: string, args?: readonly unknown[], value?: bigint) => {
      const q = await f.collectionOfferParams(o);
      await expectRevert(
        f.market(ROLE.buyer, 'makeCollectionOffer', [q, await f.sign('CollectionOffer', q)], value),
        name,
        args,
      );
    };
    await bad({ expiry: (await f.now()) - 1n }, 'MarketSignatureExpired');
    await bad({ collection: other }, 'MarketContractNotAllowed', [other]);
    await bad({ token: other }, 'MarketTokenNotAllowed', [other]);
    await bad({ amount: 0n }, 'MarketInvalidAmount', [0n, 0n]);
    await bad({ amount: 2n ** 96n }, 'MarketAmountTooHigh', [2n ** 96n - 1n, 2n ** 96n]);
    await bad({ pricePerOne: parseEther('1') - 1n }, 'MarketPriceTooLow', [parseEther('1'), parseEther('1') - 1n]);
    await bad({ pricePerOne: maxUint256 / 2n, amount: 3n }, 'Panic');
    await bad({}, 'MarketIncorrectPayment', [0n, 1n], 1n);
    await f.market(ROLE.buyer, 'makeCollectionOffer', [p, sig]);
    await expectRevert(f.market(ROLE.buyer, 'makeCollectionOffer', [p, sig]), 'MarketIdAlreadyUsed', [6, p.id]);
  });
});

describe('acceptCollectionOffer', () => {
  it('holders of different items fill it in part, then to the end; each sale pays as a sale does', async () => {
    const { p } = await co.make({ amount: 4n, pricePerOne: parseEther('3') });
    const before = await Promise.all([seller, other, feeReceiver, author].map(f.attBalance));

    const first = await co.accept(p.id, { amount: 2n });
    const price = parseEther('6');
    const s1 = split(price, 500n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: first.receipt.logs, eventName: 'CollectionOfferAccepted' });
    expect(ev!.args).toEqual({
      acceptId: first.a.id,
      offerId: p.id,
      seller,
      itemId: f.ITEM,
      amount: 2n,
      mintAmount: 0n,
      price,
      fee: s1.fee,
      royalty: s1.royalty,
    });
    expect((await co.view(p.id)).remaining).toBe(2n);
    expect(await f.itemBalance(buyer, f.ITEM)).toBe(2n);
    expect(await f.readMarket('isIdUsed', [7, first.a.id])).toBe(true);

    // Another holder, another item of the same collection (royalty 3%), fills the rest.
    await co.accept(p.id, { seller: other, itemId: ITEM2, amount: 2n });
    const s2 = split(price, 300n);
    expect(await f.itemBalance(buyer, ITEM2)).toBe(2n);
    const after = await Promise.all([seller, other, feeReceiver, author].map(f.attBalance));
    expect(after.map((a, i) => a - before[i]!)).toEqual([
      s1.toSeller,
      s2.toSeller,
      s1.fee + s2.fee,
      s1.royalty + s2.royalty,
    ]);
    expect(await co.view(p.id)).toMatchObject({ remaining: 0n, buyer });
    expect(await f.attBalance(f.d.market)).toBe(0n);
    await expectRevert(co.accept(p.id), 'MarketOfferAmountExceeded', [0n, 1n]);
  });

  it('KLAY: the price is paid out of the escrow to seller, fee receiver and royalty receiver', async () => {
    const { p } = await co.make({ token: KLAY, amount: 2n, pricePerOne: parseEther('4') });
    const before = await Promise.all([seller, feeReceiver, author].map(f.klayBalance));
    const { receipt } = await co.accept(p.id, { amount: 1n }, { who: ROLE.seller });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    const s = split(parseEther('4'), 500n);
    const after = await Promise.all([seller, feeReceiver, author].map(f.klayBalance));
    expect([after[0]! - before[0]! + gas, after[1]! - before[1]!, after[2]! - before[2]!]).toEqual([
      s.toSeller,
      s.fee,
      s.royalty,
    ]);
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('4'));
  });

  it('pays the fee of its making, or the lower fee in force', async () => {
    const { p } = await co.make({ amount: 3n, pricePerOne: parseEther('10') });
    await f.market(ROLE.owner, 'setMarketFee', [500n]);
    const up = await co.accept(p.id);
    const [raised] = parseEventLogs({ abi: marketAbi, logs: up.receipt.logs, eventName: 'CollectionOfferAccepted' });
    expect(raised!.args.fee).toBe(parseEther('0.25'));
    await f.market(ROLE.owner, 'setMarketFee', [100n]);
    const down = await co.accept(p.id);
    const [lowered] = parseEventLogs({ abi: marketAbi, logs: down.receipt.logs, eventName: 'CollectionOfferAccepted' });
    expect(lowered!.args.fee).toBe(parseEther('0.1'));
  });

  it('the creator mints lazily into it (their own transaction); the royalty is the one Items recorded', async () => {
    const id = itemOf(author, 40n);
    const { p } = await co.make({ amount: 2n, token: KLAY });
    const { receipt } = await co.accept(p.id, {
      seller: author,
      itemId: id,
      amount: 2n,
      mintAmount: 2n,
      editionSize: 5n,
      royaltyBps: 700n,
    });
    expect(await f.itemBalance(buyer, id)).toBe(2n);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([5n, 700n, 2n]);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'CollectionOfferAccepted' });
    expect(ev!.args).toMatchObject({ mintAmount: 2n, royalty: (parseEther('10') * 700n) / 10_000n });
  });

  it('with criteria: an item of the root is taken with its proof (and a one-item root with an empty proof)', async () => {
    const tree = criteriaTree([f.ITEM, ITEM2, 77n, 78n, 79n]);
    const { p } = await co.make({ amount: 2n, criteria: tree.root });
    expect((await co.view(p.id)).criteria).toBe(tree.root);
    await co.accept(p.id, {}, { proof: tree.proof(f.ITEM) });
    await co.accept(p.id, { seller: other, itemId: ITEM2 }, { proof: tree.proof(ITEM2) });
    expect((await co.view(p.id)).remaining).toBe(0n);

    const one = criteriaTree([f.ITEM]);
    expect(one.proof(f.ITEM)).toEqual([]);
    const single = await co.make({ criteria: one.root });
    await co.accept(single.p.id);
    expect(await f.itemBalance(buyer, f.ITEM)).toBe(2n);
  });

  it('checks caller, signature, expiry, offer, amounts', async () => {
    const { p } = await co.make({ amount: 2n });
    const a = await f.collectionAcceptParams({ offerId: p.id });
    const sig = await f.sign('CollectionAccept', a);
    await expectRevert(f.market(ROLE.other, 'acceptCollectionOffer', [a, [], sig]), 'MarketUnauthorizedCaller', [
      other,
      seller,
    ]);
    await expectRevert(
      f.market(ROLE.seller, 'acceptCollectionOffer', [{ ...a, itemId: ITEM2 }, [], sig]),
      'MarketInvalidSignature',
    );
    await expectRevert(co.accept(p.id, { expiry: (await f.now()) - 1n }), 'MarketSignatureExpired');
    await expectRevert(co.accept(999n), 'MarketOfferNotFound', [999n]);
    await expectRevert(co.accept(p.id, { amount: 0n }), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(co.accept(p.id, { amount: 1n, mintAmount: 2n }), 'MarketInvalidAmount', [1n, 2n]);
    await expectRevert(co.accept(p.id, { amount: 3n }), 'MarketOfferAmountExceeded', [2n, 3n]);
  });
});

describe('cancelCollectionOffer', () => {
  it('the buyer cancels in part at any time; the refund goes back and the rest stays fillable', async () => {
    const { p } = await co.make({ amount: 3n, pricePerOne: parseEther('2') });
    const before = await f.attBalance(buyer);
    await expectRevert(co.cancel(p.id, 1n, ROLE.other), 'MarketUnauthorizedCaller', [other, buyer]);
    const r = await co.cancel(p.id, 2n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'CollectionOfferCancelled' });
    expect(ev!.args).toEqual({ offerId: p.id, amount: 2n, refund: parseEther('4') });
    expect(await f.attBalance(buyer)).toBe(before + parseEther('4'));
    expect((await co.view(p.id)).remaining).toBe(1n);
    await expectRevert(co.cancel(p.id, 2n), 'MarketOfferAmountExceeded', [1n, 2n]);
    await expectRevert(co.cancel(p.id, 0n), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(co.cancel(5555n, 1n), 'MarketOfferNotFound', [5555n]);
    await co.accept(p.id);
    expect(await f.attBalance(f.d.market)).toBe(0n);
  });

  it('after the expiry nobody can accept, and anyone returns the escrow to the buyer (KLAY)', async () => {
    const { p } = await co.make({ token: KLAY, amount: 2n, expiry: await f.expiryIn(600) });
    const a = await f.collectionAcceptParams({ offerId: p.id, expiry: await f.expiryIn(7200) });
    const sig = await f.sign('CollectionAccept', a);
    await f.setNextTime(p.expiry + 1n, true);
    await expectRevert(f.market(ROLE.seller, 'acceptCollectionOffer', [a, [], sig]), 'MarketOfferExpired', [
      p.id,
      p.expiry,
    ]);
    const before = await f.klayBalance(buyer);
    await co.cancel(p.id, 2n, ROLE.other);
    expect(await f.klayBalance(buyer)).toBe(before + parseEther('10'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
