import { getAddress, maxUint256, zeroAddress, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashListing, marketDomain } from '../src/eip712';
import { GAS_LIMITS, cancelAuctionGasLimit } from '../src/gas';
import { attAbi, itemsAbi, marketAbi } from '../src/generated/contracts';
import * as client from '../src/market-client';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from './helpers';

const market = '0x00000000000000000000000000000000000000aa' as Address;
const seller = '0x90f79bf6eb2c4f870365e785982e1f101e93b906' as Address;
const sig = '0x1234' as Hex;

describe('market client: the Listing', () => {
  const terms: client.SaleTerms = {
    seller,
    collection: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    itemId: '9435802489392532849329415225251965785597302377102806428109850929297071538177',
    token: client.KLAY_TOKEN,
    pricePerOne: '10000000000000000000',
    amount: 2,
    feeBps: 250,
    expiry: 1_800_000_000n,
    salt: '77',
    counter: 0,
  };

  it('builds the EIP-712 struct from terms given as numbers, decimal strings or bigints (minted pieces: no edition)', () => {
    expect(client.buildListing(terms)).toEqual({
      seller: getAddress(seller),
      collection: getAddress(terms.collection),
      itemId: BigInt(terms.itemId),
      token: zeroAddress,
      pricePerOne: parseEther('10'),
      amount: 2n,
      editionSize: 0n,
      royaltyBps: 0n,
      feeBps: 250n,
      expiry: 1_800_000_000n,
      salt: 77n,
      counter: 0n,
    });
  });

  it('a lazy listing carries the edition and royalty; the digest does not depend on how the terms were written', () => {
    const lazy = client.buildListing({ ...terms, lazy: { editionSize: 10, royaltyBps: '500' } });
    expect([lazy.editionSize, lazy.royaltyBps]).toEqual([10n, 500n]);
    const domain = marketDomain(31337, market);
    const same = client.buildListing({
      ...terms,
      seller: getAddress(seller),
      itemId: BigInt(terms.itemId),
      amount: '2',
      lazy: { editionSize: 10n, royaltyBps: 500n },
    });
    expect(hashListing(domain, same)).toBe(hashListing(domain, lazy));
  });

  it('lazyMint: only the creator, only while the quantity fits in the unminted pieces', () => {
    const o = { seller, creator: seller, editionSize: 10, minted: 7, quantity: 3, royaltyBps: 250 };
    expect(client.lazyMint(o)).toEqual({ editionSize: 10n, royaltyBps: 250n });
    expect(client.lazyMint({ ...o, quantity: 4 })).toBeUndefined();
    expect(client.lazyMint({ ...o, creator: market })).toBeUndefined();
  });
});

