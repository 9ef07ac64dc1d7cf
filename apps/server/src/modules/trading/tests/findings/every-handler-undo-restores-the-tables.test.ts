/**
 * Every indexer handler (events.ts HANDLERS) applied to a live order book and then undone, as a reorg undoes it
 * (the undo record stored as JSON through the handler's schema, read back, history rows deleted, unbacked
 * listings ended), leaves every table the order book touches (offers and their accepts too) as it was. Run on PGlite and, with DATABASE_URL, on
 * PostgreSQL: the two return bigint ids differently, and an undo record that one of them could not read back
 * stopped the indexer for good.
 */
import { auctionFromWire, placeBidCall, registerAuctionCall } from '@att/contracts';
import { ListingState, ReservationState, type AuctionSaleData } from '@att/shared';
import type { Hex } from 'viem';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainTest,
  list,
  publish,
  trader,
  testIndexer,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../../test/chain';
import type { Database } from '../../../schema';
import { tableRows } from '../table-rows';
import type { HistoryLog } from '../../history-writer';
import { HANDLERS } from '../../indexer/events';
import { ZERO, encodeUndo, type Args, type LogContext } from '../../indexer/handler';
import { undoLogs } from '../../indexer/undo-logs';
import { refreshSaleSummary } from '../../order-book';
import { acceptReq, makeOffer, offerReq, type AcceptData, type OfferData } from '../offer-helpers';
import { COLLECTION_OFFER_EVENTS } from '../collection-offer-helpers';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;
let carol: Trader;
/** The order book the cases act on. */
const s = {} as {
  itemA: { productId: number; tokenId: string };
  itemB: { productId: number; tokenId: string };
  lazyHash: string;
  lazyId: string;
  reservationId: string;
  mintedId: string;
  permitId: string;
  /** Alice's auction of item D signed, not registered; of item E live with Bob's bid of 1; of item F owed to Carol. */
  signed: AuctionSaleData;
  live: AuctionSaleData;
  owedId: string;
  itemC: { productId: number; tokenId: string };
  validOffer: string;
  openAccept: string;
  pendingOffer: { osdId: string; offer: { expiry: string } };
};

beforeAll(async () => {
  c = await chainTest();
  [alice, bob, carol] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
  await Promise.all([alice.approveAll(), bob.approveAll(), carol.approveAll()]);
  const ix = testIndexer(c);
  // Alice's item A: 3 of 6 listed lazily; Bob bought 2 of them on chain and lists 1 of those; Carol holds an
  // open reservation of 1 of Alice's listing. Alice's item B: a transfer permit of 1 to Carol.
  s.itemA = await publish(c, alice, 6);
  s.itemB = await publish(c, alice, 2);
  const lazy = await list(c, alice, s.itemA, {
    quantity: 3,
    price: 2n * TOKEN,
    lazy: { editionSize: 6, royaltyBps: 500 },
  });
  s.lazyId = String((lazy.res.body.data as { instanceId: number }).instanceId);
  s.lazyHash = (lazy.res.body.data as { listingHash: string }).listingHash.toLowerCase();
  const bought = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId: Number(s.lazyId), quantity: 2 });
  await bob.buy(bought.body.data as PurchaseData);
  await ix.catchUp();
  const minted = await list(c, bob, s.itemA, { quantity: 1, price: 3n * TOKEN });
  s.mintedId = String((minted.res.body.data as { instanceId: number }).instanceId);
  const held = await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId: Number(s.lazyId), quantity: 1 });
  s.reservationId = (held.body.data as PurchaseData).reservation.id;
  const permit = await c.t.post('/nft/transfer', {
    ...alice.auth,
    productId: s.itemB.productId,
    toAddress: carol.address,
    amount: 1,
  });
  s.permitId = (permit.body.data as { transfer: { id: string } }).transfer.id;
  // Alice's item C: Bob's valid offer of 2 with Alice's open accept of 1, and Carol's pending offer of 1.
  s.itemC = await publish(c, alice, 4);
  s.validOffer = await makeOffer(c, bob, s.itemC.productId, { amount: 2, price: TOKEN });
  await ix.catchUp();
  const accepted = await acceptReq(c, alice, s.validOffer, 1);
  s.openAccept = (accepted.body.data as AcceptData).aodId;
  const pending = await offerReq(c, carol, s.itemC.productId, { amount: 1, price: TOKEN });
  s.pendingOffer = pending.body.data as OfferData;
  for (const r of [lazy.res, bought, minted.res, held, permit, accepted, pending]) expect(r.returnCode).toBe(0);
  const auction = async (who: Trader) => {
    const item = await publish(c, who, 1);
    const r = await c.t.post('/nft/all/sale', {
      ...who.auth,
      productId: item.productId,
      saleQuantity: 1,
      saleType: 2,
      saleSymbol: 'KLAY',
      salePrice: String(TOKEN),
      expireMinute: 60,
    });
    expect(r.returnCode).toBe(0);
    return r.body.data as AuctionSaleData;
  };
  s.signed = await auction(alice);
  s.live = await auction(alice);
  await alice.mined(
    await alice.wallet.writeContract(
      registerAuctionCall(c.d.market, auctionFromWire(s.live.auc), s.live.signResult as Hex),
    ),
  );
  await bob.mined(
    await bob.wallet.writeContract(
      placeBidCall(c.d.market, { auctionId: BigInt(s.live.auc.id), amount: TOKEN, token: ZERO }),
    ),
  );
  s.owedId = (await auction(carol)).auc.id;
  const owed = await c.t.db
    .updateTable('auctions')
    .set({ unclaimed_owner: carol.address })
    .where('auction_id', '=', s.owedId)
    .returning('item_idx')
    .executeTakeFirstOrThrow();
  // Owed as the order book would have it: the item learns whose piece the Market holds.
  await refreshSaleSummary(c.t.db, owed.item_idx);
  await c.t.db
    .insertInto('withdrawable_balances')
    .values({
      chain_id: c.t.config.chainId,
      account_address: carol.address,
      token_address: ZERO,
      amount: String(TOKEN),
    })
    .execute();
  await ix.catchUp();
}, 180_000);
afterAll(async () => c?.close());

