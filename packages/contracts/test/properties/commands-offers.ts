/** Property-test commands of offers, withdrawals and time: make, accept (minting the creator's pieces), cancel. */
import fc from 'fast-check';
import { parseEther } from 'viem';
import { marketAbi } from '../../src/generated/contracts';
import { KLAY, ROLE, expectRevert } from '../helpers';
import { Cmd, pick, tick, who } from './invariants';
import { EOAS, type CollectionOfferM, type Model, type OfferM } from './model';

export const makeOffer = fc
  .record({
    b: fc.nat(),
    lazy: fc.boolean(),
    idx: fc.nat(),
    n: fc.integer({ min: 1, max: 4 }),
    klay: fc.boolean(),
    p: fc.integer({ min: 10, max: 200 }), // tenths of a token: at least the Market's 1-token minimum
    life: fc.integer({ min: 60, max: 4000 }),
  })
  .map(
    (a) =>
      new Cmd(`makeOffer(${JSON.stringify(a)})`, async (m) => {
        const { f } = m.w;
        const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
        const buyer = f.addr[EOAS[a.b % EOAS.length]!]!;
        const token = a.klay ? KLAY : f.d.att;
        const pricePerOne = parseEther(String(a.p)) / 10n;
        const o = await f.offerParams({
          id: m.id(),
          itemId,
          amount: BigInt(a.n),
          buyer,
          token,
          pricePerOne,
          expiry: m.time + BigInt(a.life),
        });
        await tick(m);
        await f.market(
          who(m, buyer),
          'makeOffer',
          [o, await f.sign('Offer', o)],
          a.klay ? o.amount * pricePerOne : undefined,
        );
        m.delta(token, buyer, -(o.amount * pricePerOne));
        m.delta(token, f.d.market, o.amount * pricePerOne);
        m.offers.push({ id: o.id, buyer, itemId, token, pricePerOne, remaining: o.amount, expiry: o.expiry });
        return { sender: buyer };
      }),
  );

export const acceptOffer = fc.record({ o: fc.nat(), s: fc.nat(), n: fc.integer({ min: 1, max: 4 }) }).map(
  (a) =>
    new Cmd(`acceptOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const offer = pick(
        m.offers.filter((o) => o.remaining > 0n && m.time + 2n < o.expiry),
        a.o,
      );
      if (!offer) return;
      const lazy = m.w.ids.lazy.includes(offer.itemId);
      const seller = lazy
        ? m.creator(offer.itemId)
        : pick(
            m.holdersOf(offer.itemId).filter((h) => h !== offer.buyer),
            a.s,
          );
      if (!seller) return;
      const have = m.bal(seller, offer.itemId);
      let amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
      if (!lazy && amount > have) amount = have;
      const mintAmount = lazy ? amount - (have < amount ? have : amount) : 0n;
      const overEdition = lazy && (m.minted.get(offer.itemId) ?? 0n) + mintAmount > m.edition(offer.itemId);
      const p = await f.acceptParams({
        id: m.id(),
        offerId: offer.id,
        seller,
        amount,
        mintAmount,
        editionSize: lazy ? m.edition(offer.itemId) : 0n,
        royaltyBps: lazy ? m.royaltyBps(m.items1155, offer.itemId) : 0n,
        expiry: m.time + 3600n,
      });
      await tick(m);
      const send = async () => f.market(who(m, seller), 'acceptOffer', [p, await f.sign('Accept', p)]);
      if (overEdition) {
        await expectRevert(send(), 'ItemsEditionExceeded');
        return { sender: seller };
      }
      await send();
      if (amount > mintAmount) m.move(seller, offer.buyer, offer.itemId, amount - mintAmount);
      if (mintAmount > 0n) m.move(undefined, offer.buyer, offer.itemId, mintAmount);
      offer.remaining -= amount;
      m.sale(offer.token, amount * offer.pricePerOne, offer.itemId, seller);
      return { sender: seller };
    }),
);

/**
 * Cancels part of an escrowed offer (`cancelOffer` for an item offer, `cancelCollectionOffer` for a collection
 * offer): its buyer at any time, anyone else only once it expired (refused while it lives); the refund goes to the
 * buyer. The first live offer of `offers` picked by `a.o`.
 */
export async function cancelEscrowed(
  m: Model,
  offers: readonly OfferM[] | readonly CollectionOfferM[],
  a: { o: number; n: number; byOther: boolean },
  fn: 'cancelOffer' | 'cancelCollectionOffer',
) {
  const { f } = m.w;
  const offer = pick(
    (offers as readonly (OfferM | CollectionOfferM)[]).filter((o) => o.remaining > 0n),
    a.o,
  );
  if (!offer) return;
  const expired = offer.expiry + 2n < m.time;
  const live = m.time + 2n < offer.expiry;
  const other = f.addr[ROLE.owner]!; // never a trader in this model
  if (a.byOther && !expired && !live) return; // too close to the boundary to predict
  const caller = a.byOther ? other : offer.buyer;
  const amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
  await tick(m);
  if (a.byOther && live) {
    await expectRevert(f.market(who(m, caller), fn, [offer.id, amount]), 'MarketUnauthorizedCaller');
    return { sender: caller };
  }
  await f.market(who(m, caller), fn, [offer.id, amount]);
  offer.remaining -= amount;
  m.push(offer.token, offer.buyer, amount * offer.pricePerOne);
  return { sender: caller };
}

export const cancelOffer = fc
  .record({ o: fc.nat(), n: fc.integer({ min: 1, max: 4 }), byOther: fc.boolean() })
  .map((a) => new Cmd(`cancelOffer(${JSON.stringify(a)})`, (m) => cancelEscrowed(m, m.offers, a, 'cancelOffer')));

export const withdraw = fc.constant(null).map(
  () =>
    new Cmd('withdraw(actor)', async (m) => {
      const { f, actor } = m.w;
      const owed = m.withdrawable.get(`${KLAY}:${actor}`) ?? 0n;
      const to = f.addr[9]!;
      await tick(m);
      if (owed === 0n) {
        await expectRevert(
          f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdrawTo', [KLAY, to]),
          'MarketNothingToWithdraw',
        );
        return { sender: f.addr[ROLE.buyer]! };
      }
      await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdrawTo', [KLAY, to]);
      m.withdrawable.set(`${KLAY}:${actor}`, 0n);
      m.delta(KLAY, f.d.market, -owed);
      m.delta(KLAY, to, owed);
      return { sender: f.addr[ROLE.buyer]! };
    }),
);

export const advance = fc.integer({ min: 30, max: 2400 }).map(
  (s) =>
    new Cmd(`advance(${s})`, async (m) => {
      m.time += BigInt(s);
      return {};
    }),
);
