/**
 * Model-based stateful testing of the Market against anvil (fast-check commands).
 * The model mirrors item balances, seller-signed listings (fills, cancels by hash and by counter), live
 * auctions with their bid books, offers, withdrawable balances and lazily minted supply; every command also
 * predicts the exact ATT and KLAY balance changes of every party, so each step checks that every sale paid
 * seller + fee + royalty == price. After every step the invariants below are checked on chain.
 */
import fc from 'fast-check';
import { parseEther, type Abi, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import type { Listing } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, itemOf, setup, type Fixture } from '../helpers';

export const FEE_BPS = 250n;
const RAISE_BPS = 500n;
const EXTENSION = 600n;
const A = testActorAbi as Abi;
/** Trading EOAs (anvil accounts 3..8); account 9 receives the reverting actor's withdrawals. */
const EOAS = [3, 4, 5, 6, 7, 8] as const;
/** Item numbers; the ids name their creators (account 7 or 8). */
const CREATOR_OF: Record<string, number> = { '1': 7, '2': 7, '10': 7, '11': 8 };
/** Owned items: minted up front with this royalty. Lazy items: this edition and royalty, minted only in trades. */
const OWNED = { '1': { royalty: 500n }, '2': { royalty: 0n } } as const;
const LAZY = { '10': { edition: 6n, royalty: 300n }, '11': { edition: 4n, royalty: 0n } } as const;

interface ListingM {
  l: Listing;
  sig: Hex;
  hash: Hex;
  lazy: boolean;
  filled: bigint;
  cancelled: boolean;
}
interface AuctionM {
  id: bigint;
  seller: Address;
  itemId: bigint;
  token: Address;
  endTime: bigint;
  /** Live bids (while running), or the losing bids still withdrawable (after settlement). */
  bids: Map<Address, bigint>;
  topBidder?: Address;
  topBid: bigint;
  live: boolean;
}
interface OfferM {
  id: bigint;
  buyer: Address;
  itemId: bigint;
  token: Address;
  pricePerOne: bigint;
  remaining: bigint;
  expiry: bigint;
}

export interface World {
  f: Fixture;
  actor: Address;
  ids: { owned: bigint[]; lazy: bigint[] };
  /** Snapshot of the prepared state each sequence starts from. */
  base: Hex;
}

export class Model {
  time = 0n;
  nextId = 1n;
  items = new Map<string, bigint>(); // `${holder}:${id}` -> balance
  minted = new Map<bigint, bigint>(); // lazy id -> pieces minted
  listings: ListingM[] = [];
  counters = new Map<Address, bigint>();
  auctions: AuctionM[] = [];
  offers: OfferM[] = [];
  withdrawable = new Map<string, bigint>(); // `${token}:${account}`
  deltas = new Map<string, bigint>(); // `${token}:${account}` -> expected change in this step
  sales = 0;
  constructor(readonly w: World) {}

