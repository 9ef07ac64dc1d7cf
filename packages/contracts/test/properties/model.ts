/**
 * Model-based stateful testing of the Market against anvil (fast-check commands).
 * The model mirrors item balances, live auctions and offers, withdrawable balances and lazily minted supply;
 * every command also predicts the exact ATT and KLAY balance changes of every party, so each step checks that
 * every sale paid seller + fee + royalty == price. After every step the invariants below are checked on chain.
 */
import fc from 'fast-check';
import { parseEther, type Abi, type Address, type Hex } from 'viem';
import { expect } from 'vitest';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { testActorAbi, testActorBytecode } from '../generated/test-contracts';
import { KLAY, ROLE, expectRevert, setup, type Fixture } from '../helpers';

export const FEE_BPS = 250n;
const A = testActorAbi as Abi;
/** Trading EOAs (anvil accounts 3..8); account 9 receives the reverting actor's withdrawals. */
const EOAS = [3, 4, 5, 6, 7, 8] as const;
const OWNED_IDS = [1n, 2n] as const;
const LAZY_IDS = [10n, 11n] as const;
const AUTHOR_OF: Record<string, number> = { '1': 7, '2': 7, '10': 7, '11': 8 };

interface AuctionM {
  id: bigint;
  seller: Address;
  itemId: bigint;
  token: Address;
  isMinting: boolean;
  authorFee: bigint;
  endTime: bigint;
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
  authorFee: bigint;
  remaining: bigint;
  expiry: bigint;
}

export interface World {
  f: Fixture;
  actor: Address;
  /** Snapshot of the prepared state each sequence starts from. */
  base: Hex;
}

