import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from './commands';
import {
  advanceDaysCmd,
  bidCmd,
  cancelBidCmd,
  claimCmd,
  endAuctionCmd,
  pauseOutsideCmd,
  registerCmd,
} from './commands-auctions';
import {
  acceptCollectionOfferCmd,
  cancelCollectionOfferCmd,
  makeCollectionOfferCmd,
} from './commands-collection-offers';
import { checkInvariants, stats, type Cmd } from './invariants';
import { initialModel, prepareWorld, type World } from './model';

/**
 * 200 sequences in `npm test`; `npm run test:fuzz` sets FUZZ_RUNS (2000) and longer sequences. They are split over
 * PARTS test files (market.property-<n>.test.ts), each with its own anvil and seed, so two workers share them.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 200);
export const PARTS = 2;
const [MIN_COMMANDS, MAX_COMMANDS] = process.env.FUZZ_RUNS ? [10, 30] : [6, 10];
/**
 * `npm test` runs the same sequences every time (this seed): its coverage check below cannot fail by chance. A fuzz
 * run (FUZZ_RUNS set) or FUZZ_SEED=random draws a new seed; FUZZ_SEED=<n> (with FUZZ_PATH) replays a reported one.
 */
const FIXED_SEEDS = [1_727_431, 1_727_432];
const seedOf = (part: number) =>
  process.env.FUZZ_SEED && process.env.FUZZ_SEED !== 'random'
    ? Number(process.env.FUZZ_SEED)
    : process.env.FUZZ_SEED === 'random' || process.env.FUZZ_RUNS
      ? Math.floor(Math.random() * 2 ** 31)
      : FIXED_SEEDS[part]!;

let w: World;

/** Runs `cmds` from the prepared state, checking every invariant after each step. */
async function run(cmds: Iterable<Cmd>) {
  await w.f.revert(w.base);
  w.base = await w.f.snapshot();
  const model = await initialModel(w);
  await checkInvariants(model);
  await fc.asyncModelRun(() => ({ model, real: w }), cmds);
  return model;
}

/**
 * Part `part` of PARTS: RUNS / PARTS random sequences from its own seed (FUZZ_SEED=<n> replays a reported seed in
 * every part: run the part that reported it); part 0 also replays the escape path.
 */
