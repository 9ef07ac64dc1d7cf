// The fixed gas limits (spec section 9, exported once as GAS_LIMITS and attached to every market-client call):
// 400000 for registerAuction, makeOffer and acceptOffer; 300000 for buyNft, placeBid, the cancels, transfers,
// settlement, claims and withdrawals; 100000 for the approvals. Each call below is built by the market client and
// sent with its own limit, as the web sends it, in the worst realistic case, first-use storage included.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { CANCEL_AUCTION_GAS_PER_BID, GAS_LIMITS, cancelAuctionGasLimit } from '../../src/gas';
import * as client from '../../src/market-client';
import { criteriaTree } from '../../src/merkle';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, itemOf, parseEther, setup, type AnyCall, type Fixture } from '../helpers';

let f: Fixture;
let market: Address;
beforeAll(async () => {
  f = await setup();
  market = f.d.market;
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());

/** Sends the client's call with its own gas limit and returns the gas it used (below the limit, or it reverts). */
const used = async (who: number, c: AnyCall) => {
  const r = await f.sendCall(who, c, { fixedGas: true });
  expect(r.gasUsed).toBeLessThan(c.gas);
  return r.gasUsed;
};

describe('gas fits the fixed limits', () => {
  it('exports the limits once', () => {
    expect(GAS_LIMITS).toMatchObject({
      registerAuction: 400_000n,
      makeOffer: 400_000n,
      acceptOffer: 400_000n,
      makeCollectionOffer: 400_000n,
      acceptCollectionOffer: 400_000n,
      cancelCollectionOffer: 300_000n,
      buyNft: 300_000n,
      placeBid: 300_000n,
      cancelBid: 300_000n,
      endAuction: 300_000n,
      voidBuy: 100_000n,
      approve: 100_000n,
    });
    expect(CANCEL_AUCTION_GAS_PER_BID).toBe(90_000n);
    expect(cancelAuctionGasLimit(1)).toBe(300_000n);
    expect(cancelAuctionGasLimit(20)).toBe(300_000n + 19n * 90_000n);
  });

  it('every call, first-use storage included', async () => {
    const author = f.addr[ROLE.author]!;
    const fresh = f.addr[ROLE.extra2]!;
    await used(ROLE.extra2, client.approveCall(f.d.att, market));
    await used(ROLE.extra2, client.setApprovalForAllCall(f.d.items, market));
    // buy: lazy mint of a fresh item (edition and royalty slots written), KLAY, fresh bitmap word
    const l = await f.listing({
      seller: author,
      itemId: itemOf(author, 500n),
      amount: 5n,
      editionSize: 10n,
      royaltyBps: 500n,
      token: KLAY,
    });
    await used(ROLE.buyer, await f.buyCall(l, await f.reservation(l, { id: 1n << 20n })));
    await used(ROLE.seller, client.cancelListingCall(market, await f.listing()));
    const held = await f.reservation(await f.listing(), { id: 1n << 24n });
    await used(
      ROLE.buyer,
      client.voidBuyCall(market, {
        listingHash: held.listingHash,
        reservation: held,
        validatorSignature: await f.sign('Buy', held),
      }),
    );
    await used(ROLE.seller, client.incrementCounterCall(market));

    const a = await f.auctionParams({ token: KLAY });
    await used(ROLE.seller, client.registerAuctionCall(market, a, await f.sign('Auction', a)));
    await used(ROLE.bidder, client.placeBidCall(market, { auctionId: a.id, amount: parseEther('1'), token: KLAY }));
    await used(ROLE.other, client.placeBidCall(market, { auctionId: a.id, amount: parseEther('2'), token: KLAY }));
    await used(ROLE.bidder, client.cancelBidCall(market, a.id));
    await used(ROLE.bidder, client.placeBidCall(market, { auctionId: a.id, amount: parseEther('3'), token: KLAY }));
    await used(ROLE.seller, client.cancelAuctionCall(market, a.id, 2));

    const o = await f.offerParams({ itemId: itemOf(author, 501n), amount: 3n });
    await used(ROLE.buyer, client.makeOfferCall(market, o, await f.sign('Offer', o)));
    const acc = await f.acceptParams({
      offerId: o.id,
      seller: author,
      amount: 2n,
      mintAmount: 2n,
      editionSize: 10n,
      royaltyBps: 500n,
    });
    await used(ROLE.author, client.acceptOfferCall(market, acc, await f.sign('Accept', acc)));
    await used(ROLE.buyer, client.cancelOfferCall(market, o.id, 1n));

    // a collection offer with a criteria root of 10,000 items (a 14-node proof), accepted with a lazy mint
    const ids = Array.from({ length: 10_000 }, (_, i) => itemOf(author, 600n + BigInt(i)));
    const tree = criteriaTree(ids);
    const co = await f.collectionOfferParams({ amount: 3n, criteria: tree.root, token: KLAY });
    await used(ROLE.buyer, client.makeCollectionOfferCall(market, co, await f.sign('CollectionOffer', co)));
    const coa = await f.collectionAcceptParams({
      offerId: co.id,
      seller: author,
      itemId: ids[9_999]!,
      amount: 2n,
      mintAmount: 2n,
      editionSize: 10n,
      royaltyBps: 500n,
    });
    const proof = tree.proof(coa.itemId)!;
    expect(proof.length).toBeGreaterThanOrEqual(13);
    await used(
      ROLE.author,
      client.acceptCollectionOfferCall(market, coa, proof, await f.sign('CollectionAccept', coa)),
    );
    await used(ROLE.buyer, client.cancelCollectionOfferCall(market, co.id, 1n));

    const t = await f.transferParams({
      itemId: itemOf(author, 502n),
      from: author,
      amount: 2n,
      mintAmount: 2n,
      editionSize: 10n,
      royaltyBps: 500n,
    });
    await used(ROLE.author, client.transferWithMintCall(market, t, await f.sign('Transfer', t)));

    // settlement: a minting auction won by a contract whose hook burns all gas (the piece is owed), ATT payouts
    const e = await f.auctionParams({
      itemId: itemOf(author, 503n),
      seller: author,
      isMinting: true,
      editionSize: 1n,
      royaltyBps: 500n,
    });
    await used(ROLE.author, client.registerAuctionCall(market, e, await f.sign('Auction', e)));
    const actor = await f.deploy(testActorAbi as Abi, testActorBytecode);
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [1, 2]);
    await f.att(ROLE.buyer, 'transfer', [actor, parseEther('5')]);
    await f.actorCall(ROLE.buyer, actor, f.d.att, client.approveCall(f.d.att, market).abi, 'approve', [
      market,
      parseEther('5'),
    ]);
    await f.market(ROLE.bidder, 'placeBid', [e.id, parseEther('1')]);
    await f.actorCall(ROLE.buyer, actor, market, marketAbi, 'placeBid', [e.id, parseEther('2')]);
    await f.setNextTime(e.endTime);
    await used(ROLE.extra1, client.endAuctionCall(market, e.id));
    await used(ROLE.bidder, client.cancelBidCall(market, e.id));
    await f.send(ROLE.owner, actor, testActorAbi as Abi, 'setModes', [1, 0]);
    const claim = client.claimAuctionItemCall(market, e.id, fresh);
    expect(claim.gas).toBe(GAS_LIMITS.claimAuctionItem);
    // the actor's own call wraps it, so this is more than the claim alone
    expect(
      (await f.actorCall(ROLE.buyer, actor, market, marketAbi, 'claimAuctionItem', [e.id, fresh])).gasUsed,
    ).toBeLessThan(claim.gas);
    expect(await f.itemBalance(fresh, itemOf(author, 503n))).toBe(1n);

    // a withdrawal of a parked refund (through the actor too): a KLAY bid of the refusing actor, outbid, withdrawn
    const k = await f.auctionParams({ token: KLAY });
    await f.market(ROLE.seller, 'registerAuction', [k, await f.sign('Auction', k)]);
    await f.actorCall(ROLE.buyer, actor, market, marketAbi, 'placeBid', [k.id, parseEther('1')], parseEther('1'));
    await f.market(ROLE.other, 'placeBid', [k.id, parseEther('2')], parseEther('2'));
    await f.actorCall(ROLE.buyer, actor, market, marketAbi, 'cancelBid', [k.id]);
    const w = client.withdrawToCall(market, KLAY, fresh);
    expect([w.functionName, w.gas]).toEqual(['withdrawTo', GAS_LIMITS.withdraw]);
    const r = await f.actorCall(ROLE.buyer, actor, market, marketAbi, 'withdrawTo', [KLAY, fresh]);
    expect(r.gasUsed).toBeLessThan(GAS_LIMITS.withdraw);
  });
});
