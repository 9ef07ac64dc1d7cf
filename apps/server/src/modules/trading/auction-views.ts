/**
 * What members read of auctions: an auction's bid list (`/nft/instance/bid/list`), the check of a bid before the
 * wallet sends it (`/nft/instance/bid`: 276 below the Market's minimum), and the caller's withdrawable balances
 * (`/nft/withdrawable/list`) and the pieces they won that the Market holds for them (`/nft/auction/unclaimed/list`). The minimum is the Market's: the start price, else the top bid plus
 * ceil(top * raise / 10000) with the raise the chain registered the auction with.
 */
import { AuctionState, BidState, ReturnCode, type BidRow } from '@att/shared';
import { sql } from 'kysely';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { offsetOf } from '../../platform/db/paginate';
import { liveBidOf } from './order-book/auctions/auctions-repository';
import type { TradingChain } from './market-chain';
import type { Uses } from '../../platform/deps';

/** The smallest bid the Market takes next. */
export function minimumBid(a: { start_price: string; top_bid: string | null; raise_bps: number | null }): bigint {
  if (a.top_bid === null) return BigInt(a.start_price);
  const top = BigInt(a.top_bid);
  return top + (top * BigInt(a.raise_bps ?? 0) + 9_999n) / 10_000n;
}

/**
 * A bid as the list shows it: the winner's live bid of a settled auction is won (paid to the seller, nothing left to
 * withdraw). Read from the auction's end as the indexer applied it, so a reorg's undo of the end shows it live again.
 */
export function shownBidState(
  a: { state: number; winner_address: string | null },
  bid: { bidder_address: string; state: number },
): number {
  const won =
    a.state === AuctionState.Ended && a.winner_address === bid.bidder_address && bid.state === BidState.Active;
  return won ? BidState.Won : bid.state;
}

type BidRead = {
  bid_idx: string;
  bidder_address: string;
  state: number;
  created_at: Date | string;
  user_name: string | null;
  amount: string;
};

/** A bid as the lists show it. */
function bidRowOf(a: { state: number; winner_address: string | null; symbol: BidRow['symbol'] }, r: BidRead): BidRow {
  return {
    bidIdx: Number(r.bid_idx),
    symbol: a.symbol,
    price: r.amount,
    memberName: r.user_name ?? null,
    memberAddress: r.bidder_address,
    state: shownBidState(a, r),
    createDate: new Date(r.created_at).toISOString(),
  };
}

/** The bids of an auction with their bidders' names (active members only), highest first. */
function bidsOf(deps: Uses<'db'>, auctionId: string) {
  return deps.db
    .selectFrom('auction_bids as b')
    .leftJoin('members as m', (j) => j.onRef('m.address', '=', 'b.bidder_address').on('m.state', '=', 'active'))
    .select(['b.bid_idx', 'b.bidder_address', 'b.state', 'b.created_at', 'm.user_name'])
    .select(sql<string>`b.amount::text`.as('amount'))
    .where('b.auction_id', '=', auctionId)
    .orderBy('b.amount', 'desc')
    .orderBy('b.bid_idx', 'desc');
}

/**
 * How the item's last settled auction ended (`/nft/auction/result`): its instance, end, bid count and the winning
 * bid shown won; undefined when the item has none.
 */
export async function auctionResult(deps: Uses<'db'>, productId: number) {
  const a = await deps.db
    .selectFrom('auctions')
    .select(['auction_id', 'state', 'symbol', 'ends_at', 'bid_count', 'winner_address'])
    .where('item_idx', '=', productId)
    .where('state', '=', AuctionState.Ended)
    .orderBy('auction_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!a) return undefined;
  const winner = a.winner_address
    ? await bidsOf(deps, String(a.auction_id))
        .where('b.bidder_address', '=', a.winner_address)
        .where('b.state', '=', BidState.Active)
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    instanceIdx: Number(a.auction_id),
    endDate: new Date(a.ends_at).toISOString(),
    bidCount: Number(a.bid_count),
    won: winner ? bidRowOf(a, winner) : null,
  };
}

async function auctionRow(deps: Uses<'db'>, auctionId: number) {
  return deps.db
    .selectFrom('auctions')
    .select([
      'auction_id',
      'state',
      'seller_address',
      'symbol',
      'token_address',
      'ends_at',
      'raise_bps',
      'winner_address',
    ])
    .select([sql<string>`start_price::text`.as('start_price'), sql<string | null>`top_bid::text`.as('top_bid')])
    .where('auction_id', '=', String(auctionId))
    .executeTakeFirst();
}