/** One event's case: the decoded log's arguments on the order book above (and, for a counter, its live sellers). */
interface Case {
  name: string;
  event: keyof typeof HANDLERS;
  args: () => Args;
  liveSellers?: () => string[];
}

const market = () => c.d.market.toLowerCase();
const CASES: Case[] = [
  {
    name: 'a sale mints a piece to its buyer',
    event: 'TransferSingle',
    args: () => ({ operator: market(), from: ZERO, to: carol.address, id: s.itemA.tokenId, value: '1' }),
  },
  {
    name: "a wallet's own transfer takes the pieces its listing needs",
    event: 'TransferSingle',
    args: () => ({ operator: bob.address, from: bob.address, to: carol.address, id: s.itemA.tokenId, value: '2' }),
  },
  {
    name: 'a batch moves pieces of two items',
    event: 'TransferBatch',
    args: () => ({
      operator: bob.address,
      from: bob.address,
      to: carol.address,
      ids: `${s.itemA.tokenId},${s.itemA.tokenId}`,
      values: '1,1',
    }),
  },
  {
    name: 'a reserved purchase settles',
    event: 'NftBought',
    args: () => ({
      id: s.reservationId,
      listingHash: s.lazyHash,
      buyer: carol.address,
      seller: alice.address,
      collection: c.d.items.toLowerCase(),
      itemId: s.itemA.tokenId,
      amount: '1',
      token: c.d.att.toLowerCase(),
      price: String(2n * TOKEN),
      fee: String(5n * 10n ** 16n),
      royalty: '0',
    }),
  },
  {
    name: 'a buyer voids the Buy of their open reservation',
    event: 'BuyVoided',
    args: () => ({ id: s.reservationId, listingHash: s.lazyHash, buyer: carol.address }),
  },
  {
    name: 'a listing with an open reservation is cancelled on chain',
    event: 'ListingCancelled',
    args: () => ({ listingHash: s.lazyHash, seller: alice.address }),
  },
  {
    name: "a counter ends the seller's listings",
    event: 'CounterIncremented',
    args: () => ({ seller: alice.address, counter: '1' }),
    liveSellers: () => [alice.address],
  },
  {
    name: 'a transfer permit is used',
    event: 'TransferredWithMint',
    args: () => ({
      id: s.permitId,
      from: alice.address,
      to: carol.address,
      collection: c.d.items.toLowerCase(),
      itemId: s.itemB.tokenId,
      amount: '1',
      mintAmount: '1',
    }),
  },
  {
    name: "the Market's approval is taken away",
    event: 'ApprovalForAll',
    args: () => ({ account: bob.address, operator: market(), approved: 'false' }),
  },
  {
    name: 'a signed auction is registered',
    event: 'AuctionRegistered',
    args: () => registered(s.signed.auc.id, s.signed.auc.itemId),
  },
  {
    name: 'an auction without a row here is registered',
    event: 'AuctionRegistered',
    args: () => registered('900000000', s.itemA.tokenId),
  },
  {
    name: 'a new bidder outbids the top',
    event: 'BidPlaced',
    args: () => ({
      auctionId: s.live.auc.id,
      bidder: carol.address,
      amount: String(2n * TOKEN),
      replaced: '0',
      endTime: s.live.auc.endTime,
    }),
  },
  {
    name: 'the top bidder raises their own bid late (the end moves)',
    event: 'BidPlaced',
    args: () => ({
      auctionId: s.live.auc.id,
      bidder: bob.address,
      amount: String(3n * TOKEN),
      replaced: String(TOKEN),
      endTime: String(Number(s.live.auc.endTime) + 600),
    }),
  },
  {
    name: 'a bid is refunded',
    event: 'BidRefunded',
    args: () => ({ auctionId: s.live.auc.id, bidder: bob.address, amount: String(TOKEN) }),
  },
  {
    name: 'a bid is withdrawn',
    event: 'BidCancelled',
    args: () => ({ auctionId: s.live.auc.id, bidder: bob.address, amount: String(TOKEN) }),
  },
  { name: 'the seller cancels the auction', event: 'AuctionCancelled', args: () => ({ auctionId: s.live.auc.id }) },
  {
    name: 'the auction settles to its top bid',
    event: 'AuctionEnded',
    args: () => ({
      auctionId: s.live.auc.id,
      winner: bob.address,
      price: String(TOKEN),
      fee: String(TOKEN / 40n),
      royalty: String(TOKEN / 20n),
    }),
  },
  {
    name: 'the auction ends unsold',
    event: 'AuctionEnded',
    args: () => ({ auctionId: s.live.auc.id, winner: ZERO, price: '0', fee: '0', royalty: '0' }),
  },
  {
    name: 'the auction is voided',
    event: 'AuctionVoided',
    args: () => ({ auctionId: s.live.auc.id, winner: bob.address, price: String(TOKEN) }),
  },
  {
    name: 'the piece is owed to the winner',
    event: 'AuctionItemUnclaimed',
    args: () => ({ auctionId: s.live.auc.id, owner: bob.address }),
  },
  {
    name: 'an owed piece is claimed',
    event: 'AuctionItemClaimed',
    args: () => ({ auctionId: s.owedId, owner: carol.address, to: carol.address }),
  },
  {
    name: 'a refund is credited as withdrawable',
    event: 'PaymentDeferred',
    args: () => ({ account: carol.address, token: ZERO, amount: String(TOKEN) }),
  },
  {
    name: 'a withdrawable balance is withdrawn',
    event: 'Withdrawn',
    args: () => ({ account: carol.address, token: ZERO, to: carol.address, amount: String(TOKEN / 2n) }),
  },
  {
    name: 'a pending offer is escrowed',
    event: 'OfferMade',
    args: () => ({
      offerId: s.pendingOffer.osdId,
      buyer: carol.address,
      collection: c.d.items.toLowerCase(),
      itemId: s.itemC.tokenId,
      amount: '1',
      token: c.d.att.toLowerCase(),
      pricePerOne: String(TOKEN),
      expiry: s.pendingOffer.offer.expiry,
    }),
  },
  {
    name: 'an open accept sells into an offer',
    event: 'OfferAccepted',
    args: () => ({
      acceptId: s.openAccept,
      offerId: s.validOffer,
      seller: alice.address,
      amount: '1',
      mintAmount: '1',
      price: String(TOKEN),
      fee: String(TOKEN / 40n),
      royalty: String(TOKEN / 20n),
    }),
  },
  {
    name: 'the offerer cancels an offer an accept holds part of',
    event: 'OfferCancelled',
    args: () => ({ offerId: s.validOffer, amount: '2', refund: String(2n * TOKEN) }),
  },
];