export class Model {
  time = 0n;
  nextId = 1n;
  items = new Map<string, bigint>(); // `${holder}:${id}` -> balance
  minted = new Map<bigint, bigint>(); // lazy id -> pieces minted
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
  /** Seller + fee + royalty == price, paid from `payer` (direct) or from the Market's escrow (`payer` undefined). */
  sale(token: Address, price: bigint, authorFee: bigint, seller: Address, author: Address, payer?: Address) {
    const fee = (price * FEE_BPS) / 10_000n;
    const royalty = (price * authorFee) / 10_000n;
    const toSeller = price - fee - royalty;
    expect(toSeller + fee + royalty).toBe(price);
    const feeReceiver = this.w.f.addr[ROLE.feeReceiver]!;
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
  await f.mintTo(f.addr[3]!, 1n, 5n, 0n);
  await f.mintTo(f.addr[4]!, 1n, 5n, 0n);
  await f.mintTo(f.addr[5]!, 2n, 5n, 0n);
  const actor = await f.deploy(A, testActorBytecode);
  await f.send(ROLE.owner, actor, A, 'setModes', [1, 0]); // refuses KLAY, accepts pieces
  return { f, actor, base: await f.snapshot() };
}

export async function initialModel(w: World): Promise<Model> {
  const m = new Model(w);
  m.items.set(`${w.f.addr[3]}:1`, 5n);
  m.items.set(`${w.f.addr[4]}:1`, 5n);
  m.items.set(`${w.f.addr[5]}:2`, 5n);
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
  // 1. escrow == live bids + live offers + withdrawable, per token
  for (const token of [KLAY, f.d.att]) {
    let owed = 0n;
    for (const a of m.auctions) if (a.live && a.token === token) owed += a.topBid;
    for (const o of m.offers) if (o.token === token) owed += o.remaining * o.pricePerOne;
    for (const [k, v] of m.withdrawable) if (k.startsWith(`${token}:`)) owed += v;
    expect(b.get(`${token}:${f.d.market}`)).toBe(owed);
  }
  // 2. withdrawable balances on chain match the model
  const chainW = await f.readMarket<bigint>('withdrawable', [KLAY, m.w.actor]);
  expect(chainW).toBe(m.withdrawable.get(`${KLAY}:${m.w.actor}`) ?? 0n);
  // 3. every holder's pieces match (so no piece was sold twice), escrow holds one piece per live escrowed auction,
  //    and lazily minted supply == pieces sold or transferred by minting
  const holders = [...f.addr.slice(3, 10), m.w.actor, f.d.market];
  const ids = [...OWNED_IDS, ...LAZY_IDS];
  const pairs = holders.flatMap((h) => ids.map((id) => [h, id] as const));
  const chain = await f.read<readonly bigint[]>(f.d.items, itemsAbi, 'balanceOfBatch', [pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
  pairs.forEach(([h, id], i) => expect(`${h}:${id}=${chain[i]}`).toBe(`${h}:${id}=${m.bal(h, id)}`));
  for (const id of LAZY_IDS) {
    const supply = pairs.reduce((s, [, pid], i) => (pid === id ? s + chain[i]! : s), 0n);
    expect(supply).toBe(m.minted.get(id) ?? 0n);
  }
  for (const id of OWNED_IDS) {
    const supply = pairs.reduce((s, [, pid], i) => (pid === id ? s + chain[i]! : s), 0n);
    expect(supply).toBe(id === 1n ? 10n : 5n);
  }
}

// ------------------------------------------------------------------------------------------ commands

const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
const tokenOf = (f: Fixture, klay: boolean) => (klay ? KLAY : f.d.att);

/** Commands that did something (not a no-op for lack of a target), by kind, across the whole run. */
export const stats = new Map<string, number>();

class Cmd implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly label: string,
    readonly body: Step,
  ) {}
  check = () => true;
  async run(m: Model) {
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

const buy = fc.record({ s: fc.nat(), b: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 3 }), klay: fc.boolean(), fee: fc.integer({ min: 0, max: 1000 }), p: fc.integer({ min: 1, max: 50 }) }).map(
  (a) =>
    new Cmd(`buy(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? LAZY_IDS[a.idx % 2]! : OWNED_IDS[a.idx % 2]!;
      const author = f.addr[AUTHOR_OF[String(itemId)]!]!;
      const seller = a.lazy ? author : pick(m.holdersOf(itemId), a.s);
      if (!seller) return;
      const buyer = pick(f.addr.filter((x, i) => EOAS.includes(i as never) && x !== seller), a.b)!;
      const have = m.bal(seller, itemId);
      const amount = a.lazy ? BigInt(a.n) : BigInt(Math.min(a.n, Number(have)));
      const mintAmount = a.lazy ? amount - (have < amount ? have : amount) * BigInt(a.s % 2) : 0n;
      const token = tokenOf(f, a.klay);
      const pricePerOne = parseEther(String(a.p));
      const p = { ...(await f.buyParams({ id: m.id(), collection: f.d.items, itemId, amount, mintAmount, author, authorFee: BigInt(a.fee), seller, buyer, token, pricePerOne, expiry: m.time + 3600n })) };
      const sig = await f.sign('Buy', p);
      await tick(m);
      await f.market(f.addr.indexOf(buyer), 'buyNft', [p, sig], a.klay ? amount * pricePerOne : undefined);
      m.move(amount > mintAmount ? seller : undefined, buyer, itemId, amount - mintAmount);
      if (mintAmount > 0n) m.move(undefined, buyer, itemId, mintAmount);
      m.sale(token, amount * pricePerOne, BigInt(a.fee), seller, author, buyer);
      // replaying the same signature is refused
      await tick(m);
      await expectRevert(f.market(f.addr.indexOf(buyer), 'buyNft', [p, sig], a.klay ? amount * pricePerOne : undefined), 'MarketIdAlreadyUsed');
      return { sender: buyer };
    }),
);

const register = fc.record({ s: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), klay: fc.boolean(), fee: fc.integer({ min: 0, max: 1000 }), dur: fc.integer({ min: 120, max: 3600 }) }).map(
  (a) =>
    new Cmd(`registerAuction(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? LAZY_IDS[a.idx % 2]! : OWNED_IDS[a.idx % 2]!;
      const author = f.addr[AUTHOR_OF[String(itemId)]!]!;
      const seller = a.lazy ? author : pick(m.holdersOf(itemId), a.s);
      if (!seller) return;
      const token = tokenOf(f, a.klay);
      const p = await f.auctionParams({ id: m.id(), itemId, author, authorFee: BigInt(a.fee), seller, token, startPrice: parseEther('0.1'), endTime: m.time + BigInt(a.dur), isMinting: a.lazy, expiry: m.time + 3600n });
      await tick(m);
      await f.market(f.addr.indexOf(seller), 'registerAuction', [p, await f.sign('Auction', p)]);
      if (!a.lazy) m.move(seller, f.d.market, itemId, 1n);
      m.auctions.push({ id: p.id, seller, itemId, token, isMinting: a.lazy, authorFee: BigInt(a.fee), endTime: p.endTime, topBid: 0n, live: true });
      return { sender: seller };
    }),
);

const bid = fc.record({ a: fc.nat(), b: fc.nat(), useActor: fc.boolean(), extra: fc.integer({ min: 0, max: 30 }), low: fc.boolean() }).map(
  (x) =>
    new Cmd(`placeBid(${JSON.stringify(x)})`, async (m) => {
      const { f, actor } = m.w;
      const open = m.auctions.filter((a) => a.live && m.time + 2n < a.endTime);
      const au = pick(open, x.a);
      if (!au) return;
      const viaActor = x.useActor && au.token === KLAY;
      const bidder = viaActor ? actor : pick(f.addr.filter((y, i) => EOAS.includes(i as never) && y !== au.seller), x.b)!;
      const rate = 500n;
      const min = au.topBid === 0n ? parseEther('0.1') : au.topBid + (au.topBid * rate + 9_999n) / 10_000n;
      const sender = viaActor ? f.addr[ROLE.buyer]! : bidder;
      if (x.low && min > 0n) {
        await tick(m);
        const p = viaActor
          ? f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [au.id, min - 1n], min - 1n)
          : f.market(f.addr.indexOf(bidder), 'placeBid', [au.id, min - 1n], au.token === KLAY ? min - 1n : undefined);
        await expectRevert(p, 'MarketBidTooLow', [min, min - 1n]);
        return { sender };
      }
      const amount = min + (min * BigInt(x.extra)) / 100n;
      await tick(m);
      if (viaActor) await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'placeBid', [au.id, amount], amount);
      else await f.market(f.addr.indexOf(bidder), 'placeBid', [au.id, amount], au.token === KLAY ? amount : undefined);
      // the bidder pays the bid in; the earlier top bid (theirs or someone else's) goes back out
      m.delta(au.token, sender === bidder ? bidder : sender, -amount);
      m.delta(au.token, f.d.market, amount);
      if (au.topBidder) m.push(au.token, au.topBidder, au.topBid);
      if (au.endTime - m.time < 600n) au.endTime += 600n;
      au.topBidder = bidder;
      au.topBid = amount;
      return { sender };
    }),
);

