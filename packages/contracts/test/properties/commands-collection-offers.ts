/**
 * Property-test commands of collection offers: make (any item of Items or of the pausable outside collection, or
 * only the items of a criteria root), accept in part by any holder (the creator minting lazily), cancel by the
 * buyer, and anyone's return after the expiry.
 */
import fc from 'fast-check';
import { parseEther, zeroHash } from 'viem';
import { criteriaTree } from '../../src/merkle';
import { KLAY, expectRevert } from '../helpers';
import { cancelEscrowed } from './commands-offers';
import { Cmd, count, pick, tick, who } from './invariants';
import { EOAS, OUTSIDE_ID, type CollectionOfferM, type Model } from './model';

/** The items a collection offer may take: every item of its collection, or those of its criteria. */
const itemsOf = (m: Model, o: CollectionOfferM): bigint[] =>
  o.allowed ?? (o.collection === m.w.outside ? [OUTSIDE_ID] : [...m.w.ids.owned, ...m.w.ids.lazy]);

type Args<T> = T extends fc.Arbitrary<infer V> ? V : never;

const makeArgs = fc.record({
  b: fc.nat(),
  outside: fc.boolean(),
  criteria: fc.boolean(),
  n: fc.integer({ min: 1, max: 4 }),
  klay: fc.boolean(),
  p: fc.integer({ min: 10, max: 200 }), // tenths of a token: at least the Market's 1-token minimum
  life: fc.integer({ min: 60, max: 4000 }),
});
const acceptArgs = fc.record({
  o: fc.nat(),
  i: fc.nat(),
  s: fc.nat(),
  n: fc.integer({ min: 1, max: 4 }),
  outsider: fc.boolean(),
});
const cancelArgs = fc.record({ o: fc.nat(), n: fc.integer({ min: 1, max: 4 }), byOther: fc.boolean() });

export const makeCollectionOfferCmd = (a: Args<typeof makeArgs>) =>
  new Cmd(`makeCollectionOffer(${JSON.stringify(a)})`, async (m) => {
    const { f } = m.w;
    const collection = a.outside ? m.w.outside : f.d.items;
    // Criteria: the first owned item and the first lazy one (never the outside collection's).
    const allowed = a.criteria && !a.outside ? [m.w.ids.owned[0]!, m.w.ids.lazy[0]!] : undefined;
    const buyer = f.addr[EOAS[a.b % EOAS.length]!]!;
    const token = a.klay ? KLAY : f.d.att;
    const pricePerOne = parseEther(String(a.p)) / 10n;
    const p = await f.collectionOfferParams({
      id: m.id(),
      collection,
      criteria: allowed ? criteriaTree(allowed).root : zeroHash,
      amount: BigInt(a.n),
      buyer,
      token,
      pricePerOne,
      expiry: m.time + BigInt(a.life),
    });
    await tick(m);
    const value = a.klay ? p.amount * pricePerOne : undefined;
    await f.market(who(m, buyer), 'makeCollectionOffer', [p, await f.sign('CollectionOffer', p)], value);
    m.delta(token, buyer, -(p.amount * pricePerOne));
    m.delta(token, f.d.market, p.amount * pricePerOne);
    m.collectionOffers.push({
      id: p.id,
      buyer,
      collection,
      allowed,
      token,
      pricePerOne,
      remaining: p.amount,
      expiry: p.expiry,
    });
    return { sender: buyer };
  });

export const acceptCollectionOfferCmd = (a: Args<typeof acceptArgs>) =>
  new Cmd(`acceptCollectionOffer(${JSON.stringify(a)})`, async (m) => {
    const { f } = m.w;
    const offer = pick(
      m.collectionOffers.filter((o) => o.remaining > 0n && m.time + 2n < o.expiry),
      a.o,
    );
    if (!offer) return;
    const { collection } = offer;
    // Mostly an item the offer takes; sometimes one it does not (criteria), which must be refused.
    const candidates = a.outsider && offer.allowed ? m.w.ids.owned.filter((x) => !offer.allowed!.includes(x)) : [];
    const refused = candidates.length > 0;
    const itemId = refused ? pick(candidates, a.i)! : pick(itemsOf(m, offer), a.i)!;
    const lazy = m.w.ids.lazy.includes(itemId);
    const seller = lazy
      ? m.creator(itemId)
      : pick(
          m.holdersOf(itemId, collection).filter((h) => h !== offer.buyer),
          a.s,
        );
    if (!seller) return;
    const have = m.bal(seller, itemId, collection);
    let amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
    if (!lazy && amount > have) amount = have;
    const mintAmount = lazy ? amount - (have < amount ? have : amount) : 0n;
    const p = await f.collectionAcceptParams({
      id: m.id(),
      offerId: offer.id,
      seller,
      itemId,
      amount,
      mintAmount,
      editionSize: lazy ? m.edition(itemId) : 0n,
      royaltyBps: lazy ? m.royaltyBps(collection, itemId) : 0n,
      expiry: m.time + 3600n,
    });
    const proof = offer.allowed ? (criteriaTree(offer.allowed).proof(itemId) ?? []) : [];
    await tick(m);
    const send = async () =>
      f.market(who(m, seller), 'acceptCollectionOffer', [p, proof, await f.sign('CollectionAccept', p)]);
    if (refused) {
      await expectRevert(send(), 'MarketItemNotInCriteria');
      count('acceptCollectionOffer:notInCriteria');
      return { sender: seller };
    }
    if (lazy && (m.minted.get(itemId) ?? 0n) + mintAmount > m.edition(itemId)) {
      await expectRevert(send(), 'ItemsEditionExceeded');
      return { sender: seller };
    }
    if (collection === m.w.outside && m.outsidePaused) {
      await expectRevert(send(), 'HostileCollectionPaused');
      return { sender: seller };
    }
    await send();
    if (amount > mintAmount) m.move(seller, offer.buyer, itemId, amount - mintAmount, collection);
    if (mintAmount > 0n) m.move(undefined, offer.buyer, itemId, mintAmount);
    offer.remaining -= amount;
    m.sale(offer.token, amount * offer.pricePerOne, itemId, seller, undefined, collection);
    return { sender: seller };
  });

export const cancelCollectionOfferCmd = (a: Args<typeof cancelArgs>) =>
  new Cmd(`cancelCollectionOffer(${JSON.stringify(a)})`, (m) =>
    cancelEscrowed(m, m.collectionOffers, a, 'cancelCollectionOffer'),
  );

export const makeCollectionOffer = makeArgs.map(makeCollectionOfferCmd);
export const acceptCollectionOffer = acceptArgs.map(acceptCollectionOfferCmd);
export const cancelCollectionOffer = cancelArgs.map(cancelCollectionOfferCmd);