  bal(holder: Address, id: bigint): bigint {
    return this.items.get(`${holder}:${id}`) ?? 0n;
  }
  move(from: Address | undefined, to: Address, id: bigint, n: bigint) {
    if (from) this.items.set(`${from}:${id}`, this.bal(from, id) - n);
    else this.minted.set(id, (this.minted.get(id) ?? 0n) + n);
    this.items.set(`${to}:${id}`, this.bal(to, id) + n);
  }
  delta(token: Address, who: Address, amount: bigint) {
    const k = `${token}:${who}`;
    this.deltas.set(k, (this.deltas.get(k) ?? 0n) + amount);
  }
  /** A push from the Market: an EOA receives it, the reverting actor gets it parked as withdrawable. */
  push(token: Address, to: Address, amount: bigint) {
    if (amount === 0n) return;
    this.delta(token, this.w.f.d.market, -amount);
    if (to === this.w.actor && token === KLAY) {
      const k = `${token}:${to}`;
      this.withdrawable.set(k, (this.withdrawable.get(k) ?? 0n) + amount);
      this.delta(token, this.w.f.d.market, amount);
    } else {
      this.delta(token, to, amount);
    }
  }
  creator(id: bigint): Address {
    return this.w.f.addr[CREATOR_OF[String(id & 0xffffn)]!]!;
  }
  royaltyBps(id: bigint): bigint {
    const n = String(id & 0xffffn);
    return n in OWNED ? OWNED[n as keyof typeof OWNED].royalty : LAZY[n as keyof typeof LAZY].royalty;
  }
  edition(id: bigint): bigint {
    return LAZY[String(id & 0xffffn) as keyof typeof LAZY].edition;
  }
  /** Seller + fee + royalty == price, paid from `payer` (direct) or from the Market's escrow (`payer` undefined). */
  sale(token: Address, price: bigint, itemId: bigint, seller: Address, payer?: Address) {
    const fee = (price * FEE_BPS) / 10_000n;
    const royalty = (price * this.royaltyBps(itemId)) / 10_000n;
    const toSeller = price - fee - royalty;
    expect(toSeller + fee + royalty).toBe(price);
    const feeReceiver = this.w.f.addr[ROLE.feeReceiver]!;
    const author = this.creator(itemId);
    if (payer) {
      this.delta(token, payer, -price);
      for (const [to, amt] of [
        [seller, toSeller],
        [feeReceiver, fee],
        [author, royalty],
      ] as const) {
        if (amt !== 0n) this.delta(token, to, amt);
      }
    } else {
      this.push(token, seller, toSeller);
      this.push(token, feeReceiver, fee);
      this.push(token, author, royalty);
    }
    this.sales++;
  }
  id(): bigint {
    return this.nextId++;
  }
  /** Pieces a holder can sell now (escrowed pieces are already off their balance). */
  holdersOf(id: bigint): Address[] {
    return this.w.f.addr.filter((a, i) => EOAS.includes(i as never) && this.bal(a, id) > 0n);
  }
}

// ------------------------------------------------------------------------------------------ runner helpers

export async function prepareWorld(): Promise<World> {
  const f = await setup();
  await f.approveAll();
  const id = (n: bigint) => itemOf(f.addr[CREATOR_OF[String(n)]!]!, n);
  const owned = [id(1n), id(2n)];
  const lazy = [id(10n), id(11n)];
  await f.mintTo(f.addr[3]!, owned[0]!, 5n, OWNED['1'].royalty, 10n);
  await f.mintTo(f.addr[4]!, owned[0]!, 5n, OWNED['1'].royalty, 10n);
  await f.mintTo(f.addr[5]!, owned[1]!, 5n, OWNED['2'].royalty, 5n);
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [1, 0]); // refuses KLAY, accepts pieces
  return { f, actor, ids: { owned, lazy }, base: await f.snapshot() };
}

export async function initialModel(w: World): Promise<Model> {
  const m = new Model(w);
  m.items.set(`${w.f.addr[3]}:${w.ids.owned[0]}`, 5n);
  m.items.set(`${w.f.addr[4]}:${w.ids.owned[0]}`, 5n);
  m.items.set(`${w.f.addr[5]}:${w.ids.owned[1]}`, 5n);
  m.time = await w.f.now();
  return m;
}

const parties = (m: Model): Address[] => [...m.w.f.addr.slice(2, 10), m.w.actor, m.w.f.d.market];

async function balances(m: Model): Promise<Map<string, bigint>> {
  const { f } = m.w;
  const out = new Map<string, bigint>();
  await Promise.all(
    parties(m).flatMap((a) => [
      f.klayBalance(a).then((b) => out.set(`${KLAY}:${a}`, b)),
      f.attBalance(a).then((b) => out.set(`${f.d.att}:${a}`, b)),
    ]),
  );
  return out;
}

/** Sets the next block's timestamp to the model clock + 1 (every transaction gets a known time). */
async function tick(m: Model) {
  m.time += 1n;
  await m.w.f.setNextTime(m.time);
}

type Step = (m: Model) => Promise<{ sender?: Address } | void>;

