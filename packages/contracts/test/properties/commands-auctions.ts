/**
 * Property-test commands of auctions: register (the platform's Items, minted or escrowed, or a piece of the
 * outside collection), bid, withdraw a bid, the seller's cancel, settle (or void, once the outside collection
 * has refused delivery for SETTLEMENT_GRACE), claim an owed piece, pause the outside collection, and days pass.
 */
import fc from 'fast-check';
import { type Address } from 'viem';
import { marketAbi } from '../../src/generated/contracts';
import { KLAY, ROLE, expectRevert } from '../helpers';
import { eoas } from './commands-listings';
import { Cmd, count, pick, tick, who } from './invariants';
import { EOAS, EXTENSION, GRACE, H, OUTSIDE_ID, RAISE_BPS, START_PRICE, type AuctionM, type Model } from './model';

/** Whether the piece of `a` cannot move now (the outside collection is paused). */
const stuck = (m: Model, a: AuctionM) => a.collection === m.w.outside && m.outsidePaused;

/** Half the time, an auction of the outside collection when there is one (the void path needs several steps). */
const preferOutside = (m: Model, xs: AuctionM[], n: number) => {
  const outside = xs.filter((a) => a.collection === m.w.outside);
  return pick(outside.length > 0 && n % 2 === 0 ? outside : xs, n >> 1);
};

/** The piece goes back to the seller, or is owed to them when the collection refuses the transfer. */
function returnPiece(m: Model, a: AuctionM) {
  if (stuck(m, a)) m.unclaimed.set(a.id, a.seller);
  else m.move(m.w.f.d.market, a.seller, a.itemId, 1n, a.collection);
}

const registerArgs = fc.record({
  s: fc.nat(),
  kind: fc.constantFrom('owned', 'lazy', 'outside', 'outside'),
  idx: fc.nat(),
  klay: fc.boolean(),
  dur: fc.integer({ min: 700, max: 3600 }),
});
export const registerCmd = (a: typeof registerArgs extends fc.Arbitrary<infer T> ? T : never) =>
  new Cmd(`registerAuction(${JSON.stringify(a)})`, async (m) => {
    const { f, outside } = m.w;
    const lazy = a.kind === 'lazy';
    const collection = a.kind === 'outside' ? outside : f.d.items;
    const itemId = a.kind === 'outside' ? OUTSIDE_ID : lazy ? m.w.ids.lazy[a.idx % 2]! : m.w.ids.owned[a.idx % 2]!;
    const seller = lazy ? m.creator(itemId) : pick(m.holdersOf(itemId, collection), a.s);
    if (!seller) return;
    const token = a.klay ? KLAY : f.d.att;
    const p = await f.auctionParams({
      id: m.id(),
      collection,
      itemId,
      seller,
      token,
      startPrice: START_PRICE,
      // an outside piece's auction runs a day longer, so bids and a pause can meet its settlement
      endTime: m.time + BigInt(a.dur) + (collection === outside ? 86_400n : 0n),
      isMinting: lazy,
      editionSize: lazy ? m.edition(itemId) : 0n,
      royaltyBps: lazy ? m.royaltyBps(collection, itemId) : 0n,
      expiry: m.time + 3600n,
    });
    await tick(m);
    const send = async () => f.market(who(m, seller), 'registerAuction', [p, await f.sign('Auction', p)]);
    if (lazy && (m.minted.get(itemId) ?? 0n) + 1n > m.edition(itemId)) {
      await expectRevert(send(), 'ItemsEditionExceeded');
      return { sender: seller };
    }
    if (collection === outside && m.outsidePaused) {
      await expectRevert(send(), 'HostileCollectionPaused');
      return { sender: seller };
    }
    await send();
    m.move(lazy ? undefined : seller, f.d.market, itemId, 1n, collection);
    m.auctions.push({
      id: p.id,
      seller,
      collection,
      itemId,
      token,
      endTime: p.endTime,
      bids: new Map(),
      topBid: 0n,
      live: true,
    });
    return { sender: seller };
  });