function registered(auctionId: string, itemId: string): Args {
  return {
    auctionId,
    seller: alice.address,
    collection: c.d.items.toLowerCase(),
    itemId,
    token: ZERO,
    startPrice: String(TOKEN),
    endTime: s.live.auc.endTime,
    isMinting: 'true',
    feeBps: '250',
    raiseBps: '500',
    extension: '600',
  };
}

/** What the order book's tables hold (write times left out: an undo is a new write). */
async function tables(db: Kysely<Database>) {
  const rows = tableRows(db);
  return {
    listings: await rows('listings', ['listing_idx']),
    reservations: await rows('reservations', ['reservation_id']),
    permits: await rows('transfer_permits', ['transfer_id']),
    offers: await rows('offers', ['offer_idx']),
    accepts: await rows('offer_accepts', ['accept_id']),
    // A row of nothing held is no holding (an undo of a delivery leaves its recipient's row at 0, as a transfer away does).
    inventory: (await rows('inventory', ['item_idx', 'holder_address'])).filter(
      (r) => !(r.amount === '0' && r.on_sale === '0' && r.reserved === '0'),
    ),
    items: await rows('items', ['item_idx']),
    history: await rows('trade_history', ['history_idx']),
    // Whether and when the dispatcher and the mail job (running beside the test) have sent an alert or its mail is
    // not the handler's business, nor is the correction an undo writes for an alert the dispatcher had sent.
    alerts: (await rows('alerts', ['alert_id'], ['dispatched_at', 'dispatch_seq', 'mail_pending', 'mailed_at'])).filter(
      (a) => a.retracted_at === null && a.retracts === null,
    ),
    rankStats: await rows('collection_rank_stats', ['collection_idx']),
    tradeDaily: await rows('collection_trade_daily', ['collection_idx', 'day']),
    auctions: await rows('auctions', ['auction_id']),
    bids: await rows('auction_bids', ['bid_idx']),
    withdrawable: await rows('withdrawable_balances', ['chain_id', 'account_address', 'token_address']),
  };
}

