/** Property-test commands of fixed-price listings and transfers: sign, buy (and the refusals), cancel, transfer. */
import fc from 'fast-check';
import { parseEther, type Address } from 'viem';
import type { Fixture } from '../helpers';
import { KLAY, expectRevert } from '../helpers';
import { Cmd, pick, tick, who } from './invariants';
import { EOAS, FEE_BPS, type ListingM, type Model } from './model';

const tokenOf = (f: Fixture, klay: boolean) => (klay ? KLAY : f.d.att);
export const eoas = (m: Model): Address[] => m.w.f.addr.filter((_, i) => EOAS.includes(i as never));

const listArgs = fc.record({
  s: fc.nat(),
  lazy: fc.boolean(),
  idx: fc.nat(),
  n: fc.integer({ min: 1, max: 4 }),
  klay: fc.boolean(),
  p: fc.integer({ min: 1, max: 50 }),
  life: fc.integer({ min: 300, max: 6000 }),
});
type ListArgs = typeof listArgs extends fc.Arbitrary<infer T> ? T : never;

/** The seller signs a listing (no transaction): owned pieces, or the creator's lazy pieces. */
export async function newListing(m: Model, a: ListArgs): Promise<ListingM | undefined> {
  const { f } = m.w;
  const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
  const seller = a.lazy ? m.creator(itemId) : pick(m.holdersOf(itemId), a.s);
  if (!seller) return undefined;
  const l = await f.listing({
    seller,
    itemId,
    token: tokenOf(f, a.klay),
    pricePerOne: parseEther(String(a.p)),
    amount: BigInt(a.n),
    editionSize: a.lazy ? m.edition(itemId) : 0n,
    royaltyBps: a.lazy ? m.royaltyBps(m.items1155, itemId) : 0n,
    feeBps: FEE_BPS,
    expiry: m.time + BigInt(a.life),
    salt: m.id(),
    counter: m.counters.get(seller) ?? 0n,
  });
  const x = { l, sig: await f.signListing(l), hash: f.listingHash(l), lazy: a.lazy, filled: 0n, cancelled: false };
  m.listings.push(x);
  return x;
}

export const list = listArgs.map(
  (a) => new Cmd(`list(${JSON.stringify(a)})`, async (m) => ((await newListing(m, a)) ? {} : undefined)),
);

const isOpen = (m: Model, x: ListingM) =>
  !x.cancelled &&
  (m.counters.get(x.l.seller) ?? 0n) === x.l.counter &&
  m.time + 1n <= x.l.expiry &&
  x.filled < x.l.amount;

/** A buyer fills part of a listing with a validator reservation; refused when cancelled, expired or exhausted. */
export const buy = fc
  .record({ l: fc.nat(), b: fc.nat(), n: fc.integer({ min: 1, max: 4 }), anyListing: fc.boolean(), list: listArgs })
  .map(
    (a) =>
      new Cmd(`buy(${JSON.stringify(a)})`, async (m) => {
        const { f } = m.w;
        // mostly an open listing (signing a new one when there is none); sometimes any, to hit the refusals
        const open = m.listings.filter((y) => isOpen(m, y));
        const x = a.anyListing ? pick(m.listings, a.l) : (pick(open, a.l) ?? (await newListing(m, a.list)));
        if (!x) return;
        const { l } = x;
        const buyer = pick(
          eoas(m).filter((y) => y !== l.seller),
          a.b,
        )!;
        const remaining = l.amount - x.filled;
        const dead = x.cancelled || (m.counters.get(l.seller) ?? 0n) !== l.counter;
        const expired = m.time + 1n > l.expiry;
        let amount = BigInt(a.n);
        if (!x.lazy && !dead && !expired && amount <= remaining) {
          const have = m.bal(l.seller, l.itemId);
          if (have === 0n) return; // the seller sold or escrowed the pieces elsewhere
          if (amount > have) amount = have;
        }
        const overEdition = x.lazy && (m.minted.get(l.itemId) ?? 0n) + amount > m.edition(l.itemId);
        const r = await f.reservation(l, { buyer, amount, id: m.id(), expiry: m.time + 3600n });
        const args = [l, x.sig, r, await f.sign('Buy', r)] as const;
        const value = l.token === KLAY ? amount * l.pricePerOne : undefined;
        await tick(m);
        const send = () => f.market(who(m, buyer), 'buyNft', args, value);
        if (expired) await expectRevert(send(), 'MarketSignatureExpired');
        else if (dead) await expectRevert(send(), 'MarketListingCancelled', [x.hash]);
        else if (amount > remaining) await expectRevert(send(), 'MarketListingAmountExceeded', [remaining, amount]);
        else if (overEdition) await expectRevert(send(), 'ItemsEditionExceeded');
        else {
          await send();
          x.filled += amount;
          m.move(x.lazy ? undefined : l.seller, buyer, l.itemId, amount);
          m.sale(l.token, amount * l.pricePerOne, l.itemId, l.seller, buyer);
          // replaying the same reservation is refused
          await tick(m);
          await expectRevert(send(), 'MarketIdAlreadyUsed');
        }
        return { sender: buyer };
      }),
  );

export const cancelListing = fc.nat().map(
  (n) =>
    new Cmd(`cancelListing(${n})`, async (m) => {
      const x = pick(
        m.listings.filter((y) => !y.cancelled),
        n,
      );
      if (!x) return;
      await tick(m);
      await m.w.f.market(who(m, x.l.seller), 'cancelListing', [x.l]);
      x.cancelled = true;
      return { sender: x.l.seller };
    }),
);

export const incrementCounter = fc.nat().map(
  (n) =>
    new Cmd(`incrementCounter(${n})`, async (m) => {
      const seller = pick([...new Set(m.listings.map((x) => x.l.seller))], n);
      if (!seller) return;
      await tick(m);
      await m.w.f.market(who(m, seller), 'incrementCounter');
      m.counters.set(seller, (m.counters.get(seller) ?? 0n) + 1n);
      return { sender: seller };
    }),
);

export const transfer = fc
  .record({ s: fc.nat(), t: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 3 }) })
  .map(
    (a) =>
      new Cmd(`transferWithMint(${JSON.stringify(a)})`, async (m) => {
        const { f } = m.w;
        const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
        const from = a.lazy ? m.creator(itemId) : pick(m.holdersOf(itemId), a.s);
        if (!from) return;
        const to = pick(
          eoas(m).filter((x) => x !== from),
          a.t,
        )!;
        const have = m.bal(from, itemId);
        const amount = a.lazy ? BigInt(a.n) : BigInt(Math.min(a.n, Number(have)));
        const mintAmount = a.lazy ? amount - (have < amount ? have : amount) : 0n;
        const overEdition = a.lazy && (m.minted.get(itemId) ?? 0n) + mintAmount > m.edition(itemId);
        const p = await f.transferParams({
          id: m.id(),
          itemId,
          from,
          to,
          amount,
          mintAmount,
          editionSize: a.lazy ? m.edition(itemId) : 0n,
          royaltyBps: a.lazy ? m.royaltyBps(m.items1155, itemId) : 0n,
          expiry: m.time + 3600n,
        });
        await tick(m);
        const send = async () => f.market(who(m, from), 'transferWithMint', [p, await f.sign('Transfer', p)]);
        if (overEdition) {
          await expectRevert(send(), 'ItemsEditionExceeded');
          return { sender: from };
        }
        await send();
        if (amount > mintAmount) m.move(from, to, itemId, amount - mintAmount);
        if (mintAmount > 0n) m.move(undefined, to, itemId, mintAmount);
        return { sender: from };
      }),
  );