/** Runs one step: predicts deltas, executes, then checks deltas and every invariant. */
async function step(m: Model, body: Step) {
  m.deltas.clear();
  const before = await balances(m);
  const res = (await body(m)) ?? {};
  const after = await balances(m);
  for (const [k, b] of before) {
    const [token, who] = k.split(':') as [Address, Address];
    if (token === KLAY && who === res.sender) continue; // the sender also paid gas
    expect(`${k} ${after.get(k)! - b}`).toBe(`${k} ${m.deltas.get(k) ?? 0n}`);
  }
  await checkInvariants(m, after);
}

export async function checkInvariants(m: Model, bal?: Map<string, bigint>) {
  const { f } = m.w;
  const b = bal ?? (await balances(m));
  // 1. escrow == live bids (and losing bids not yet withdrawn) + live offers + refundable balances, per token
  for (const token of [KLAY, f.d.att]) {
    let owed = 0n;
    for (const a of m.auctions) if (a.token === token) for (const v of a.bids.values()) owed += v;
    for (const o of m.offers) if (o.token === token) owed += o.remaining * o.pricePerOne;
    for (const [k, v] of m.withdrawable) if (k.startsWith(`${token}:`)) owed += v;
    expect(b.get(`${token}:${f.d.market}`)).toBe(owed);
  }
  // 2. withdrawable balances on chain match the model
  const chainW = await f.readMarket<bigint>('withdrawable', [KLAY, m.w.actor]);
  expect(chainW).toBe(m.withdrawable.get(`${KLAY}:${m.w.actor}`) ?? 0n);
  // 3. the bid book on chain matches the model: every bid, and the top
  await Promise.all(
    m.auctions.flatMap((a) => [
      ...[...a.bids].map(async ([who, v]) => expect(`${a.id}:${who}=${await f.readMarket<bigint>('bidOf', [a.id, who])}`).toBe(`${a.id}:${who}=${v}`)),
      f.readMarket<{ topBidder: Address; topBid: bigint }>('getAuction', [a.id]).then((c) => {
        if (a.live) expect([c.topBidder, c.topBid]).toEqual([a.topBidder ?? '0x0000000000000000000000000000000000000000', a.topBid]);
      }),
    ]),
  );
  // 4. a listing never fills past its amount; fills and cancels match the model
  await Promise.all(
    m.listings.map(async (x) => {
      const filled = await f.readMarket<bigint>('filledOf', [x.hash]);
      expect(filled).toBe(x.cancelled ? 2n ** 256n - 1n : x.filled);
      expect(x.filled <= x.l.amount).toBe(true);
    }),
  );
  // 5. every holder's pieces match (so no piece was sold twice), escrow holds one piece per live auction,
  //    and lazily minted supply == pieces minted by trades <= the edition (also as Items records it)
  const holders = [...f.addr.slice(3, 10), m.w.actor, f.d.market];
  const ids = [...m.w.ids.owned, ...m.w.ids.lazy];
  const pairs = holders.flatMap((h) => ids.map((id) => [h, id] as const));
  const chain = await f.read<readonly bigint[]>(f.d.items, itemsAbi, 'balanceOfBatch', [pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
  pairs.forEach(([h, id], i) => expect(`${h}:${id}=${chain[i]}`).toBe(`${h}:${id}=${m.bal(h, id)}`));
  for (const id of m.w.ids.lazy) {
    const supply = pairs.reduce((s, [, pid], i) => (pid === id ? s + chain[i]! : s), 0n);
    expect(supply).toBe(m.minted.get(id) ?? 0n);
    expect(supply <= m.edition(id)).toBe(true);
    const [, , minted] = await f.read<readonly [bigint, bigint, bigint]>(f.d.items, itemsAbi, 'editionOf', [id]);
    expect(minted).toBe(supply);
  }
  for (const [i, id] of m.w.ids.owned.entries()) {
    const supply = pairs.reduce((s, [, pid], j) => (pid === id ? s + chain[j]! : s), 0n);
    expect(supply).toBe(i === 0 ? 10n : 5n);
  }
}

// ------------------------------------------------------------------------------------------ commands

const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
const tokenOf = (f: Fixture, klay: boolean) => (klay ? KLAY : f.d.att);
const eoas = (m: Model) => m.w.f.addr.filter((_, i) => EOAS.includes(i as never));
const who = (m: Model, a: Address) => m.w.f.addr.indexOf(a);

/** Commands that did something (not a no-op for lack of a target), by kind, across the whole run. */
export const stats = new Map<string, number>();

class Cmd implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly label: string,
    readonly body: Step,
  ) {}
  check = () => true;
  async run(m: Model) {
    if (process.env.FUZZ_TRACE) console.log(`step ${this.label}`);
    await step(m, async (mm) => {
      const r = await this.body(mm);
      if (r) stats.set(this.kind, (stats.get(this.kind) ?? 0) + 1);
      return r;
    });
  }
  get kind() {
    return this.label.slice(0, this.label.indexOf('('));
  }
  toString() {
    return this.label;
  }
}