export const register = registerArgs.map(registerCmd);

const bidArgs = fc.record({
  a: fc.nat(),
  b: fc.nat(),
  useActor: fc.boolean(),
  extra: fc.integer({ min: 0, max: 30 }),
  low: fc.boolean(),
});
export const bidCmd = (x: typeof bidArgs extends fc.Arbitrary<infer T> ? T : never) =>
  new Cmd(`placeBid(${JSON.stringify(x)})`, async (m) => {
    const { f, actor } = m.w;
    const au = preferOutside(
      m,
      m.auctions.filter((a) => a.live && m.time + 2n < a.endTime),
      x.a,
    );
    if (!au) return;
    const viaActor = x.useActor && au.token === KLAY;
    const bidder = viaActor
      ? actor
      : pick(
          eoas(m).filter((y) => y !== au.seller),
          x.b,
        )!;
    const min = au.topBid === 0n ? START_PRICE : au.topBid + (au.topBid * RAISE_BPS + 9_999n) / 10_000n;
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
  });
export const bid = bidArgs.map(bidCmd);

/** A bidder withdraws: any outbid bid at any time (also after the end); the top bid never while it runs. */
export const cancelBidCmd = (x: { a: number; b: number }) =>
  new Cmd(`cancelBid(${JSON.stringify(x)})`, async (m) => {
    const { f, actor } = m.w;
    const au = pick(
      m.auctions.filter((a) => a.bids.size > 0),
      x.a,
    );
    if (!au) return;
    const bidder = pick([...au.bids.keys()], x.b)!;
    await tick(m);
    const send = () =>
      bidder === actor
        ? f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'cancelBid', [au.id])
        : f.market(who(m, bidder), 'cancelBid', [au.id]);
    const sender = bidder === actor ? f.addr[ROLE.buyer]! : bidder;
    if (au.live && bidder === au.topBidder) {
      await expectRevert(send(), 'MarketTopBidLocked', [au.id]);
      return { sender };
    }
    await send();
    const amount = au.bids.get(bidder)!;
    au.bids.delete(bidder);
    m.push(au.token, bidder, amount);
    return { sender };
  });
export const cancelBid = fc.record({ a: fc.nat(), b: fc.nat() }).map(cancelBidCmd);

export const cancelAuction = fc.nat().map(
  (n) =>
    new Cmd(`cancelAuction(${n})`, async (m) => {
      const { f } = m.w;
      const au = pick(
        m.auctions.filter((a) => a.live),
        n,
      );
      if (!au) return;
      const t = m.time + 1n;
      if (au.topBidder && t + EXTENSION >= au.endTime - 1n && t + EXTENSION <= au.endTime + 1n) return; // boundary
      await tick(m);
      if (au.topBidder && m.time + EXTENSION >= au.endTime) {
        await expectRevert(f.market(who(m, au.seller), 'cancelAuction', [au.id]), 'MarketTooLateToCancel');
        return { sender: au.seller };
      }
      await f.market(who(m, au.seller), 'cancelAuction', [au.id]);
      // the seller's cancel returns the piece (or owes it) and refunds every live bid
      returnPiece(m, au);
      for (const [b, v] of au.bids) m.push(au.token, b, v);
      au.bids.clear();
      au.topBidder = undefined;
      au.topBid = 0n;
      au.live = false;
      return { sender: au.seller };
    }),
);