describe('every handler: apply, then undo as a reorg does, leaves the tables as they were', () => {
  it("has a case for every handler (the collection offers' in their own file)", () => {
    const theirs: readonly string[] = COLLECTION_OFFER_EVENTS;
    expect(new Set(CASES.map((k) => k.event))).toEqual(
      new Set(Object.keys(HANDLERS).filter((e) => !theirs.includes(e))),
    );
  });

  CASES.forEach((k, i) => {
    it(`${k.event}: ${k.name}`, async () => {
      const db = c.t.db;
      const log: HistoryLog = {
        chainId: c.t.config.chainId,
        txHash: `0x${(i + 1).toString(16).padStart(64, 'f')}`,
        logIndex: 0,
        blockNumber: 10_000_000n + BigInt(i),
        blockHash: `0x${'a'.repeat(64)}`,
      };
      const chain = c.t.app.trading.chain;
      const context = (trx: LogContext['trx'], l: HistoryLog, extra: Partial<LogContext> = {}): LogContext => ({
        trx,
        log: l,
        marketAddress: market(),
        symbolOf: chain.symbolOf,
        ...extra,
      });
      const before = await tables(db);
      const handler = HANDLERS[k.event]!;
      const stored = await db.transaction().execute(async (trx) => {
        const undo = await handler.apply(
          context(trx, log, k.liveSellers ? { liveSellers: new Set(k.liveSellers()) } : {}),
          k.args(),
        );
        return undo === undefined ? undefined : encodeUndo(handler, undo);
      });
      const applied = await tables(db);
      expect(applied, 'the apply changed nothing: the case proves nothing').not.toEqual(before);
      await db.transaction().execute(async (trx) => {
        const args = { ...k.args(), _order: '0', ...(stored === undefined ? {} : { _undo: stored }) };
        await undoLogs(trx, [{ event: k.event, args, log }], (l, extra) => context(trx, l, extra), {
          ...log,
          txHash: '',
          logIndex: 0,
        });
      });
      expect(await tables(db)).toEqual(before);
    });
  });

  it('the order book is still the one the cases started from', async () => {
    const l = await c.t.db
      .selectFrom('listings')
      .select(['state', 'reserved'])
      .where('listing_idx', '=', s.lazyId)
      .executeTakeFirstOrThrow();
    expect(l).toEqual({ state: ListingState.Live, reserved: 1 });
    const r = await c.t.db
      .selectFrom('reservations')
      .select('state')
      .where('reservation_id', '=', s.reservationId)
      .executeTakeFirstOrThrow();
    expect(r.state).toBe(ReservationState.Open);
  });
});