const listArgs = fc.record({ s: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 4 }), klay: fc.boolean(), p: fc.integer({ min: 1, max: 50 }), life: fc.integer({ min: 300, max: 6000 }) });
type ListArgs = typeof listArgs extends fc.Arbitrary<infer T> ? T : never;

/** The seller signs a listing (no transaction): owned pieces, or the creator's lazy pieces. */
async function newListing(m: Model, a: ListArgs): Promise<ListingM | undefined> {
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
    royaltyBps: a.lazy ? m.royaltyBps(itemId) : 0n,
    feeBps: FEE_BPS,
    expiry: m.time + BigInt(a.life),
    salt: m.id(),
    counter: m.counters.get(seller) ?? 0n,
  });
  const x = { l, sig: await f.signListing(l), hash: f.listingHash(l), lazy: a.lazy, filled: 0n, cancelled: false };
  m.listings.push(x);
  return x;
}

const list = listArgs.map((a) => new Cmd(`list(${JSON.stringify(a)})`, async (m) => ((await newListing(m, a)) ? {} : undefined)));

const isOpen = (m: Model, x: ListingM) => !x.cancelled && (m.counters.get(x.l.seller) ?? 0n) === x.l.counter && m.time + 1n <= x.l.expiry && x.filled < x.l.amount;

/** A buyer fills part of a listing with a validator reservation; refused when cancelled, expired or exhausted. */
const buy = fc.record({ l: fc.nat(), b: fc.nat(), n: fc.integer({ min: 1, max: 4 }), anyListing: fc.boolean(), list: listArgs }).map(
  (a) =>
    new Cmd(`buy(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      // mostly an open listing (signing a new one when there is none); sometimes any, to hit the refusals
      const open = m.listings.filter((y) => isOpen(m, y));
      const x = a.anyListing ? pick(m.listings, a.l) : (pick(open, a.l) ?? (await newListing(m, a.list)));
      if (!x) return;
      const { l } = x;
      const buyer = pick(eoas(m).filter((y) => y !== l.seller), a.b)!;
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

const cancelListing = fc.nat().map(
  (n) =>
    new Cmd(`cancelListing(${n})`, async (m) => {
      const x = pick(m.listings.filter((y) => !y.cancelled), n);
      if (!x) return;
      await tick(m);
      await m.w.f.market(who(m, x.l.seller), 'cancelListing', [x.l]);
      x.cancelled = true;
      return { sender: x.l.seller };
    }),
);

const incrementCounter = fc.nat().map(
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

const register = fc.record({ s: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), klay: fc.boolean(), dur: fc.integer({ min: 700, max: 3600 }) }).map(
  (a) =>
    new Cmd(`registerAuction(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
      const seller = a.lazy ? m.creator(itemId) : pick(m.holdersOf(itemId), a.s);
      if (!seller) return;
      const token = tokenOf(f, a.klay);
      const p = await f.auctionParams({
        id: m.id(),
        itemId,
        seller,
        token,
        startPrice: parseEther('0.1'),
        endTime: m.time + BigInt(a.dur),
        isMinting: a.lazy,
        editionSize: a.lazy ? m.edition(itemId) : 0n,
        royaltyBps: a.lazy ? m.royaltyBps(itemId) : 0n,
        expiry: m.time + 3600n,
      });
      await tick(m);
      const send = async () => f.market(who(m, seller), 'registerAuction', [p, await f.sign('Auction', p)]);
      if (a.lazy && (m.minted.get(itemId) ?? 0n) + 1n > m.edition(itemId)) {
        await expectRevert(send(), 'ItemsEditionExceeded');
        return { sender: seller };
      }
      await send();
      m.move(a.lazy ? undefined : seller, f.d.market, itemId, 1n);
      m.auctions.push({ id: p.id, seller, itemId, token, endTime: p.endTime, bids: new Map(), topBid: 0n, live: true });
      return { sender: seller };
    }),
);