const cancelBid = fc.nat().map(
  (n) =>
    new Cmd(`cancelBid(${n})`, async (m) => {
      const { f, actor } = m.w;
      const au = pick(m.auctions.filter((a) => a.live && a.topBidder && m.time + 2n < a.endTime), n);
      if (!au) return;
      const bidder = au.topBidder!;
      await tick(m);
      if (bidder === actor) await f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'cancelBid', [au.id]);
      else await f.market(f.addr.indexOf(bidder), 'cancelBid', [au.id]);
      m.push(au.token, bidder, au.topBid);
      au.topBidder = undefined;
      au.topBid = 0n;
      return { sender: bidder === actor ? f.addr[ROLE.buyer]! : bidder };
    }),
);

const cancelAuction = fc.nat().map(
  (n) =>
    new Cmd(`cancelAuction(${n})`, async (m) => {
      const { f } = m.w;
      const au = pick(m.auctions.filter((a) => a.live && (!a.topBidder || m.time + 2n < a.endTime)), n);
      if (!au) return;
      await tick(m);
      await f.market(f.addr.indexOf(au.seller), 'cancelAuction', [au.id]);
      if (au.topBidder) m.push(au.token, au.topBidder, au.topBid);
      if (!au.isMinting) m.move(f.d.market, au.seller, au.itemId, 1n);
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
      await f.market(f.addr.indexOf(caller), 'endAuction', [au.id]);
      const author = f.addr[AUTHOR_OF[String(au.itemId)]!]!;
      if (au.topBidder) {
        m.move(au.isMinting ? undefined : f.d.market, au.topBidder, au.itemId, 1n);
        m.sale(au.token, au.topBid, au.authorFee, au.seller, author);
      } else if (!au.isMinting) {
        m.move(f.d.market, au.seller, au.itemId, 1n);
      }
      au.live = false;
      au.topBid = 0n;
      // settlement happens once
      await tick(m);
      await expectRevert(f.market(f.addr.indexOf(caller), 'endAuction', [au.id]), 'MarketAuctionNotActive');
      return { sender: caller };
    }),
);