export async function bidList(deps: Uses<'db'>, b: { instanceIdx: number; pageNo: number; pageSize: number }) {
  const a = await auctionRow(deps, b.instanceIdx);
  if (!a) throw new AppError(ReturnCode.NoInstanceOnSale, 'no such auction');
  const rows = await bidsOf(deps, String(b.instanceIdx))
    .select(sql<number>`count(*) OVER ()::int`.as('total'))
    .limit(b.pageSize)
    .offset(offsetOf(b))
    .execute();
  const total = rows[0]?.total ?? 0;
  const list = rows.map((r) => bidRowOf(a, r));
  return { list, page: { totalRecordSize: total, pageNo: b.pageNo, pageCount: Math.ceil(total / b.pageSize) } };
}

export async function checkBid(
  deps: Uses<'db' | 'now'>,
  chain: TradingChain,
  member: AuthedMember,
  b: { instanceIdx: number; price: string },
) {
  const a = await auctionRow(deps, b.instanceIdx);
  if (!a) throw new AppError(ReturnCode.NoInstanceOnSale, 'no such auction');
  if (a.state !== AuctionState.Active) throw new AppError(ReturnCode.NotOnSale, 'the auction takes no bids');
  const endsAt = new Date(a.ends_at);
  if (endsAt <= deps.now()) throw new AppError(ReturnCode.TimeExpired, 'the auction has ended');
  const bidder = member.address.toLowerCase();
  if (bidder === a.seller_address) throw new AppError(ReturnCode.NoAuthority, 'the seller cannot bid');
  const minimum = minimumBid(a);
  if (BigInt(b.price) < minimum) throw new AppError(ReturnCode.BidTooLow, `a bid must be at least ${minimum}`);
  return {
    market: chain.market.toLowerCase(),
    auctionId: String(a.auction_id),
    token: a.token_address,
    symbol: a.symbol,
    minimumBid: minimum.toString(),
    currentBid: await liveBidOf(deps.db, String(a.auction_id), bidder),
    endDate: endsAt.toISOString(),
  };
}

export async function withdrawableList(deps: Uses<'db' | 'config'>, chain: TradingChain, member: AuthedMember) {
  const address = member.address.toLowerCase();
  const balances = await deps.db
    .selectFrom('withdrawable_balances')
    .select(['token_address', sql<string>`amount::text`.as('amount')])
    .where('chain_id', '=', deps.config.chainId)
    .where('account_address', '=', address)
    .where('amount', '>', '0')
    .orderBy('token_address')
    .execute();
  // A bidder has at most one live bid an auction (a new one replaces it); the winner's was paid out at the end.
  const bids = await deps.db
    .selectFrom('auction_bids as b')
    .innerJoin('auctions as a', 'a.auction_id', 'b.auction_id')
    .innerJoin('items as i', 'i.item_idx', 'a.item_idx')
    .select(['a.auction_id', 'a.token_address', 'a.item_idx', 'i.name', sql<string>`b.amount::text`.as('amount')])
    .where('b.chain_id', '=', deps.config.chainId)
    .where('b.bidder_address', '=', address)
    .where('b.state', '=', BidState.Active)
    .where('a.state', 'in', [AuctionState.Ended, AuctionState.Voided])
    .where((eb) => eb.or([eb('a.winner_address', 'is', null), eb('a.winner_address', '!=', address)]))
    .orderBy('a.auction_id')
    .execute();
  return [
    ...balances.map((r) => ({
      symbol: chain.symbolOf(r.token_address) ?? null,
      token: r.token_address as `0x${string}`,
      amount: r.amount,
      auctionId: null,
      productIdx: null,
      pdName: null,
    })),
    ...bids.map((r) => ({
      symbol: chain.symbolOf(r.token_address) ?? null,
      token: r.token_address as `0x${string}`,
      amount: r.amount,
      auctionId: String(r.auction_id),
      productIdx: r.item_idx,
      pdName: r.name,
    })),
  ];
}

/** The pieces of auctions the member won and the Market holds for them (`unclaimed_owner`), oldest auction first. */
export async function unclaimedList(deps: Uses<'db'>, member: AuthedMember, productIdx?: number) {
  let q = deps.db
    .selectFrom('auctions as a')
    .innerJoin('items as i', 'i.item_idx', 'a.item_idx')
    .select(['a.auction_id', 'a.item_idx', 'i.name'])
    .where('a.unclaimed_owner', '=', member.address.toLowerCase());
  if (productIdx !== undefined) q = q.where('a.item_idx', '=', productIdx);
  const rows = await q.orderBy('a.auction_id').execute();
  return rows.map((r) => ({ auctionId: String(r.auction_id), productIdx: r.item_idx, pdName: r.name }));
}