const bid = fc.record({ a: fc.nat(), b: fc.nat(), useActor: fc.boolean(), extra: fc.integer({ min: 0, max: 30 }), low: fc.boolean() }).map(
  (x) =>
    new Cmd(`placeBid(${JSON.stringify(x)})`, async (m) => {
      const { f, actor } = m.w;
      const au = pick(m.auctions.filter((a) => a.live && m.time + 2n < a.endTime), x.a);
      if (!au) return;
      const viaActor = x.useActor && au.token === KLAY;
      const bidder = viaActor ? actor : pick(eoas(m).filter((y) => y !== au.seller), x.b)!;
      const min = au.topBid === 0n ? parseEther('0.1') : au.topBid + (au.topBid * RAISE_BPS + 9_999n) / 10_000n;
      const sender = viaActor ? f.addr[ROLE.buyer]! : bidder;
      const previous = au.bids.get(bidder) ?? 0n;
      const place = (amount: bigint) => {
        const value = au.token === KLAY ? amount - previous : undefined;
        return viaActor
          ? f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [au.id, amount], value)
          : f.market(who(m, bidder), 'placeBid', [au.id, amount], value);
      };
      await tick(m);
      if (x.low) {
        await expectRevert(place(min - 1n), 'MarketBidTooLow', [min, min - 1n]);
        return { sender };
      }
      const amount = min + (min * BigInt(x.extra)) / 100n;
      await place(amount);
      // only the increase over the bidder's own live bid moves in; every other live bid stays escrowed
      m.delta(au.token, sender, -(amount - previous));
      m.delta(au.token, f.d.market, amount - previous);
      if (au.endTime - m.time < EXTENSION) au.endTime += EXTENSION;
      au.bids.set(bidder, amount);
      au.topBidder = bidder;
      au.topBid = amount;
      return { sender };
    }),
);

/** A bidder withdraws: any but the top at any time (also after settlement); the top only outside the window. */
const cancelBid = fc.record({ a: fc.nat(), b: fc.nat() }).map(
  (x) =>
    new Cmd(`cancelBid(${JSON.stringify(x)})`, async (m) => {
      const { f, actor } = m.w;
      const au = pick(m.auctions.filter((a) => a.bids.size > 0), x.a);
      if (!au) return;
      const bidder = pick([...au.bids.keys()], x.b)!;
      const isTop = au.live && bidder === au.topBidder;
      const t = m.time + 1n;
      if (isTop && (t + EXTENSION === au.endTime || t + EXTENSION === au.endTime + 1n)) return; // boundary: skip
      await tick(m);
      const send = () => (bidder === actor ? f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'cancelBid', [au.id]) : f.market(who(m, bidder), 'cancelBid', [au.id]));
      const sender = bidder === actor ? f.addr[ROLE.buyer]! : bidder;
      if (isTop && m.time + EXTENSION >= au.endTime) {
        await expectRevert(send(), 'MarketTooLateToCancel');
        return { sender };
      }
      await send();
      const amount = au.bids.get(bidder)!;
      au.bids.delete(bidder);
      m.push(au.token, bidder, amount);
      if (isTop) {
        // the next-highest live bid becomes the top
        const next = [...au.bids].sort((p, q) => (p[1] < q[1] ? 1 : -1))[0];
        au.topBidder = next?.[0];
        au.topBid = next?.[1] ?? 0n;
      }
      return { sender };
    }),
);