describe('market client: the calls', () => {
  it('each call names its function and arguments and carries its gas limit from gas.ts', () => {
    const l = client.buildListing({
      seller,
      collection: market,
      itemId: 1,
      token: KLAY,
      pricePerOne: 5n,
      amount: 3,
      feeBps: 250,
      expiry: 1,
      salt: 1,
      counter: 0,
    });
    const buy = client.buyNftCall(market, {
      listing: l,
      sellerSignature: sig,
      reservation: { buyer: seller, amount: 2n, id: 9n, expiry: 5n },
      validatorSignature: sig,
    });
    expect(buy).toEqual({
      address: getAddress(market),
      abi: marketAbi,
      functionName: 'buyNft',
      args: [l, sig, { buyer: getAddress(seller), amount: 2n, id: 9n, expiry: 5n }, sig],
      value: 10n,
      gas: GAS_LIMITS.buyNft,
    });
    const att = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
    const order = {
      listing: l,
      sellerSignature: sig,
      reservation: { buyer: seller, amount: 2n, id: 9n, expiry: 5n },
      validatorSignature: sig,
    };
    const cart = client.buyNftsCall(market, KLAY, [order, order]);
    expect(cart).toMatchObject({ functionName: 'buyNfts', value: 20n, gas: 100_000n + 2n * GAS_LIMITS.buyNft });
    expect(cart.args[1][0]!.reservation).toEqual({ buyer: getAddress(seller), amount: 2n, id: 9n, expiry: 5n });
    expect(client.buyNftsCall(market, att, [order])).not.toHaveProperty('value');
    expect(
      client.buyNftCall(market, {
        ...buy,
        listing: { ...l, token: att },
        sellerSignature: sig,
        reservation: { buyer: seller, amount: 2n, id: 9n, expiry: 5n },
        validatorSignature: sig,
      }),
    ).not.toHaveProperty('value');

    expect(client.approveCall(att, market)).toEqual({
      address: getAddress(att),
      abi: attAbi,
      functionName: 'approve',
      args: [getAddress(market), maxUint256],
      gas: GAS_LIMITS.approve,
    });
    expect(client.setApprovalForAllCall(market, market)).toMatchObject({
      abi: itemsAbi,
      functionName: 'setApprovalForAll',
      args: [getAddress(market), true],
      gas: GAS_LIMITS.setApprovalForAll,
    });
    // a wallet's own transfer: data 0x00 (spec), the transfer's gas limit
    expect(client.safeTransferCall(market, { from: seller, to: market, itemId: 7n, amount: 2n })).toEqual({
      address: getAddress(market),
      abi: itemsAbi,
      functionName: 'safeTransferFrom',
      args: [getAddress(seller), getAddress(market), 7n, 2n, '0x00'],
      gas: GAS_LIMITS.transferWithMint,
    });
    expect(client.cancelListingCall(market, l)).toMatchObject({
      functionName: 'cancelListing',
      args: [l],
      gas: GAS_LIMITS.cancelListing,
    });
    expect(client.incrementCounterCall(market)).toMatchObject({
      functionName: 'incrementCounter',
      args: [],
      gas: GAS_LIMITS.incrementCounter,
    });

    // a KLAY bid sends only the increase over the bidder's own live bid; an ATT bid sends nothing
    expect(client.placeBidCall(market, { auctionId: 4n, amount: 30n, token: KLAY, currentBid: 12n })).toMatchObject({
      functionName: 'placeBid',
      args: [4n, 30n],
      value: 18n,
      gas: GAS_LIMITS.placeBid,
    });
    expect(client.placeBidCall(market, { auctionId: 4n, amount: 30n, token: att })).not.toHaveProperty('value');
    expect(client.cancelBidCall(market, 4n)).toMatchObject({
      functionName: 'cancelBid',
      args: [4n],
      gas: GAS_LIMITS.cancelBid,
    });
    expect(client.cancelAuctionCall(market, 4n, 7)).toMatchObject({
      functionName: 'cancelAuction',
      args: [4n],
      gas: cancelAuctionGasLimit(7),
    });
    expect(client.endAuctionCall(market, 4n)).toMatchObject({
      functionName: 'endAuction',
      args: [4n],
      gas: GAS_LIMITS.endAuction,
    });
    expect(client.claimAuctionItemCall(market, 4n, seller)).toMatchObject({
      functionName: 'claimAuctionItem',
      args: [4n, getAddress(seller)],
      gas: GAS_LIMITS.claimAuctionItem,
    });
    expect(client.cancelOfferCall(market, 3n, 1n)).toMatchObject({
      functionName: 'cancelOffer',
      args: [3n, 1n],
      gas: GAS_LIMITS.cancelOffer,
    });
    const co = {
      id: 1n,
      collection: market,
      criteria: `0x${'00'.repeat(32)}` as Hex,
      amount: 3n,
      buyer: seller,
      token: KLAY,
      pricePerOne: 7n,
      expiry: 9n,
    };
    expect(client.makeCollectionOfferCall(market, co, sig)).toEqual({
      address: getAddress(market),
      abi: marketAbi,
      functionName: 'makeCollectionOffer',
      args: [co, sig],
      value: 21n,
      gas: GAS_LIMITS.makeCollectionOffer,
    });
    expect(client.makeCollectionOfferCall(market, { ...co, token: att }, sig)).not.toHaveProperty('value');
    const coa = {
      id: 2n,
      offerId: 1n,
      seller,
      itemId: 5n,
      amount: 1n,
      mintAmount: 0n,
      editionSize: 0n,
      royaltyBps: 0n,
      expiry: 9n,
    };
    const proof = [`0x${'12'.repeat(32)}`] as Hex[];
    expect(client.acceptCollectionOfferCall(market, coa, proof, sig)).toMatchObject({
      functionName: 'acceptCollectionOffer',
      args: [coa, proof, sig],
      gas: GAS_LIMITS.acceptCollectionOffer,
    });
    expect(client.cancelCollectionOfferCall(market, 1n, 2n)).toMatchObject({
      functionName: 'cancelCollectionOffer',
      args: [1n, 2n],
      gas: GAS_LIMITS.cancelCollectionOffer,
    });
    expect(client.getCollectionOfferRead(market, 1n)).toEqual({
      address: getAddress(market),
      abi: marketAbi,
      functionName: 'getCollectionOffer',
      args: [1n],
    });
    expect(client.withdrawCall(market, att)).toMatchObject({
      functionName: 'withdraw',
      args: [getAddress(att)],
      gas: GAS_LIMITS.withdraw,
    });
    expect(client.withdrawToCall(market, KLAY, seller)).toMatchObject({
      functionName: 'withdrawTo',
      args: [KLAY, getAddress(seller)],
      gas: GAS_LIMITS.withdraw,
    });
  });
});

describe('market client: the calls go straight to viem', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setup();
    await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
    for (const w of [ROLE.seller, ROLE.buyer, ROLE.bidder]) {
      await f.sendCall(w, client.approveCall(f.d.att, f.d.market), { fixedGas: true });
      await f.sendCall(w, client.setApprovalForAllCall(f.d.items, f.d.market), { fixedGas: true });
    }
  });
  afterAll(() => f.stop());

  it('simulateContract and writeContract take them as they are (an offer made, accepted and withdrawn; a KLAY buy)', async () => {
    const { d } = f;
    const o = await f.offerParams({ token: KLAY, amount: 2n, pricePerOne: parseEther('1') });
    const make = client.makeOfferCall(d.market, o, await f.sign('Offer', o));
    expect(make.value).toBe(parseEther('2'));
    await f.pub.simulateContract({ ...make, account: f.addr[ROLE.buyer]! });
    await f.wait(
      await f.wallets[ROLE.buyer]!.writeContract({ ...make, account: f.accounts[ROLE.buyer]!, chain: f.chain }),
    );
    const acc = await f.acceptParams({ offerId: o.id });
    await f.sendCall(ROLE.seller, client.acceptOfferCall(d.market, acc, await f.sign('Accept', acc)), {
      fixedGas: true,
    });
    await f.sendCall(ROLE.buyer, client.cancelOfferCall(d.market, o.id, 1n), { fixedGas: true });
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(1n);

    const l = await f.listing({ token: KLAY });
    await f.sendCall(ROLE.buyer, await f.buyCall(l, await f.reservation(l)), { fixedGas: true });
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(2n);
    // a refusal decodes from the simulation
    await expectRevert(
      f.pub.simulateContract({ ...client.withdrawCall(d.market, KLAY), account: f.addr[ROLE.buyer]! }),
      'MarketNothingToWithdraw',
    );
  });
});