export function marketProperty(part: number) {
  const runs = Math.ceil(RUNS / PARTS);
  const SEED = seedOf(part);
  beforeAll(async () => {
    w = await prepareWorld();
  });
  afterAll(() => w.f.stop());

  describe(`Market model-based property test, part ${part + 1} of ${PARTS}`, () => {
    it(`random list/buy/bid/cancel/offer/accept/settle/void/claim/withdraw sequences keep the invariants (${runs} runs, seed ${SEED})`, async () => {
      let sequences = 0;
      let sales = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(...commands), { minLength: MIN_COMMANDS, maxLength: MAX_COMMANDS }),
          async (cmds) => {
            const model = await run(cmds);
            sequences++;
            sales += model.sales;
          },
        ),
        // fast-check prints the seed and path of a failure: FUZZ_SEED and FUZZ_PATH replay it.
        {
          numRuns: runs,
          endOnFailure: true,
          seed: SEED,
          ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
        },
      );
      console.log(
        `seed ${SEED}: ${sequences} sequences, ${sales} sales; steps executed: ${JSON.stringify(Object.fromEntries([...stats].sort()))}`,
      );
      expect(sequences).toBeGreaterThanOrEqual(runs);
      // The generator reaches sales: with the fixed seed the same count every run; a drawn seed of a fuzz run (2000
      // longer sequences) lands far above this.
      expect(sales).toBeGreaterThan(runs / 4);
    }, 3_600_000);

    // The escape path needs a particular order of steps that random sequences reach rarely: replayed here through
    // the same model and invariants (escrow == bids + offers + withdrawable after every step).
    if (part === 0)
      it('an outside collection that pauses: settlement refused, then voided after the grace, for an account or a contract winner alike', async () => {
        const seen = (k: string) => stats.get(k) ?? 0;
        const before = ['endAuction:refused', 'endAuction:voided', 'claimAuctionItem'].map(seen);
        const outside = { s: 0, kind: 'outside' as const, idx: 0, klay: false, dur: 700 };
        const firstBid = { a: 0, b: 0, useActor: false, extra: 0, low: false };
        const voided = await run([
          registerCmd(outside),
          bidCmd(firstBid),
          bidCmd({ ...firstBid, b: 1 }),
          pauseOutsideCmd(true),
          advanceDaysCmd(2),
          endAuctionCmd({ n: 0, who: 0 }), // refused: MarketItemNotDelivered
          advanceDaysCmd(8),
          endAuctionCmd({ n: 0, who: 1 }), // voided
          cancelBidCmd({ a: 0, b: 0 }), // the losing bid is withdrawn
          claimCmd(0), // refused while paused
          pauseOutsideCmd(false),
          claimCmd(0), // the seller takes the piece back
        ]);
        expect(voided.auctions[0]!.live).toBe(false);
        expect(voided.unclaimed.size).toBe(0);
        expect(voided.sales).toBe(0);

        // A contract winner is not charged for a piece the collection refuses: refused, then voided, as above.
        const contractWinner = await run([
          registerCmd({ ...outside, klay: true }),
          bidCmd({ ...firstBid, useActor: true }),
          pauseOutsideCmd(true),
          advanceDaysCmd(2),
          endAuctionCmd({ n: 0, who: 0 }), // refused: nothing is paid
          advanceDaysCmd(8),
          endAuctionCmd({ n: 0, who: 1 }), // voided: the bid goes back (withdrawable: the contract refuses KLAY)
          pauseOutsideCmd(false),
          claimCmd(0), // the seller takes the piece back
        ]);
        expect(contractWinner.sales).toBe(0);
        expect(contractWinner.unclaimed.size).toBe(0);
        expect(
          ['endAuction:refused', 'endAuction:voided', 'claimAuctionItem'].map((k, i) => seen(k) - before[i]!),
        ).toEqual([2, 2, 3]);
      }, 600_000);

    // Collection offers through their whole life beside a running auction's escrowed bids: made in both coins (one
    // with criteria), filled in part by two holders and by the creator's lazy mint, cancelled in part, left to
    // expire and returned by someone else, replayed through the same model and invariants.
    if (part === 1)
      it('collection offers made, filled in part, cancelled, expired and returned, beside escrowed bids', async () => {
        const refusedBefore = stats.get('acceptCollectionOffer:notInCriteria') ?? 0;
        const make = { b: 5, outside: false, criteria: false, n: 4, klay: false, p: 20, life: 4000 };
        const fill = { o: 0, i: 0, s: 0, n: 2, outsider: false };
        const m = await run([
          registerCmd({ s: 0, kind: 'owned', idx: 0, klay: true, dur: 3600 }),
          bidCmd({ a: 0, b: 3, useActor: false, extra: 0, low: false }),
          makeCollectionOfferCmd(make), // ATT, any item of Items, 4 pieces
          makeCollectionOfferCmd({ ...make, b: 4, klay: true, criteria: true, n: 3, life: 600 }), // KLAY, criteria
          acceptCollectionOfferCmd(fill), // a holder of the first owned item sells 2
          acceptCollectionOfferCmd({ ...fill, s: 1, n: 1 }), // another holder sells 1
          acceptCollectionOfferCmd({ ...fill, o: 1, i: 1, n: 1 }), // the creator mints into the criteria offer
          acceptCollectionOfferCmd({ ...fill, o: 1, outsider: true }), // an item outside the criteria: refused
          cancelCollectionOfferCmd({ o: 0, n: 1, byOther: false }), // the buyer takes the last piece's worth back
          cancelCollectionOfferCmd({ o: 0, n: 1, byOther: true }), // someone else, before its expiry: refused
          bidCmd({ a: 0, b: 2, useActor: false, extra: 0, low: false }),
          advanceDaysCmd(1),
          cancelCollectionOfferCmd({ o: 0, n: 2, byOther: true }), // expired: anyone returns the rest
        ]);
        expect(m.collectionOffers.map((o) => o.remaining)).toEqual([0n, 0n]);
        expect(m.sales).toBe(3);
        expect(m.auctions[0]!.bids.size).toBe(2);
        expect((stats.get('acceptCollectionOffer:notInCriteria') ?? 0) - refusedBefore).toBe(1);
      }, 600_000);
  });
}