const cancelAuction = fc.nat().map(
  (n) =>
    new Cmd(`cancelAuction(${n})`, async (m) => {
      const { f } = m.w;
      const au = pick(m.auctions.filter((a) => a.live), n);
      if (!au) return;
      const t = m.time + 1n;
      if (au.topBidder && t + EXTENSION >= au.endTime - 1n && t + EXTENSION <= au.endTime + 1n) return; // boundary
      await tick(m);
      if (au.topBidder && m.time + EXTENSION >= au.endTime) {
        await expectRevert(f.market(who(m, au.seller), 'cancelAuction', [au.id]), 'MarketTooLateToCancel');
        return { sender: au.seller };
      }
      await f.market(who(m, au.seller), 'cancelAuction', [au.id]);
      // the seller's cancel refunds every live bid
      for (const [b, v] of au.bids) m.push(au.token, b, v);
      au.bids.clear();
      au.topBidder = undefined;
      au.topBid = 0n;
      m.move(f.d.market, au.seller, au.itemId, 1n);
      au.live = false;
      return { sender: au.seller };
    }),
);

const endAuction = fc.record({ n: fc.nat(), who: fc.nat() }).map(
  (x) =>
    new Cmd(`endAuction(${JSON.stringify(x)})`, async (m) => {
      const { f } = m.w;
      const au = pick(m.auctions.filter((a) => a.live && a.endTime + 2n < m.time), x.n);
      if (!au) {
        // settling a running auction is refused
        const running = pick(m.auctions.filter((a) => a.live && m.time + 2n < a.endTime), x.n);
        if (running) {
          await tick(m);
          await expectRevert(f.market(ROLE.other, 'endAuction', [running.id]), 'MarketAuctionNotEnded');
          return { sender: f.addr[ROLE.other]! };
        }
        return;
      }
      const caller = f.addr[EOAS[x.who % EOAS.length]!]!;
      await tick(m);
      await f.market(who(m, caller), 'endAuction', [au.id]);
      if (au.topBidder) {
        m.move(f.d.market, au.topBidder, au.itemId, 1n);
        m.sale(au.token, au.topBid, au.itemId, au.seller);
        au.bids.delete(au.topBidder); // the losing bids stay withdrawable
      } else {
        m.move(f.d.market, au.seller, au.itemId, 1n);
      }
      au.live = false;
      // settlement happens once
      await tick(m);
      await expectRevert(f.market(who(m, caller), 'endAuction', [au.id]), 'MarketAuctionNotActive');
      return { sender: caller };
    }),
);

