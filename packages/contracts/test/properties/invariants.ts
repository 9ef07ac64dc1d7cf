/**
 * The invariants checked on chain after every step of the property test, and the step runner that predicts
 * every party's exact ATT and KLAY change before checking them.
 */
import fc from 'fast-check';
import { zeroAddress, type Address } from 'viem';
import { expect } from 'vitest';
import { itemsAbi } from '../../src/generated/contracts';
import { KLAY } from '../helpers';
import { H, OUTSIDE_ID, type Model, type World } from './model';

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
export async function tick(m: Model) {
  m.time += 1n;
  await m.w.f.setNextTime(m.time);
}

export type Step = (m: Model) => Promise<{ sender?: Address } | void>;

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
  // 1. escrow == bids in escrow (live, and losing bids not yet withdrawn) + live offers + live collection offers +
  //    withdrawable, per token
  for (const token of [KLAY, f.d.att]) {
    let owed = 0n;
    for (const a of m.auctions) if (a.token === token) for (const v of a.bids.values()) owed += v;
    for (const o of [...m.offers, ...m.collectionOffers]) if (o.token === token) owed += o.remaining * o.pricePerOne;
    for (const [k, v] of m.withdrawable) if (k.startsWith(`${token}:`)) owed += v;
    expect(b.get(`${token}:${f.d.market}`)).toBe(owed);
  }
  // 2. withdrawable balances on chain match the model
  const chainW = await f.readMarket<bigint>('withdrawable', [KLAY, m.w.actor]);
  expect(chainW).toBe(m.withdrawable.get(`${KLAY}:${m.w.actor}`) ?? 0n);
  // 3. the bid book on chain matches the model: every bid in escrow, the top, the pieces owed
  await Promise.all(
    m.auctions.flatMap((a) => [
      f.readMarket<{ bidder: Address; amount: bigint }[]>('liveBids', [a.id]).then((bids) => {
        const chain = new Map(bids.map((x) => [x.bidder, x.amount]));
        expect(`${a.id}: ${[...chain].sort().join(' ')}`).toBe(`${a.id}: ${[...a.bids].sort().join(' ')}`);
      }),
      ...[...a.bids].map(async ([who, v]) =>
        expect(`${a.id}:${who}=${await f.readMarket<bigint>('bidOf', [a.id, who])}`).toBe(`${a.id}:${who}=${v}`),
      ),
      f.readMarket<{ topBidder: Address; topBid: bigint }>('getAuction', [a.id]).then((c) => {
        if (a.live) expect([c.topBidder, c.topBid]).toEqual([a.topBidder ?? zeroAddress, a.topBid]);
      }),
      f
        .readMarket<Address>('unclaimedAuctionItem', [a.id])
        .then((o) => expect(`${a.id}:${o}`).toBe(`${a.id}:${m.unclaimed.get(a.id) ?? zeroAddress}`)),
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
  // 5. every holder's pieces match (so no piece was sold twice), the Market holds one piece per live auction and
  //    per piece it owes, and lazily minted supply == pieces minted by trades <= the edition (as Items records it)
  const holders = [...f.addr.slice(3, 10), m.w.actor, f.d.market];
  const ids = [...m.w.ids.owned, ...m.w.ids.lazy];
  const pairs = holders.flatMap((h) => ids.map((id) => [h, id] as const));
  const chain = await f.read<readonly bigint[]>(f.d.items, itemsAbi, 'balanceOfBatch', [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ]);
  pairs.forEach(([h, id], i) => expect(`${h}:${id}=${chain[i]}`).toBe(`${h}:${id}=${m.bal(h, id)}`));
  const outside = await f.read<readonly bigint[]>(m.w.outside, H, 'balanceOfBatch', [
    holders,
    holders.map(() => OUTSIDE_ID),
  ]);
  holders.forEach((h, i) =>
    expect(`outside ${h}=${outside[i]}`).toBe(`outside ${h}=${m.bal(h, OUTSIDE_ID, m.w.outside)}`),
  );
  expect(outside.reduce((s, x) => s + x, 0n)).toBe(3n);
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

/** Commands that did something (not a no-op for lack of a target), by kind, across the whole run. */
export const stats = new Map<string, number>();
/** Counts an outcome worth seeing in the run's summary (e.g. a voided auction). */
export const count = (outcome: string) => stats.set(outcome, (stats.get(outcome) ?? 0) + 1);

export class Cmd implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly label: string,
    readonly body: Step,
  ) {}
  check = () => true;
  async run(m: Model) {
    if (process.env.FUZZ_TRACE) console.log(`step ${this.label}`);
    await step(m, async (mm) => {
      const r = await this.body(mm);
      if (r) count(this.kind);
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

export const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
export const who = (m: Model, a: Address) => m.w.f.addr.indexOf(a);