const makeOffer = fc.record({ b: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 4 }), klay: fc.boolean(), fee: fc.integer({ min: 0, max: 1000 }), p: fc.integer({ min: 1, max: 20 }), life: fc.integer({ min: 60, max: 4000 }) }).map(
  (a) =>
    new Cmd(`makeOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? LAZY_IDS[a.idx % 2]! : OWNED_IDS[a.idx % 2]!;
      const buyer = f.addr[EOAS[a.b % EOAS.length]!]!;
      const token = tokenOf(f, a.klay);
      const pricePerOne = parseEther(String(a.p)) / 10n;
      const o = await f.offerParams({ id: m.id(), itemId, amount: BigInt(a.n), author: f.addr[AUTHOR_OF[String(itemId)]!]!, authorFee: BigInt(a.fee), buyer, token, pricePerOne, expiry: m.time + BigInt(a.life) });
      await tick(m);
      await f.market(f.addr.indexOf(buyer), 'makeOffer', [o, await f.sign('Offer', o)], a.klay ? o.amount * pricePerOne : undefined);
      m.delta(token, buyer, -(o.amount * pricePerOne));
      m.delta(token, f.d.market, o.amount * pricePerOne);
      m.offers.push({ id: o.id, buyer, itemId, token, pricePerOne, authorFee: BigInt(a.fee), remaining: o.amount, expiry: o.expiry });
      return { sender: buyer };
    }),
);

const acceptOffer = fc.record({ o: fc.nat(), s: fc.nat(), n: fc.integer({ min: 1, max: 4 }) }).map(
  (a) =>
    new Cmd(`acceptOffer(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const offer = pick(m.offers.filter((o) => o.remaining > 0n && m.time + 2n < o.expiry), a.o);
      if (!offer) return;
      const lazy = LAZY_IDS.includes(offer.itemId as never);
      const author = f.addr[AUTHOR_OF[String(offer.itemId)]!]!;
      const seller = lazy ? author : pick(m.holdersOf(offer.itemId).filter((h) => h !== offer.buyer), a.s);
      if (!seller) return;
      const have = m.bal(seller, offer.itemId);
      let amount = BigInt(a.n) < offer.remaining ? BigInt(a.n) : offer.remaining;
      if (!lazy && amount > have) amount = have;
      const mintAmount = lazy ? amount - (have < amount ? have : amount) : 0n;
      const p = await f.acceptParams({ id: m.id(), offerId: offer.id, seller, amount, mintAmount, expiry: m.time + 3600n });
      await tick(m);
      await f.market(f.addr.indexOf(seller), 'acceptOffer', [p, await f.sign('Accept', p)]);
      if (amount > mintAmount) m.move(seller, offer.buyer, offer.itemId, amount - mintAmount);
      if (mintAmount > 0n) m.move(undefined, offer.buyer, offer.itemId, mintAmount);
      offer.remaining -= amount;
      m.sale(offer.token, amount * offer.pricePerOne, offer.authorFee, seller, author);
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
        await expectRevert(f.market(f.addr.indexOf(caller), 'cancelOffer', [offer.id, amount]), 'MarketUnauthorizedCaller');
        return { sender: caller };
      }
      await f.market(f.addr.indexOf(caller), 'cancelOffer', [offer.id, amount]);
      offer.remaining -= amount;
      m.push(offer.token, offer.buyer, amount * offer.pricePerOne);
      return { sender: caller };
    }),
);

const transfer = fc.record({ s: fc.nat(), t: fc.nat(), lazy: fc.boolean(), idx: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }).map(
  (a) =>
    new Cmd(`transferWithMint(${JSON.stringify(a)})`, async (m) => {
      const { f } = m.w;
      const itemId = a.lazy ? LAZY_IDS[a.idx % 2]! : OWNED_IDS[a.idx % 2]!;
      const author = f.addr[AUTHOR_OF[String(itemId)]!]!;
      const from = a.lazy ? author : pick(m.holdersOf(itemId), a.s);
      if (!from) return;
      const to = pick(f.addr.filter((x, i) => EOAS.includes(i as never) && x !== from), a.t)!;
      const have = m.bal(from, itemId);
      const amount = a.lazy ? BigInt(a.n) : BigInt(Math.min(a.n, Number(have)));
      const mintAmount = a.lazy ? amount - (have < amount ? have : amount) : 0n;
      const p = await f.transferParams({ id: m.id(), itemId, author, from, to, amount, mintAmount, expiry: m.time + 3600n });
      await tick(m);
      await f.market(f.addr.indexOf(from), 'transferWithMint', [p, await f.sign('Transfer', p)]);
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

/** Weighted: commands that need a target (bids, accepts, settlements) appear more often. */
export const commands = [
  buy,
  buy,
  register,
  register,
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