const makeOffer = fc.record({ b: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 4 }), klay: fc.boolean(), p: fc.integer({ min: 1, max: 20 }), life: fc.integer({ min: 60, max: 4000 }) }).map(
  (a) =>
    new Cmd(`makeOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
      const buyer = f.addr[EOAS[a.b % EOAS.length]!]!;
      const token = tokenOf(f, a.klay);
      const pricePerOne = parseEther(String(a.p)) / 10n;
      const o = await f.offerParams({ id: m.id(), itemId, amount: BigInt(a.n), buyer, token, pricePerOne, expiry: m.time + BigInt(a.life) });
      await tick(m);
      await f.market(who(m, buyer), 'makeOffer', [o, await f.sign('Offer', o)], a.klay ? o.amount * pricePerOne : undefined);
      m.delta(token, buyer, -(o.amount * pricePerOne));
      m.delta(token, f.d.market, o.amount * pricePerOne);
      m.offers.push({ id: o.id, buyer, itemId, token, pricePerOne, remaining: o.amount, expiry: o.expiry });
      return { sender: buyer };
    }),
);

const acceptOffer = fc.record({ o: fc.nat(), s: fc.nat(), n: fc.integer({ min: 1, max: 4 }) }).map(
  (a) =>
    new Cmd(`acceptOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const offer = pick(m.offers.filter((o) => o.remaining > 0n && m.time + 2n < o.expiry), a.o);
      if (!offer) return;
      const lazy = m.w.ids.lazy.includes(offer.itemId);
      const seller = lazy ? m.creator(offer.itemId) : pick(m.holdersOf(offer.itemId).filter((h) => h !== offer.buyer), a.s);
      if (!seller) return;
      const have = m.bal(seller, offer.itemId);
      let amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
      if (!lazy && amount > have) amount = have;
      const mintAmount = lazy ? amount - (have < amount ? have : amount) : 0n;
      const overEdition = lazy && (m.minted.get(offer.itemId) ?? 0n) + mintAmount > m.edition(offer.itemId);
      const p = await f.acceptParams({ id: m.id(), offerId: offer.id, seller, amount, mintAmount, editionSize: lazy ? m.edition(offer.itemId) : 0n, royaltyBps: lazy ? m.royaltyBps(offer.itemId) : 0n, expiry: m.time + 3600n });
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

const cancelOffer = fc.record({ o: fc.nat(), n: fc.integer({ min: 1, max: 4 }), byOther: fc.boolean() }).map(
  (a) =>
    new Cmd(`cancelOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const offer = pick(m.offers.filter((o) => o.remaining > 0n), a.o);
      if (!offer) return;
      const expired = offer.expiry + 2n < m.time;
      const live = m.time + 2n < offer.expiry;
      const other = f.addr[ROLE.owner]!; // never a trader in this model
      if (a.byOther && !expired && !live) return; // too close to the boundary to predict
      const caller = a.byOther ? other : offer.buyer;
      const amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
      await tick(m);
      if (a.byOther && live) {
        await expectRevert(f.market(who(m, caller), 'cancelOffer', [offer.id, amount]), 'MarketUnauthorizedCaller');
        return { sender: caller };
      }
      await f.market(who(m, caller), 'cancelOffer', [offer.id, amount]);
      offer.remaining -= amount;
      m.push(offer.token, offer.buyer, amount * offer.pricePerOne);
      return { sender: caller };
    }),
);

const transfer = fc.record({ s: fc.nat(), t: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }).map(
  (a) =>
    new Cmd(`transferWithMint(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
      const from = a.lazy ? m.creator(itemId) : pick(m.holdersOf(itemId), a.s);
      if (!from) return;
      const to = pick(eoas(m).filter((x) => x !== from), a.t)!;
      const have = m.bal(from, itemId);
      const amount = a.lazy ? BigInt(a.n) : BigInt(Math.min(a.n, Number(have)));
      const mintAmount = a.lazy ? amount - (have < amount ? have : amount) : 0n;
      const overEdition = a.lazy && (m.minted.get(itemId) ?? 0n) + mintAmount > m.edition(itemId);
      const p = await f.transferParams({ id: m.id(), itemId, from, to, amount, mintAmount, editionSize: a.lazy ? m.edition(itemId) : 0n, royaltyBps: a.lazy ? m.royaltyBps(itemId) : 0n, expiry: m.time + 3600n });
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

const withdraw = fc.constant(null).map(
  () =>
    new Cmd('withdraw(actor)', async (m) => {
      const { f, actor } = m.w;
      const owed = m.withdrawable.get(`${KLAY}:${actor}`) ?? 0n;
      const to = f.addr[9]!;
      await tick(m);
      if (owed === 0n) {
        await expectRevert(f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdrawTo', [KLAY, to]), 'MarketNothingToWithdraw');
        return { sender: f.addr[ROLE.buyer]! };
      }
      await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'withdrawTo', [KLAY, to]);
      m.withdrawable.set(`${KLAY}:${actor}`, 0n);
      m.delta(KLAY, f.d.market, -owed);
      m.delta(KLAY, to, owed);
      return { sender: f.addr[ROLE.buyer]! };
    }),
);

const advance = fc.integer({ min: 30, max: 2400 }).map(
  (s) =>
    new Cmd(`advance(${s})`, async (m) => {
      m.time += BigInt(s);
      return {};
    }),
);

/** Weighted: commands that need a target (buys, bids, accepts, settlements) appear more often. */
export const commands = [
  list,
  list,
  list,
  buy,
  buy,
  buy,
  buy,
  cancelListing,
  incrementCounter,
  register,
  register,
  bid,
  bid,
  bid,
  bid,
  cancelBid,
  cancelBid,
  cancelAuction,
  endAuction,
  endAuction,
  makeOffer,
  makeOffer,
  acceptOffer,
  acceptOffer,
  cancelOffer,
  transfer,
  withdraw,
  advance,
  advance,
];
