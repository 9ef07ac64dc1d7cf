/**
 * The Market's escrow against the book, offers and auctions together: seeded random steps by several members in ATT
 * and KLAY mix offers and collection offers (made, accepted, cancelled, run out and refunded by their maker) with
 * auction bids (placed,
 * withdrawn, settled by the keeper), on a real chain through the API and the indexer, the app's clock moved with the
 * chain's. After every step, per coin, the Market's balance on chain equals the live offers' escrow plus the bids in
 * escrow plus the withdrawable balances, both as the database knows them and as the contract reports them.
 */
import { attAbi, cancelBidCall, marketAbi } from '@att/contracts';
import { AuctionState, BidState, OfferState, type TokenSymbol } from '@att/shared';
import { expect, it } from 'vitest';
import { FEE_RECEIVER, publish, trader, type Trader } from '../../../../test/chain';
import { minimumBid } from '../auction-views';
import { sweepOffers } from '../order-book/offers/offer-sweep';
import { sweepCollectionOffers } from '../order-book/collection-offers/collection-offer-sweep';
import { RELEASE_GRACE_MS } from '../scheduler';
import { auctionRow, bid, startAuction, testKeeper, travel } from './auction-fixture';
import { accept, cancelOffer, makeOffer } from './offer-helpers';
import { acceptCollectionOffer, cancelCollectionOffer, makeCollectionOffer } from './collection-offer-helpers';
import { TOKEN, alice, bob, c, carol, clock, indexer, setUpChain } from './trading-fixture';

setUpChain();

const KLAY = '0x0000000000000000000000000000000000000000';

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), s | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Coins = Record<TokenSymbol, bigint>;
const zero = (): Coins => ({ ATT: 0n, KLAY: 0n });

/** Per coin: the Market's balance, and what it should hold as the database and as the contract see it. */
async function escrow(offerIds: string[], auctionIds: number[], accounts: string[], collectionOfferIds: string[]) {
  const db = c.t.db;
  const symbolOf = (token: string): TokenSymbol => (token.toLowerCase() === KLAY ? 'KLAY' : 'ATT');
  const book = zero();
  const held = { offers: 0n, bids: 0n };
  const offers = await db
    .selectFrom('offers')
    .select(['symbol', 'remaining', 'unit_price'])
    .where('made_tx', 'is not', null)
    .execute();
  for (const o of offers) book[o.symbol] += BigInt(o.remaining) * BigInt(o.unit_price);
  const collectionOffers = await db
    .selectFrom('collection_offers')
    .select(['symbol', 'remaining', 'unit_price'])
    .where('made_tx', 'is not', null)
    .execute();
  for (const o of collectionOffers) book[o.symbol] += BigInt(o.remaining) * BigInt(o.unit_price);
  held.offers = book.ATT + book.KLAY;
  const auctions = await db
    .selectFrom('auctions')
    .select(['auction_id', 'symbol', 'state', 'winner_address'])
    .execute();
  const bids = await db
    .selectFrom('auction_bids')
    .select(['auction_id', 'bidder_address', 'amount'])
    .where('state', '=', BidState.Active)
    .execute();
  for (const b of bids) {
    const a = auctions.find((x) => String(x.auction_id) === String(b.auction_id))!;
    // The winning bid of a settled auction was paid out.
    if (a.state === AuctionState.Ended && a.winner_address === b.bidder_address) continue;
    book[a.symbol] += BigInt(b.amount);
  }
  held.bids = book.ATT + book.KLAY - held.offers;
  for (const w of await db.selectFrom('withdrawable_balances').select(['token_address', 'amount']).execute())
    book[symbolOf(w.token_address)] += BigInt(w.amount);

  const contract = zero();
  for (const id of offerIds) {
    const o = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getOffer',
      args: [BigInt(id)],
    });
    contract[symbolOf(o.token)] += o.remaining * o.pricePerOne;
  }
  for (const id of collectionOfferIds) {
    const o = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getCollectionOffer',
      args: [BigInt(id)],
    });
    contract[symbolOf(o.token)] += BigInt(o.remaining) * o.pricePerOne;
  }
  for (const id of auctionIds) {
    const a = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'getAuction',
      args: [BigInt(id)],
    });
    const live = await c.client.readContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'liveBids',
      args: [BigInt(id)],
    });
    contract[symbolOf(a.token)] += live.reduce((n, b) => n + b.amount, 0n);
  }
  for (const account of accounts) {
    for (const token of [c.d.att, KLAY] as const) {
      contract[symbolOf(token)] += await c.client.readContract({
        address: c.d.market,
        abi: marketAbi,
        functionName: 'withdrawable',
        args: [token as `0x${string}`, account as `0x${string}`],
      });
    }
  }
  const chain: Coins = {
    ATT: await c.client.readContract({ address: c.d.att, abi: attAbi, functionName: 'balanceOf', args: [c.d.market] }),
    KLAY: await c.client.getBalance({ address: c.d.market }),
  };
  return { chain, book, contract, held };
}

