import { parseEventLogs, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { OfferParams } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { KLAY, ROLE, expectRevert, itemOf, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
let seller: Address, buyer: Address, other: Address, author: Address, feeReceiver: Address;
beforeAll(async () => {
  f = await setup();
  [seller, buyer, other, author, feeReceiver] = [
    ROLE.seller,
    ROLE.buyer,
    ROLE.other,
    ROLE.author,
    ROLE.feeReceiver,
  ].map((r) => f.addr[r]!) as [Address, Address, Address, Address, Address];
  await f.approveAll();
  await f.mintTo(seller, f.ITEM, 10n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const offer = async (o: Partial<OfferParams> = {}, value?: bigint) => {
  const p = await f.offerParams(o);
  const receipt = await f.market(ROLE.buyer, 'makeOffer', [p, await f.sign('Offer', p)], value);
  return { p, receipt };
};
const accept = async (
  offerId: bigint,
  o: Parameters<Fixture['acceptParams']>[0] extends infer T ? Partial<T> : never = {},
  who: number = ROLE.seller,
) => {
  const a = await f.acceptParams({ offerId, ...o });
  return f.market(who, 'acceptOffer', [a, await f.sign('Accept', a)]);
};
type OfferView = { buyer: Address; remaining: bigint; pricePerOne: bigint; expiry: bigint };
const view = (id: bigint) => f.readMarket<OfferView>('getOffer', [id]);

describe('makeOffer', () => {
  it('escrows amount x pricePerOne in ATT', async () => {
    const before = await f.attBalance(buyer);
    const { p, receipt } = await offer({ amount: 3n, pricePerOne: parseEther('2') });
    expect(await f.attBalance(buyer)).toBe(before - parseEther('6'));
    expect(await f.attBalance(f.d.market)).toBe(parseEther('6'));
    expect(await view(p.id)).toMatchObject({ buyer, remaining: 3n, pricePerOne: parseEther('2'), expiry: p.expiry });
    const [ev] = parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'OfferMade' });
    expect(((await view(p.id)) as unknown as { feeBps: number }).feeBps).toBe(250);
    expect(ev!.args).toMatchObject({
      offerId: p.id,
      buyer,
      itemId: f.ITEM,
      amount: 3n,
      pricePerOne: parseEther('2'),
      expiry: p.expiry,
    });
    expect(await f.readMarket('isIdUsed', [3, p.id])).toBe(true);
  });

  it('escrows KLAY with exact msg.value', async () => {
    await expectRevert(offer({ token: KLAY, amount: 2n }, parseEther('5')), 'MarketIncorrectPayment', [
      parseEther('10'),
      parseEther('5'),
    ]);
    await offer({ token: KLAY, amount: 2n }, parseEther('10'));
    expect(await f.klayBalance(f.d.market)).toBe(parseEther('10'));
  });

  it('checks caller, signature, expiry, id, collection, token, amount, price and payment', async () => {
    const p = await f.offerParams();
    const sig = await f.sign('Offer', p);
    await expectRevert(f.market(ROLE.other, 'makeOffer', [p, sig]), 'MarketUnauthorizedCaller', [other, buyer]);
    await expectRevert(
      f.market(ROLE.buyer, 'makeOffer', [p, await f.sign('Offer', p, ANVIL_KEYS[ROLE.other])]),
      'MarketInvalidSignature',
    );
    const bad = async (o: Partial<OfferParams>, name: string, args?: readonly unknown[], value?: bigint) => {
      const q = await f.offerParams(o);
      await expectRevert(f.market(ROLE.buyer, 'makeOffer', [q, await f.sign('Offer', q)], value), name, args);
    };
    await bad({ expiry: (await f.now()) - 1n }, 'MarketSignatureExpired');
    await bad({ collection: other }, 'MarketContractNotAllowed', [other]);
    await bad({ token: other }, 'MarketTokenNotAllowed', [other]);
    await bad({ amount: 0n }, 'MarketInvalidAmount', [0n, 0n]);
    await bad({ pricePerOne: 0n }, 'MarketPriceTooLow', [parseEther('1'), 0n]);
    await bad({}, 'MarketIncorrectPayment', [0n, 1n], 1n);
    await f.market(ROLE.buyer, 'makeOffer', [p, sig]);
    await expectRevert(f.market(ROLE.buyer, 'makeOffer', [p, sig]), 'MarketIdAlreadyUsed', [3, p.id]);
  });
});

describe('acceptOffer', () => {
  it('sells part of an offer: pieces to the buyer, exact split from escrow, remaining reduced', async () => {
    const { p } = await offer({ amount: 5n, pricePerOne: parseEther('3') });
    const b = await Promise.all([seller, feeReceiver, author].map(f.attBalance));
    const a = await f.acceptParams({ offerId: p.id, amount: 2n });
    const r = await f.market(ROLE.seller, 'acceptOffer', [a, await f.sign('Accept', a)]);
    const price = parseEther('6');
    const fee = (price * 250n) / 10_000n;
    const roy = (price * 500n) / 10_000n;
    const after = await Promise.all([seller, feeReceiver, author].map(f.attBalance));
    expect([after[0]! - b[0]!, after[1]! - b[1]!, after[2]! - b[2]!]).toEqual([price - fee - roy, fee, roy]);
    expect(await f.itemBalance(buyer, f.ITEM)).toBe(2n);
    expect((await view(p.id)).remaining).toBe(3n);
    expect(await f.attBalance(f.d.market)).toBe(parseEther('9'));
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'OfferAccepted' });
    expect(ev!.args).toEqual({
      acceptId: a.id,
      offerId: p.id,
      seller,
      amount: 2n,
      mintAmount: 0n,
      price,
      fee,
      royalty: roy,
    });
    expect(await f.readMarket('isIdUsed', [4, a.id])).toBe(true);
  });

  it('the creator mints lazily into an offer (their own transaction); the royalty is the one Items recorded', async () => {
    const id = itemOf(author, 40n);
    const { p } = await offer({ itemId: id, amount: 2n, token: KLAY }, parseEther('10'));
    const r = await accept(
      p.id,
      { seller: author, amount: 2n, mintAmount: 2n, editionSize: 5n, royaltyBps: 700n },
      ROLE.author,
    );
    expect(await f.itemBalance(buyer, id)).toBe(2n);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([5n, 700n, 2n]);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'OfferAccepted' });
    expect(ev!.args.royalty).toBe((parseEther('10') * 700n) / 10_000n);
  });

  it('nobody but the creator can accept an offer with minted pieces', async () => {
    const id = itemOf(author, 41n);
    const { p } = await offer({ itemId: id, amount: 2n });
    await expectRevert(accept(p.id, { amount: 2n, mintAmount: 2n, editionSize: 5n }), 'ItemsNotCreator', [id, seller]);
  });

  it('settles with the fee in force when the offer was made', async () => {
    const { p } = await offer({ pricePerOne: parseEther('10') });
    await f.market(ROLE.owner, 'setMarketFee', [1000n]);
    const r = await accept(p.id);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'OfferAccepted' });
    expect(ev!.args.fee).toBe(parseEther('0.25'));
  });

  it('checks caller, signature, id, offer, expiry, amounts', async () => {
    const { p } = await offer({ amount: 2n });
    const a = await f.acceptParams({ offerId: p.id });
    const sig = await f.sign('Accept', a);
    await expectRevert(f.market(ROLE.other, 'acceptOffer', [a, sig]), 'MarketUnauthorizedCaller', [other, seller]);
    await expectRevert(f.market(ROLE.seller, 'acceptOffer', [{ ...a, amount: 2n }, sig]), 'MarketInvalidSignature');
    await expectRevert(accept(p.id, { expiry: (await f.now()) - 1n }), 'MarketSignatureExpired');
    await expectRevert(accept(12345n), 'MarketOfferNotFound', [12345n]);
    await expectRevert(accept(p.id, { amount: 0n }), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(accept(p.id, { amount: 1n, mintAmount: 2n }), 'MarketInvalidAmount', [1n, 2n]);
    await expectRevert(accept(p.id, { amount: 3n }), 'MarketOfferAmountExceeded', [2n, 3n]);
    await f.market(ROLE.seller, 'acceptOffer', [a, sig]);
    await expectRevert(f.market(ROLE.seller, 'acceptOffer', [a, sig]), 'MarketIdAlreadyUsed', [4, a.id]);
    await accept(p.id);
    await expectRevert(accept(p.id), 'MarketOfferAmountExceeded', [0n, 1n]);
  });

  it('MarketOfferExpired after the offer expiry', async () => {
    const { p } = await offer();
    const a = await f.acceptParams({ offerId: p.id, expiry: p.expiry + 100n });
    const sig = await f.sign('Accept', a);
    await f.setNextTime(p.expiry + 1n);
    await expectRevert(f.market(ROLE.seller, 'acceptOffer', [a, sig]), 'MarketOfferExpired', [p.id, p.expiry]);
  });

  it('needs the seller approval on Items', async () => {
    const { p } = await offer();
    await f.items(ROLE.seller, 'setApprovalForAll', [f.d.market, false]);
    await expectRevert(accept(p.id), 'ERC1155MissingApprovalForAll');
  });
});

