/**
 * Auctions (spec 3 sections 3-9): an auction's bid list, the server's check of a bid before the wallet sends
 * `placeBid`, and the caller's withdrawable balances on the Market (payouts and refunds that could not be pushed).
 * Registering an auction is `/nft/all/sale` saleType 2 (trading.ts). Amounts are integer wei as decimal strings.
 */
import { z } from 'zod';
import { addressSchema, authFields, dataReply, listReply, weiSchema } from './common';
import { idxSchema, pageNoSchema, pageSizeSchema } from './collection';
import { TOKEN_SYMBOLS } from '../domain/tokens';

/** Bids a page holds: the spec asks 9999 (every bid of an auction). */
export const BID_PAGE = { size: 9999, cap: 9999 } as const;

/**
 * /nft/instance/bid/list: the bids of an auction (`instanceIdx` = the auction's instance), highest first, each with
 * its state (0 active, 1 canceled: replaced by the same bidder's higher bid or refunded, 2 withdrawn by its bidder).
 * Codes: 0; 270 no such auction.
 */
export const bidListRequest = z.object({
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(BID_PAGE.size, BID_PAGE.cap),
  instanceIdx: idxSchema,
});
export const bidRowSchema = z.object({
  bidIdx: z.number().int(),
  symbol: z.enum(TOKEN_SYMBOLS),
  price: z.string(),
  memberName: z.string().nullable(),
  memberAddress: z.string(),
  state: z.number().int(),
  createDate: z.string(),
});
export type BidRow = z.infer<typeof bidRowSchema>;
export const bidListReply = listReply(bidRowSchema);

/**
 * /nft/instance/bid: the server's check of a bid before the wallet sends it, and what `placeBid` needs. The
 * minimum is the start price before any bid, else the top bid plus the auction's raise (rate / 10000, rounded up),
 * as the Market computes it. Codes: 0; 270 no such auction; 82 not taking bids (not registered yet, cancelled,
 * settled); 85 its end has passed; 2 the seller's own auction; 276 below the minimum.
 */
export const bidCheckRequest = z.object({ ...authFields, instanceIdx: idxSchema, price: weiSchema });
export const bidCheckReply = dataReply(
  z.object({
    market: z.string(),
    auctionId: z.string(),
    token: z.string(),
    symbol: z.enum(TOKEN_SYMBOLS),
    minimumBid: z.string(),
    /** The caller's own live bid, which this one replaces (a KLAY bid sends only the increase). */
    currentBid: z.string(),
    endDate: z.string(),
  }),
);

/**
 * /nft/withdrawable/list: what the Market holds for the caller and only the caller can take back. Rows without an
 * auction are withdrawable balances per token (payouts and refunds it could not push; `withdraw(token)`), only
 * non-zero ones; rows with `auctionId` are the caller's live bids left in an auction that has ended (outbid, not
 * withdrawn before the end; `cancelBid(auctionId)`), with the item (`productIdx`, `pdName`). Codes: 0.
 */
export const withdrawableListRequest = z.object({ ...authFields });
export const withdrawableRowSchema = z.object({
  symbol: z.enum(TOKEN_SYMBOLS).nullable(),
  token: addressSchema,
  amount: z.string(),
  auctionId: z.string().nullable(),
  productIdx: z.number().int().nullable(),
  pdName: z.string().nullable(),
});
export const withdrawableListReply = listReply(withdrawableRowSchema);
export type WithdrawableRow = z.infer<typeof withdrawableRowSchema>;

/**
 * /nft/auction/unclaimed/list: the pieces of auctions the caller won that the Market holds for them (their wallet's
 * receive hook refused the piece at the settlement), each taken with `claimAuctionItem(auctionId, to)`.
 * `productIdx` narrows the list to one item (the item page). Codes: 0.
 */
export const unclaimedListRequest = z.object({ ...authFields, productIdx: idxSchema.optional() });
export const unclaimedRowSchema = z.object({
  auctionId: z.string(),
  productIdx: z.number().int(),
  pdName: z.string(),
});
export const unclaimedListReply = listReply(unclaimedRowSchema);
export type UnclaimedRow = z.infer<typeof unclaimedRowSchema>;

/**
 * /nft/auction/result: how the item's last settled auction ended (no login), for the item page once the auction has
 * left its sales list: its instance (`/nft/instance/bid/list` lists its bids), its end, how many bids it had and
 * the winning bid (state 3 won; null when it ended with no bid). `data` absent: the item has no settled auction.
 * Codes: 0.
 */
export const auctionResultRequest = z.object({ productId: idxSchema });
export const auctionResultSchema = z.object({
  instanceIdx: z.number().int(),
  endDate: z.string(),
  bidCount: z.number().int(),
  won: bidRowSchema.nullable(),
});
export type AuctionResult = z.infer<typeof auctionResultSchema>;
export const auctionResultReply = dataReply(auctionResultSchema);