/** Anyone settles an ended auction: delivered and paid; or, the outside collection refusing, retried or voided. */
export const endAuctionCmd = (x: { n: number; who: number }) =>
  new Cmd(`endAuction(${JSON.stringify(x)})`, async (m) => {
    const { f } = m.w;
    const au = preferOutside(
      m,
      m.auctions.filter((a) => a.live && a.endTime + 2n < m.time),
      x.n,
    );
    if (!au) {
      // settling a running auction is refused
      const running = pick(
        m.auctions.filter((a) => a.live && m.time + 2n < a.endTime),
        x.n,
      );
      if (running) {
        await tick(m);
        await expectRevert(f.market(ROLE.other, 'endAuction', [running.id]), 'MarketAuctionNotEnded');
        return { sender: f.addr[ROLE.other]! };
      }
      return;
    }
    const caller = f.addr[EOAS[x.who % EOAS.length]!]!;
    await tick(m);
    const winner = au.topBidder;
    // The collection refusing delivery is told apart from a contract refusing it: every winner alike.
    if (winner && stuck(m, au)) {
      if (m.time < au.endTime + GRACE) {
        await expectRevert(f.market(who(m, caller), 'endAuction', [au.id]), 'MarketItemNotDelivered', [au.id, winner]);
        count('endAuction:refused');
        return { sender: caller };
      }
      // voided: the winning bid goes back, the piece is owed to the seller, losing bids stay withdrawable
      await f.market(who(m, caller), 'endAuction', [au.id]);
      m.push(au.token, winner, au.topBid);
      au.bids.delete(winner);
      returnPiece(m, au);
      count('endAuction:voided');
    } else {
      await f.market(who(m, caller), 'endAuction', [au.id]);
      if (winner) {
        m.move(f.d.market, winner, au.itemId, 1n, au.collection);
        m.sale(au.token, au.topBid, au.itemId, au.seller, undefined, au.collection);
        au.bids.delete(winner); // the losing bids stay withdrawable
      } else {
        returnPiece(m, au);
      }
    }
    au.live = false;
    // settlement happens once
    await tick(m);
    await expectRevert(f.market(who(m, caller), 'endAuction', [au.id]), 'MarketAuctionNotActive');
    return { sender: caller };
  });
export const endAuction = fc.record({ n: fc.nat(), who: fc.nat() }).map(endAuctionCmd);

/** The account owed a piece claims it (the actor to account 9); refused while the outside collection is paused. */
export const claimCmd = (n: number) =>
  new Cmd(`claimAuctionItem(${n})`, async (m) => {
    const { f, actor } = m.w;
    const id = pick([...m.unclaimed.keys()], n);
    if (id === undefined) return;
    const au = m.auctions.find((a) => a.id === id)!;
    const owner = m.unclaimed.get(id)!;
    const to: Address = owner === actor ? f.addr[9]! : owner;
    const sender = owner === actor ? f.addr[ROLE.buyer]! : owner;
    await tick(m);
    const send = () =>
      owner === actor
        ? f.actorCall(ROLE.buyer, actor, f.d.market, marketAbi, 'claimAuctionItem', [id, to])
        : f.market(who(m, owner), 'claimAuctionItem', [id, to]);
    if (stuck(m, au)) {
      await expectRevert(send(), 'HostileCollectionPaused');
      return { sender };
    }
    await send();
    m.unclaimed.delete(id);
    m.move(f.d.market, to, au.itemId, 1n, au.collection);
    return { sender };
  });
export const claim = fc.nat().map(claimCmd);

/** The outside collection pauses its transfers once one of its pieces is bid on (so settlement meets the pause),
 * or resumes them. */
export const pauseOutsideCmd = (paused: boolean) =>
  new Cmd(`pauseOutside(${paused})`, async (m) => {
    if (paused === m.outsidePaused) return;
    if (paused && !m.auctions.some((a) => a.live && a.topBidder && a.collection === m.w.outside)) return;
    await tick(m);
    await m.w.f.send(ROLE.owner, m.w.outside, H, 'setPaused', [paused]);
    m.outsidePaused = paused;
    return { sender: m.w.f.addr[ROLE.owner]! };
  });
export const pauseOutside = fc.constantFrom(true, true, false).map(pauseOutsideCmd);

/** Days pass: auctions reach their end and the settlement grace, listings and offers expire. */
export const advanceDaysCmd = (d: number) =>
  new Cmd(`advanceDays(${d})`, async (m) => {
    m.time += BigInt(d) * 86_400n;
    return {};
  });
export const advanceDays = fc.integer({ min: 1, max: 8 }).map(advanceDaysCmd);
