/**
 * Offers against their invariants: random sequences of offers, accepts asked (several at once), accepts sent
 * (some after the sweep let them lapse), partial cancels and sweeps, on a real chain through the API and the
 * indexer. After every step: an offer's held pieces are its open accepts' sum, capped at what it has left;
 * what it has left is the chain's; the seller's held pieces in `inventory` are their open accepts' sum; and the
 * Market's ATT equals the escrow of the offers' pieces left (no bids or withdrawable balances in this book).
 */
import { attAbi, marketAbi } from '@att/contracts';
import { OfferAcceptState } from '@att/shared';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { publish, type Trader } from '../../../../test/chain';
import { sweepOffers } from '../order-book/offers/offer-sweep';
import { RELEASE_GRACE_MS } from '../scheduler';
import { acceptReq, cancelOffer, makeOffer, sendAccept, type AcceptData } from './offer-helpers';
import { TOKEN, alice, bob, c, carol, indexer, setUpChain } from './trading-fixture';

setUpChain();

type Step =
  | { kind: 'offer'; buyer: number; amount: number }
  | { kind: 'accept'; pick: number; amounts: number[] }
  | { kind: 'send'; pick: number }
  | { kind: 'cancel'; pick: number; amount: number }
  | { kind: 'sweep' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      buyer: fc.nat(1),
      amount: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('accept' as const),
      pick: fc.nat(20),
      amounts: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('send' as const), pick: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      pick: fc.nat(20),
      amount: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
);

const reverted = (p: Promise<unknown>) => p.then(() => true).catch(() => false);

async function checkInvariants(itemIdx: number) {
  const db = c.t.db;
  const offers = await db.selectFrom('offers').selectAll().where('item_idx', '=', itemIdx).execute();
  const open = await db
    .selectFrom('offer_accepts')
    .select(['offer_idx', 'seller_address', 'amount'])
    .where('state', '=', OfferAcceptState.Open)
    .execute();
  let escrow = 0n;
  for (const o of offers) {
    const held = open.filter((a) => String(a.offer_idx) === String(o.offer_idx)).reduce((n, a) => n + a.amount, 0);
    // A lapsed accept mined late sells pieces open accepts hold: those can no longer all settle (the chain refuses
    // past what is left), and the offer holds no more than it has.
    expect(o.reserved, `offer ${o.offer_idx} held`).toBe(Math.min(held, o.remaining));
    if (o.made_tx === null) continue;
    const chain = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getOffer',
      args: [BigInt(o.offer_idx)],
    });
    expect(BigInt(o.remaining), `offer ${o.offer_idx} remaining`).toBe(chain.remaining);
    escrow += BigInt(o.remaining) * BigInt(o.unit_price);
  }
  const inv = await db
    .selectFrom('inventory')
    .select('reserved')
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', alice.address)
    .executeTakeFirstOrThrow();
  expect(inv.reserved).toBe(open.filter((a) => a.seller_address === alice.address).reduce((n, a) => n + a.amount, 0));
  const marketAtt = await c.client.readContract({
    address: c.d.att,
    abi: attAbi,
    functionName: 'balanceOf',
    args: [c.d.market],
  });
  expect(marketAtt).toBe(escrow);
}

it('keeps every offer invariant through random offers, accepts, sends, cancels and sweeps', async () => {
  const item = await publish(c, alice, 1_000);
  const offers: { id: string; buyer: Trader }[] = [];
  let asked: AcceptData[] = [];
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
      for (const s of steps) {
        if (s.kind === 'offer') {
          const buyer = s.buyer === 0 ? bob : carol;
          offers.push({ id: await makeOffer(c, buyer, item.productId, { amount: s.amount, price: TOKEN }), buyer });
        } else if (s.kind === 'accept' && offers.length > 0) {
          const o = offers[s.pick % offers.length]!;
          const replies = await Promise.all(s.amounts.map((n) => acceptReq(c, alice, o.id, n)));
          asked = [...asked, ...replies.filter((r) => r.returnCode === 0).map((r) => r.body.data as AcceptData)];
        } else if (s.kind === 'send' && asked.length > 0) {
          const [d] = asked.splice(s.pick % asked.length, 1);
          await reverted(sendAccept(c, alice, d!));
        } else if (s.kind === 'cancel' && offers.length > 0) {
          const o = offers[s.pick % offers.length]!;
          await reverted(cancelOffer(c, o.buyer, o.id, s.amount));
        } else if (s.kind === 'sweep') {
          // Past every accept's deadline (the hold) but not the offers' expiry: accepts lapse; one sent later still settles.
          await sweepOffers(
            c.t.db,
            new Date(Date.now() + c.t.config.trading.reservationSeconds * 1000 + RELEASE_GRACE_MS),
          );
        }
        await indexer.catchUp();
        await checkInvariants(item.productId);
      }
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 12), endOnFailure: true },
  );
}, 600_000);