it("keeps the Market's ATT and KLAY equal to live offers + live bids + withdrawable through random steps", async () => {
  const dave = await trader(c, 4);
  await dave.approveAll();
  const members: Trader[] = [alice, bob, carol, dave];
  const rand = prng(20261128);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const coin = (): TokenSymbol => (rand() < 0.5 ? 'ATT' : 'KLAY');
  const timePasses = async (seconds: number) => {
    await travel(seconds);
    clock.aheadMs += seconds * 1000;
  };
  /** What a step did, counted when it went through. */
  const done: Record<string, number> = {};
  const tried = async (kind: string, f: () => Promise<unknown>) => {
    try {
      await f();
      done[kind] = (done[kind] ?? 0) + 1;
    } catch {
      // Refused by the server or the Market (an expired offer, nothing left, a top bid, an ended auction): nothing changed.
    }
  };

  const offerItem = await publish(c, alice, 1_000);
  const offers: { id: string; buyer: Trader }[] = [];
  // Collection offers on the offer item's collection, decided by their own seeded stream (the other steps' stay as they were).
  const crand = prng(40);
  const { collection_idx: collectionIdx } = await c.t.db
    .selectFrom('items')
    .select('collection_idx')
    .where('item_idx', '=', offerItem.productId)
    .executeTakeFirstOrThrow();
  const collectionOffers: { id: string; buyer: Trader }[] = [];
  const cpick = <T>(xs: readonly T[]): T => xs[Math.floor(crand() * xs.length)]!;
  const auctions: { id: number; seller: Trader }[] = [];
  for (const [seller, symbol] of [
    [alice, 'ATT'],
    [bob, 'KLAY'],
  ] as const) {
    const item = await publish(c, seller, 1);
    auctions.push({ id: await startAuction(seller, item.productId, { price: TOKEN, symbol, minutes: 30 }), seller });
  }
  const keeper = await testKeeper();
  const accounts = [...members.map((m) => m.address), FEE_RECEIVER.toLowerCase()];
  let together = 0;
  /** The step's invariant: per coin, the chain's balance = the database's escrow = the contract's. */
  const check = async (at: string) => {
    await indexer.catchUp();
    const e = await escrow(
      offers.map((o) => o.id),
      auctions.map((a) => a.id),
      accounts,
      collectionOffers.map((o) => o.id),
    );
    expect(e.book, `${at}: the database's escrow`).toEqual(e.chain);
    expect(e.contract, `${at}: the contract's escrow`).toEqual(e.chain);
    if (e.held.offers > 0n && e.held.bids > 0n) together++;
    return e;
  };

  for (let step = 0; step < 26; step++) {
    const roll = rand();
    if (roll < 0.22) {
      const buyer = pick([bob, carol, dave]);
      await tried('offer', async () =>
        offers.push({
          id: await makeOffer(c, buyer, offerItem.productId, {
            amount: 1 + Math.floor(rand() * 3),
            price: TOKEN * BigInt(1 + Math.floor(rand() * 3)),
            symbol: coin(),
            ...(rand() < 0.5 ? { expireMinute: 1 } : {}),
          }),
          buyer,
        }),
      );
      if (crand() < 0.6) {
        const cbuyer = cpick([bob, carol, dave]);
        await tried('collection offer', async () =>
          collectionOffers.push({
            id: await makeCollectionOffer(c, cbuyer, collectionIdx, {
              amount: 1 + Math.floor(crand() * 3),
              price: TOKEN * BigInt(1 + Math.floor(crand() * 3)),
              symbol: crand() < 0.5 ? 'ATT' : 'KLAY',
              ...(crand() < 0.5 ? { expireMinute: 1 } : {}),
            }),
            buyer: cbuyer,
          }),
        );
      }
    } else if (roll < 0.34 && offers.length > 0) {
      await tried('accept', () => accept(c, alice, pick(offers).id, 1));
      if (collectionOffers.length > 0 && crand() < 0.7)
        await tried('collection accept', () =>
          acceptCollectionOffer(c, alice, cpick(collectionOffers).id, offerItem.productId, 1),
        );
    } else if (roll < 0.42 && offers.length > 0) {
      const o = pick(offers);
      await tried('cancel', () => cancelOffer(c, o.buyer, o.id, 1));
      if (collectionOffers.length > 0 && crand() < 0.7) {
        const co = cpick(collectionOffers);
        await tried('collection cancel', () => cancelCollectionOffer(c, co.buyer, co.id, 1));
      }
    } else if (roll < 0.52) {
      // Past the short offers' expiry (and the sweep's grace): the sweep marks them; their makers take the escrow back.
      await timePasses(120);
      if ((await sweepOffers(c.t.db, new Date(c.t.app.now().getTime() - RELEASE_GRACE_MS))).offersExpired > 0)
        done.expire = (done.expire ?? 0) + 1;
      await sweepCollectionOffers(c.t.db, new Date(c.t.app.now().getTime() - RELEASE_GRACE_MS));
      await indexer.catchUp();
      for (const e of await c.t.db
        .selectFrom('collection_offers')
        .select(['offer_idx', 'remaining'])
        .where('state', '=', OfferState.Expired)
        .where('remaining', '>', 0)
        .execute()) {
        const o = collectionOffers.find((x) => x.id === String(e.offer_idx));
        if (o && crand() < 0.7)
          await tried('collection refund', () => cancelCollectionOffer(c, o.buyer, o.id, e.remaining));
      }
      const expired = await c.t.db
        .selectFrom('offers')
        .select(['offer_idx', 'remaining'])
        .where('state', '=', OfferState.Expired)
        .where('remaining', '>', 0)
        .execute();
      for (const e of expired) {
        const o = offers.find((x) => x.id === String(e.offer_idx));
        if (o && rand() < 0.7) await tried('refund', () => cancelOffer(c, o.buyer, o.id, e.remaining));
      }
    } else if (roll < 0.76) {
      const a = pick(auctions);
      const who = pick(members.filter((m) => m !== a.seller));
      const row = await auctionRow(a.id);
      const min = minimumBid({
        start_price: String(row.start_price),
        top_bid: row.top_bid === null ? null : String(row.top_bid),
        raise_bps: row.raise_bps,
      });
      await tried('bid', async () => {
        if ((await bid(who, a.id, min + BigInt(Math.floor(rand() * 100)) * 10n ** 15n)) !== 0)
          throw new Error('refused');
      });
    } else if (roll < 0.9) {
      const a = pick(auctions);
      const who = pick(members);
      await tried('withdraw', async () =>
        who.mined(await who.wallet.writeContract(cancelBidCall(c.d.market, BigInt(a.id)))),
      );
    } else {
      await timePasses(Math.floor(rand() * 20 * 60));
      if ((await keeper.run(c.t.app.now())).length > 0) done.settle = (done.settle ?? 0) + 1;
    }
    await check(`step ${step}`);
  }
  // At the end every auction settles, every losing bid is withdrawn, every offer's maker takes the rest back.
  await timePasses(3 * 3600);
  await sweepOffers(c.t.db, new Date(c.t.app.now().getTime() - RELEASE_GRACE_MS));
  if ((await keeper.run(c.t.app.now())).length > 0) done.settle = (done.settle ?? 0) + 1;
  await check('settled');
  for (const a of auctions)
    for (const m of members)
      await tried('withdraw', async () =>
        m.mined(await m.wallet.writeContract(cancelBidCall(c.d.market, BigInt(a.id)))),
      );
  const left = await c.t.db
    .selectFrom('offers')
    .select(['offer_idx', 'remaining'])
    .where('remaining', '>', 0)
    .where('made_tx', 'is not', null)
    .execute();
  for (const e of left) {
    const o = offers.find((x) => x.id === String(e.offer_idx))!;
    await tried('refund', () => cancelOffer(c, o.buyer, o.id, e.remaining));
  }
  for (const e of await c.t.db
    .selectFrom('collection_offers')
    .select(['offer_idx', 'remaining'])
    .where('remaining', '>', 0)
    .where('made_tx', 'is not', null)
    .execute()) {
    const o = collectionOffers.find((x) => x.id === String(e.offer_idx))!;
    await tried('collection refund', () => cancelCollectionOffer(c, o.buyer, o.id, e.remaining));
  }
  const end = await check('the end');
  expect(end.chain).toEqual({ ATT: 0n, KLAY: 0n });
  // The run did what it is about: offers and bids held coins at once, and every kind of step went through.
  console.log(`escrow model: ${JSON.stringify(done)}; steps with offers and bids in escrow together: ${together}`);
  expect(together).toBeGreaterThan(3);
  expect(Object.keys(done).sort()).toEqual([
    'accept',
    'bid',
    'cancel',
    'collection accept',
    'collection cancel',
    'collection offer',
    'collection refund',
    'expire',
    'offer',
    'refund',
    'settle',
    'withdraw',
  ]);
}, 300_000);
