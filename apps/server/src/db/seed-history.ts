/**
 * DEMO transaction history for `npm start`: believable events (list, sale, lazy-mint sale, transfer, offer, bid,
 * auction, cancel...) over the last 30 days for the demo catalogue, so the feed, rankings, profile history and
 * Loyalty tabs have something to show. Every row is `is_demo = true`.
 *
 * DEMO ONLY, until the trading issue's indexer writes real trades from the chain (it replaces this module). These
 * rows move nothing on chain and no inventory: they only write `trade_history` and the trade summaries that
 * follow from it (items.last_price/last_symbol/trade_count, collections.trade_count/volume_trade); the ranking
 * aggregates follow through 0008's triggers.
 *
 * Idempotent: a database that already holds demo history is left alone. Deterministic (seeded random).
 */
import { randomBytes } from 'node:crypto';
import { HistoryEvent, TRADE_EVENTS, parseDecimal, usdValue } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { TradeHistoryTable } from './database';

export interface DemoHistoryResult {
  events: number;
  skipped: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
const WEI = 10n ** 18n;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wallets that are no member's (the feed shows them as a wallet icon and the raw address). */
const STRANGERS = [
  '0x8626f6940e2eb28930efb4cef49b2d1f2c9c1199',
  '0xdd2fd4581271e230360230f9337d5c0430bf44c0',
  '0xbcd4042de499d14e55001ccbb24a551f3b954096',
];

export async function seedDemoHistory(app: FastifyInstance, opts: { maxItems?: number } = {}): Promise<DemoHistoryResult> {
  const db = app.db;
  const existing = await db.selectFrom('trade_history').select('history_idx').where('is_demo', '=', true).limit(1).executeTakeFirst();
  if (existing) return { events: 0, skipped: true };

  const items = await db
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select(['i.item_idx as itemIdx', 'i.collection_idx as collectionIdx', 'i.total_supply as supply', 'i.royalty_bps as royaltyBps', 'i.hide_state as hidden', 'm.address as creator'])
    .where('i.deleted_at', 'is', null)
    .orderBy('i.item_idx')
    .limit(opts.maxItems ?? 2000)
    .execute();
  if (items.length === 0) return { events: 0, skipped: false };
  const members = await db.selectFrom('members').select('address').where('state', '=', 'active').orderBy('member_idx').execute();
  const wallets = [...members.map((m) => m.address), ...STRANGERS];
  const prices = await app.repos.catalog.tokenPrices();
  const usdOf = { ATT: prices.ATT ?? '0', KLAY: prices.KLAY ?? '0' };
  const now = app.now().getTime();
  const chainId = app.config.chainId;

  const rows: Insertable<TradeHistoryTable>[] = [];
  const tx = () => `0x${randomBytes(32).toString('hex')}`;
  for (const it of items) {
    const r = random(it.itemIdx * 7919);
    // About two thirds of the shown items have a history; hidden ones keep only their listing.
    if (r() < 0.33) continue;
    const symbol: 'ATT' | 'KLAY' = r() < 0.6 ? 'ATT' : 'KLAY';
    const whole = symbol === 'ATT' ? 200 + Math.floor(r() * 8000) : 5 + Math.floor(r() * 400);
    let price = BigInt(whole) * WEI + BigInt(Math.floor(r() * 100)) * (WEI / 100n);
    // Events get a virtual time first; the item's timeline is then fitted between a start in the last 30 days
    // and an end before now, so every item's history spreads over the month.
    const start = now - Math.floor((2 + r() * 27.5) * DAY);
    const end = now - Math.floor((0.02 + r() * 1.5) * DAY);
    let t = 0;
    const first = rows.length;
    const step = () => (t += Math.floor((0.2 + r()) * 1_000_000));
    let owner = it.creator;
    let minted = false;
    const at = () => new Date(t);
    const priced = (amount: number, p: bigint) => ({
      unit_price: p.toString(),
      symbol,
      usd_value: usdValue(p * BigInt(amount), usdOf[symbol]),
    });
    const push = (row: Omit<Insertable<TradeHistoryTable>, 'item_idx' | 'collection_idx' | 'is_demo' | 'created_at'>) => {
      const onChain = row.tx_hash !== undefined;
      rows.push({ ...row, item_idx: it.itemIdx, collection_idx: it.collectionIdx, is_demo: true, created_at: at() /* virtual; see fit() */, ...(onChain ? { chain_id: chainId, log_index: 0 } : {}) });
    };

    push({ event_type: HistoryEvent.List, amount: 1, from_address: owner, ...priced(1, price) });
    if (it.hidden) {
      fit(rows, first, t, start, end);
      continue;
    }
    const trades = 1 + Math.floor(r() * 3);
    for (let k = 0; k < trades; k++) {
      step();
      const buyer = wallets.filter((w) => w !== owner)[Math.floor(r() * (wallets.length - 1))]!;
      const amount = it.supply > 1 ? 1 + Math.floor(r() * Math.min(3, it.supply)) : 1;
      const kind = r();
      if (kind < 0.2) {
        // An offer, then its acceptance.
        push({ event_type: HistoryEvent.Offer, amount, from_address: buyer, to_address: owner, ...priced(amount, price) });
        step();
        push({ event_type: HistoryEvent.OfferAccept, amount, from_address: owner, to_address: buyer, ...priced(amount, price), royalty: royaltyOf(price, amount, it.royaltyBps), tx_hash: tx() });
      } else if (kind < 0.35) {
        // An auction with a bid or two, won by the last bidder.
        push({ event_type: HistoryEvent.AuctionStart, amount: 1, from_address: owner, ...priced(1, price) });
        const other = wallets.find((w) => w !== owner && w !== buyer)!;
        step();
        push({ event_type: HistoryEvent.Bid, amount: 1, from_address: other, to_address: owner, ...priced(1, price), tx_hash: tx() });
        price += price / 10n;
        step();
        push({ event_type: HistoryEvent.Bid, amount: 1, from_address: buyer, to_address: owner, ...priced(1, price), tx_hash: tx() });
        push({ event_type: HistoryEvent.BidRefund, amount: 1, from_address: owner, to_address: other, ...priced(1, price - price / 11n), tx_hash: tx() });
        step();
        push({ event_type: HistoryEvent.AuctionWin, amount: 1, from_address: owner, to_address: buyer, ...priced(1, price), royalty: royaltyOf(price, 1, it.royaltyBps), tx_hash: tx() });
      } else {
        const type = minted ? HistoryEvent.Sale : HistoryEvent.LazyMintSale;
        if (!minted) push({ event_type: HistoryEvent.Mint, amount, to_address: buyer, tx_hash: tx() });
        push({ event_type: type, amount, from_address: owner, to_address: buyer, ...priced(amount, price), royalty: royaltyOf(price, amount, it.royaltyBps), tx_hash: tx() });
      }
      minted = true;
      if (it.supply === 1) owner = buyer;
      // The next owner lists a little higher or lower; sometimes cancels first.
      price = (price * BigInt(85 + Math.floor(r() * 40))) / 100n;
      step();
      if (r() < 0.25) {
        push({ event_type: HistoryEvent.ListCancel, amount: 1, from_address: owner, ...priced(1, price), tx_hash: tx() });
        step();
      }
      push({ event_type: HistoryEvent.List, amount: 1, from_address: owner, ...priced(1, price) });
    }
    if (minted && r() < 0.2) {
      step();
      const to = wallets.find((w) => w !== owner)!;
      push({ event_type: HistoryEvent.Transfer, amount: 1, from_address: owner, to_address: to, tx_hash: tx() });
    }
    fit(rows, first, t, start, end);
  }
  rows.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('trade_history').values(rows.slice(i, i + 500)).execute();
    const trades = sql.raw(`(${TRADE_EVENTS.join(', ')})`);
    await sql`
      UPDATE items i SET trade_count = t.n, last_price = t.price, last_symbol = t.symbol
      FROM (SELECT item_idx, count(*)::int AS n,
                   (array_agg(unit_price ORDER BY history_idx DESC))[1] AS price,
                   (array_agg(symbol ORDER BY history_idx DESC))[1] AS symbol
            FROM trade_history WHERE is_demo AND event_type IN ${trades} GROUP BY item_idx) t
      WHERE t.item_idx = i.item_idx`.execute(trx);
    // Volume in ATT wei: KLAY trades converted at the token prices' ratio.
    const att = parseDecimal(usdOf.ATT, 18);
    const klay = parseDecimal(usdOf.KLAY, 18);
    await sql`
      UPDATE collections c SET trade_count = c.trade_count + t.n, volume_trade = c.volume_trade + t.v
      FROM (SELECT collection_idx, count(*)::int AS n,
                   trunc(sum(CASE WHEN symbol = 'ATT' THEN amount * unit_price
                                  ELSE amount * unit_price * ${klay.toString()}::numeric / ${(att > 0n ? att : 1n).toString()}::numeric END)) AS v
            FROM trade_history WHERE is_demo AND event_type IN ${trades} GROUP BY collection_idx) t
      WHERE t.collection_idx = c.collection_idx`.execute(trx);
  });
  return { events: rows.length, skipped: false };
}

/** Maps the virtual times (0..last) of rows[from..] onto [start, end]. */
function fit(rows: Insertable<TradeHistoryTable>[], from: number, last: number, start: number, end: number) {
  for (let i = from; i < rows.length; i++) {
    const v = (rows[i]!.created_at as Date).getTime();
    rows[i]!.created_at = new Date(start + Math.floor((last > 0 ? v / last : 0) * (end - start)));
  }
}

function royaltyOf(price: bigint, amount: number, bps: number): string {
  return ((price * BigInt(amount) * BigInt(bps)) / 10_000n).toString();
}
