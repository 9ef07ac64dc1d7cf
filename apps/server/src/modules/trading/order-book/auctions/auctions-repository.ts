/**
 * The order book's auctions (SQL only; use cases decide return codes): the terms the validator signed, the chain's
 * registration, the bid book the indexer keeps from the Market's events, and the withdrawable balances. Every
 * change to an auction row goes through `lockAuction` (its row lock; taken after the listing and before the
 * inventory locks of `lockInOrder` when a transaction needs both) and leaves the item's sale summary refreshed.
 * A handler's exact undo is the row as `lockAuction` read it (`AuctionSnapshot`) plus the bid states it changed.
 */
import { AuctionState, BidState, type TokenSymbol } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { refreshSaleSummary } from '../trade-summary';
import type { Database, Db } from '../../../schema';
import { sweep } from '../sweep';

type Trx = Kysely<Database>;

/** The columns of an auction the chain moves (what an undo restores). */
export interface AuctionSnapshot {
  state: number;
  ends_at: string;
  fee_bps: number | null;
  raise_bps: number | null;
  extension_seconds: number | null;
  top_bid: string | null;
  top_bidder: string | null;
  bid_count: number;
  winner_address: string | null;
  price: string | null;
  unclaimed_owner: string | null;
}

export interface AuctionRow extends AuctionSnapshot {
  auction_id: string;
  item_idx: number;
  seller_address: string;
  symbol: TokenSymbol;
  token_address: string;
  start_price: string;
}

const SNAPSHOT_COLUMNS = [
  'state',
  'ends_at',
  'fee_bps',
  'raise_bps',
  'extension_seconds',
  'top_bid',
  'top_bidder',
  'bid_count',
  'winner_address',
  'price',
  'unclaimed_owner',
] as const;

/** Ids this server issues (a sequence): any other id (the validator signs no other) is no auction of ours. */
export const isOurAuctionId = (id: string): boolean => /^\d{1,19}$/.test(id) && BigInt(id) < 2n ** 63n;

/** The auction, its row locked for the transaction (undefined: unknown id). */
export async function lockAuction(trx: Trx, auctionId: string): Promise<AuctionRow | undefined> {
  if (!isOurAuctionId(auctionId)) return undefined;
  const r = await trx
    .selectFrom('auctions')
    .select(['auction_id', 'item_idx', 'seller_address', 'symbol', 'token_address', 'start_price', ...SNAPSHOT_COLUMNS])
    .where('auction_id', '=', auctionId)
    .forUpdate()
    .executeTakeFirst();
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return (
    r && {
      ...r,
      auction_id: String(r.auction_id),
      start_price: String(r.start_price),
      top_bid: text(r.top_bid),
      price: text(r.price),
      ends_at: new Date(r.ends_at).toISOString(),
    }
  );
}

export function snapshotOf(a: AuctionRow): AuctionSnapshot {
  return Object.fromEntries(SNAPSHOT_COLUMNS.map((k) => [k, a[k]])) as unknown as AuctionSnapshot;
}

/** Changes an auction's chain-moved columns and refreshes its item's sale summary. */
export async function updateAuction(
  trx: Trx,
  a: Pick<AuctionRow, 'auction_id' | 'item_idx'>,
  set: Partial<AuctionSnapshot>,
): Promise<void> {
  await trx
    .updateTable('auctions')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('auction_id', '=', a.auction_id)
    .execute();
  await refreshSaleSummary(trx, a.item_idx);
}

export interface NewAuction {
  auction_id?: string;
  item_idx: number;
  seller_address: string;
  symbol: TokenSymbol;
  token_address: string;
  start_price: string;
  ends_at: Date;
  state: number;
  is_minting: boolean;
  edition_size: number;
  royalty_bps: number;
  sign_expires_at: Date;
}

/** Stores an auction (signed by the validator, or registered on chain without a row here); returns its id. */
export async function insertAuction(trx: Trx, values: NewAuction): Promise<string> {
  const r = await trx.insertInto('auctions').values(values).returning('auction_id').executeTakeFirstOrThrow();
  return String(r.auction_id);
}

/** Removes an auction the chain registered without a row here (the undo of that registration). */
export async function deleteAuction(trx: Trx, a: Pick<AuctionRow, 'auction_id' | 'item_idx'>): Promise<void> {
  await trx.deleteFrom('auctions').where('auction_id', '=', a.auction_id).execute();
  await refreshSaleSummary(trx, a.item_idx);
}

/** The item's auction that is live on chain or signed and not yet lapsed (newest first). */
export async function openAuctionOf(db: Trx, itemIdx: number, now: Date) {
  return db
    .selectFrom('auctions')
    .select(['auction_id', 'state', 'seller_address'])
    .where('item_idx', '=', itemIdx)
    .where((eb) =>
      eb.or([
        eb('state', '=', AuctionState.Active),
        eb.and([eb('state', '=', AuctionState.Signed), eb('sign_expires_at', '>', now)]),
      ]),
    )
    .orderBy('auction_id', 'desc')
    .executeTakeFirst();
}

