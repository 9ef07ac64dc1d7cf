/**
 * What every auction handler's undo needs, in one record: the auction row as the apply found it (`before`; null
 * when the apply created it), the bids whose state it changed (put back), the bid it inserted (removed), and the
 * item's last price when it recorded a trade. Alerts it queued are retracted by the log they came from.
 */
import { TOKEN_SYMBOLS } from '@att/shared';
import { z } from 'zod';
import { retractAlertsOf } from '../../alerts';
import { undoTrade } from '../../items';
import {
  deleteAuction,
  deleteBid,
  lockAuction,
  setBidStates,
  updateAuction,
} from '../order-book/auctions/auctions-repository';
import { rowId, type Handler, type LogContext } from './handler';

const snapshotSchema = z.object({
  state: z.number().int(),
  ends_at: z.string(),
  fee_bps: z.number().int().nullable(),
  raise_bps: z.number().int().nullable(),
  extension_seconds: z.number().int().nullable(),
  top_bid: z.string().nullable(),
  top_bidder: z.string().nullable(),
  bid_count: z.number().int(),
  winner_address: z.string().nullable(),
  price: z.string().nullable(),
  unclaimed_owner: z.string().nullable(),
});

export const auctionUndoSchema = z.object({
  auctionId: rowId,
  before: snapshotSchema.nullable(),
  bids: z.array(z.object({ bidIdx: rowId, state: z.number().int() })).default([]),
  insertedBid: rowId.optional(),
  last: z.object({ lastPrice: z.string().nullable(), lastSymbol: z.enum(TOKEN_SYMBOLS).nullable() }).optional(),
});
export type AuctionUndo = z.output<typeof auctionUndoSchema>;

/** Undoes one auction handler's apply from its record. */
export async function undoAuctionChange(ctx: LogContext, u: AuctionUndo | undefined): Promise<void> {
  if (!u) return;
  const { trx } = ctx;
  const a = await lockAuction(trx, u.auctionId);
  if (!a) return;
  if (u.insertedBid) await deleteBid(trx, u.insertedBid);
  for (const state of new Set(u.bids.map((b) => b.state))) {
    await setBidStates(
      trx,
      u.bids.filter((b) => b.state === state).map((b) => b.bidIdx),
      state,
    );
  }
  if (u.last) await undoTrade(trx, a.item_idx, u.last);
  await retractAlertsOf(trx, ctx.log);
  if (u.before === null) await deleteAuction(trx, a);
  else await updateAuction(trx, a, u.before);
}

/** An auction handler: its own apply, and the undo every auction handler shares (`undoAuctionChange`). */
export function auctionHandler(apply: Handler<AuctionUndo>['apply']): Handler<AuctionUndo> {
  return { undoSchema: auctionUndoSchema, apply, undo: (ctx, _a, u) => undoAuctionChange(ctx, u) };
}