describe('cancelOffer', () => {
  it('the buyer cancels any part at any time and gets that part back', async () => {
    const { p } = await offer({ amount: 4n, pricePerOne: parseEther('1') });
    const before = await f.attBalance(buyer);
    const r = await f.market(ROLE.buyer, 'cancelOffer', [p.id, 3n]);
    expect(await f.attBalance(buyer)).toBe(before + parseEther('3'));
    expect((await view(p.id)).remaining).toBe(1n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'OfferCancelled' });
    expect(ev!.args).toEqual({ offerId: p.id, amount: 3n, refund: parseEther('3') });
    await expectRevert(f.market(ROLE.buyer, 'cancelOffer', [p.id, 2n]), 'MarketOfferAmountExceeded', [1n, 2n]);
    await expectRevert(f.market(ROLE.buyer, 'cancelOffer', [p.id, 0n]), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(f.market(ROLE.buyer, 'cancelOffer', [99n, 1n]), 'MarketOfferNotFound', [99n]);
  });

  it('others may only return an expired offer, and only to the buyer', async () => {
    const { p } = await offer({ amount: 2n, token: KLAY }, parseEther('10'));
    await expectRevert(f.market(ROLE.other, 'cancelOffer', [p.id, 2n]), 'MarketUnauthorizedCaller', [other, buyer]);
    await f.setNextTime(p.expiry + 1n);
    const before = await f.klayBalance(buyer);
    await f.market(ROLE.other, 'cancelOffer', [p.id, 2n]);
    expect(await f.klayBalance(buyer)).toBe(before + parseEther('10'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });
});