/** Signed auctions whose signature expired unregistered become lapsed (a sweep: `batch` at most a run). */
export async function lapseSignedAuctions(db: Db, before: Date, batch = 200): Promise<void> {
  await sweep(
    db,
    {
      lock: 'self',
      none: undefined,
      due: { table: 'auctions', id: 'auction_id', states: [AuctionState.Signed], at: 'sign_expires_at', before },
      end: async (trx, locked) => {
        await trx
          .updateTable('auctions')
          .set({ state: AuctionState.Lapsed, updated_at: sql<Date>`now()` })
          .where('auction_id', 'in', locked)
          .where('state', '=', AuctionState.Signed)
          .execute();
      },
    },
    batch,
  );
}

/** Live auctions whose end has passed at `chainNow` (the keeper's work), soonest first. */
export async function dueAuctions(db: Trx, chainNow: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('auctions')
    .select('auction_id')
    .where('state', '=', AuctionState.Active)
    .where('ends_at', '<=', chainNow)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.auction_id));
}

// ------------------------------------------------------------------ bids

/** Records a bid the chain took (live); its id. */
export async function insertBid(
  trx: Trx,
  b: {
    auctionId: string;
    bidder: string;
    amount: string;
    chainId: number;
    txHash: string;
    logIndex: number;
    at?: Date;
  },
): Promise<string> {
  const r = await trx
    .insertInto('auction_bids')
    .values({
      auction_id: b.auctionId,
      bidder_address: b.bidder,
      amount: b.amount,
      chain_id: b.chainId,
      tx_hash: b.txHash,
      log_index: b.logIndex,
      ...(b.at ? { created_at: b.at } : {}),
    })
    .returning('bid_idx')
    .executeTakeFirstOrThrow();
  return String(r.bid_idx);
}

export async function deleteBid(trx: Trx, bidIdx: string): Promise<void> {
  await trx.deleteFrom('auction_bids').where('bid_idx', '=', bidIdx).execute();
}

/** The bidder's live bids of an auction leave escrow (state 1 replaced/refunded, 2 withdrawn); the ids it changed. */
export async function endLiveBids(trx: Trx, auctionId: string, bidder: string, state: number): Promise<string[]> {
  const rows = await trx
    .updateTable('auction_bids')
    .set({ state, updated_at: sql<Date>`now()` })
    .where('auction_id', '=', auctionId)
    .where('bidder_address', '=', bidder)
    .where('state', '=', BidState.Active)
    .returning('bid_idx')
    .execute();
  return rows.map((r) => String(r.bid_idx));
}

/** Puts bids back in a state (an undo). */
export async function setBidStates(trx: Trx, bidIdxs: readonly string[], state: number): Promise<void> {
  if (bidIdxs.length === 0) return;
  await trx
    .updateTable('auction_bids')
    .set({ state, updated_at: sql<Date>`now()` })
    .where('bid_idx', 'in', [...bidIdxs])
    .execute();
}

/** The bidder's live bid of an auction, wei ('0' when none). */
export async function liveBidOf(db: Trx, auctionId: string, bidder: string): Promise<string> {
  const r = await db
    .selectFrom('auction_bids')
    .select(sql<string>`amount::text`.as('amount'))
    .where('auction_id', '=', auctionId)
    .where('bidder_address', '=', bidder)
    .where('state', '=', BidState.Active)
    .orderBy('bid_idx', 'desc')
    .executeTakeFirst();
  return r?.amount ?? '0';
}

// ------------------------------------------------------------------ withdrawable balances

/** Adds `delta` (negative: spends) to an account's withdrawable balance of a token; the balance before. */
export async function addWithdrawable(
  trx: Trx,
  chainId: number,
  account: string,
  token: string,
  delta: bigint,
): Promise<string> {
  const row = await trx
    .selectFrom('withdrawable_balances')
    .select('amount')
    .where('chain_id', '=', chainId)
    .where('account_address', '=', account)
    .where('token_address', '=', token)
    .forUpdate()
    .executeTakeFirst();
  const before = row ? String(row.amount) : '0';
  const after = BigInt(before) + delta;
  await setWithdrawable(trx, chainId, account, token, (after > 0n ? after : 0n).toString());
  return before;
}

/** Sets an account's withdrawable balance of a token (0: no row). */
export async function setWithdrawable(
  trx: Trx,
  chainId: number,
  account: string,
  token: string,
  amount: string,
): Promise<void> {
  if (BigInt(amount) === 0n) {
    await trx
      .deleteFrom('withdrawable_balances')
      .where('chain_id', '=', chainId)
      .where('account_address', '=', account)
      .where('token_address', '=', token)
      .execute();
    return;
  }
  await trx
    .insertInto('withdrawable_balances')
    .values({ chain_id: chainId, account_address: account, token_address: token, amount })
    .onConflict((oc) => oc.columns(['chain_id', 'account_address', 'token_address']).doUpdateSet({ amount }))
    .execute();
}

/**
 * A rebuild from the chain: every auction back to signed (the replayed `AuctionRegistered` makes it live again with
 * its signed end), no bid and no withdrawable balance (the replayed logs write them again).
 */
export async function parkAuctions(trx: Trx): Promise<void> {
  await trx.deleteFrom('auction_bids').execute();
  await trx.deleteFrom('withdrawable_balances').execute();
  await trx
    .updateTable('auctions')
    .set({
      state: AuctionState.Signed,
      fee_bps: null,
      raise_bps: null,
      extension_seconds: null,
      top_bid: null,
      top_bidder: null,
      bid_count: 0,
      winner_address: null,
      price: null,
      unclaimed_owner: null,
    })
    .where('state', 'not in', [AuctionState.Signed, AuctionState.Lapsed])
    .execute();
}
