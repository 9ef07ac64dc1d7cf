/**
 * Offers (spec 3 sections 3-9, spec 2 "Own profile" Offers tab): make an offer (the validator's `Offer`, escrowed
 * by the offerer's own `makeOffer`), accept part of one (the validator's `Accept`, sent by the seller as
 * `acceptOffer`), delete a finished one from a member's list, an item's live offers, and a member's offers made
 * (participation) and received. Cancelling is the offerer's own on-chain `cancelOffer` (no server call). Amounts
 * are integer wei as decimal strings; uint256 fields of the signed terms are decimal strings too.
 *
 * An offer's state (`OfferState`): 0 pending (signed, not yet on chain), 1 expired, 2 valid (escrowed), 3
 * cancelled, 4 acquired (every piece accepted), 5 item deleted (escrow still live: the offerer cancels it).
 */
import { z } from 'zod';
import { MAX_UINT256 } from '../domain/constants';
import { OFFER_PAGE_SIZE } from '../domain/social';
import { ReturnCode } from '../domain/return-codes';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { idxSchema, pageNoSchema, pageSizeSchema, searchTextSchema } from './collection';
import { authFields, codeReply, dataReply, listReply, weiSchema } from './common';
import { OFFER_MAX_MINUTES } from '../domain/trading';
import { MAX_FIXED_PRICE_WEI, MIN_FIXED_PRICE_WEI } from './trading';

/** Pieces per offer or accept (the edition is at most 1,000,000). */
export const pieceCount = z.number().int().min(1).max(1_000_000);
export const uint = z
  .string()
  .regex(/^\d{1,78}$/, 'uint')
  .refine((v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= MAX_UINT256, 'uint above 2^256 - 1');

/**
 * The two refusals of an accept the web shows with the spec's own texts: during an auction (280, "경매 판매 중에는
 * 제안을 수락할 수 없습니다.") and when none of the member's pieces is free of listings and reservations (273,
 * "수락을 할려면 판매 등록을 취소 후 시도하세요.").
 */
export const OfferAcceptRefusal = {
  DuringAuction: ReturnCode.ItemInAuction,
  NoFreePieces: ReturnCode.ItemOnSale,
} as const;

/**
 * /nft/offer: the caller offers `pricePerOne` wei a piece for `amount` pieces of an item, in `symbol`; the offer runs
 * `expireMinute` minutes (default OFFER_DEFAULT_MINUTES; the web sends one of OFFER_DURATION_DAYS; at most
 * OFFER_MAX_MINUTES, 30 days). The reply is the validator-signed
 * `Offer` the offerer sends as `makeOffer` (gas 400,000; KLAY offers send `osdPrice` as the value, ATT offers need
 * the allowance first); the offer is pending until the indexer sees it on chain, then valid.
 * Codes: 0; 258 no such item; 280 the item is in auction; 2 the caller holds every piece; 84 more pieces than
 * others hold (total − the caller's pieces − pieces reserved for the caller's purchases); 5 a price below 1 token
 * (the Market's minimum, as for listings) or above 10^12 tokens a piece, a symbol other than ATT and KLAY, a period of
 * 0 or more than 30 days; 108 more than 30 offers a minute.
 */
/** Wei per piece of an offer, at least 1 token (MIN_FIXED_PRICE_WEI), at most 10^12 tokens. */
export const offerPriceSchema = weiSchema.refine(
  (v) => !/^\d{1,78}$/.test(v) || (BigInt(v) >= MIN_FIXED_PRICE_WEI && BigInt(v) <= MAX_FIXED_PRICE_WEI),
  'price out of range',
);
export const offerRequest = z.object({
  ...authFields,
  productId: idxSchema,
  pricePerOne: offerPriceSchema,
  amount: pieceCount,
  symbol: z.enum(TOKEN_SYMBOLS),
  expireMinute: z.number().int().min(1).max(OFFER_MAX_MINUTES).optional(),
});
/** The signed `Offer` as `makeOffer` takes it (market-wire `offerFromWire`). */
export const offerMessageSchema = z.object({
  id: uint,
  collection: z.string(),
  itemId: uint,
  amount: uint,
  buyer: z.string(),
  token: z.string(),
  pricePerOne: uint,
  expiry: uint,
});
export type OfferMessage = z.infer<typeof offerMessageSchema>;
export const offerReply = dataReply(
  z.object({
    osdId: z.string(),
    osdContractAddress: z.string(),
    /** 1 ERC-1155. */
    osdContractType: z.number().int(),
    osdBuyer: z.string(),
    osdItemId: z.string(),
    osdAmount: z.number().int(),
    /** The item's creator and royalty (bps), paid from each accepted piece. */
    osdAuthor: z.string(),
    osdAuthorFee: z.number().int(),
    osdToken: z.string(),
    osdPricePerOne: z.string(),
    /** The offer's expiry, ISO 8601. */
    osdExpired: z.string(),
    /** Escrowed by makeOffer: amount × pricePerOne, wei. */
    osdPrice: z.string(),
    market: z.string(),
    offer: offerMessageSchema,
    signResult: z.string(),
  }),
);

/**
 * /nft/offer/accept: the caller sells `amount` pieces into a valid offer. Their pieces and that part of the offer are
 * held for them until the `Accept` is used on chain or its deadline passes, so parallel accepts never sell more than
 * the offer holds. The item's creator accepting with unminted pieces mints them (`aodMintAmount`) in the same call.
 * Codes: 0; 279 no such offer on chain (or still pending, or cancelled); 281 the caller's own offer; 85 expired;
 * 83 every piece already accepted; 258 the item was deleted; 280 the item is in auction (OfferAcceptRefusal); 274
 * the caller holds none of the item, or fewer free pieces than asked; 273 none of the caller's pieces is free
 * (OfferAcceptRefusal); 84 more pieces than the offer has left; 271 the rest is held by other accepts in flight.
 */
export const offerAcceptRequest = z.object({ ...authFields, offerIdx: idxSchema, amount: pieceCount });
export const acceptMessageSchema = z.object({
  id: uint,
  offerId: uint,
  seller: z.string(),
  amount: uint,
  mintAmount: uint,
  editionSize: uint,
  royaltyBps: uint,
  expiry: uint,
});
export type AcceptMessage = z.infer<typeof acceptMessageSchema>;
export const offerAcceptReply = dataReply(
  z.object({
    /** The Accept's single-use id. */
    aodId: z.string(),
    aodAmount: z.number().int(),
    /** Of them, the creator's unminted pieces minted by the Market. */
    aodMintAmount: z.number().int(),
    /** The offer's on-chain id. */
    aodSigId: z.string(),
    /** Deadline of the Accept, ISO 8601. */
    aodExpired: z.string(),
    market: z.string(),
    accept: acceptMessageSchema,
    signResult: z.string(),
    symbol: z.enum(TOKEN_SYMBOLS),
    /** price × amount, and what the seller receives after the platform fee and the royalty, wei. */
    price: z.string(),
    netProceeds: z.string(),
  }),
);

/**
 * /nft/offer/delete: removes a finished offer (any state but valid and item deleted, whose escrow is live) from the
 * caller's own list; nothing else changes. Codes: 0 (also when already removed); 279 no such offer; 2 neither the
 * offerer nor a member the offer was made to; 20 the offer is live (cancel it on chain instead).
 */
export const offerDeleteRequest = z.object({ ...authFields, offerIdx: idxSchema });
export const offerDeleteReply = codeReply;

/** /nft/offer/product/list: an item's valid offers, highest price first (no login). Codes: 0; 258 no such item. */
export const offerProductListRequest = z.object({
  productIdx: idxSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(9999, 9999),
});
export const offerProductRowSchema = z.object({
  makeOfferIdx: z.number().int(),
  osdId: z.string(),
  offerSymbol: z.enum(TOKEN_SYMBOLS),
  /** Wei per piece. */
  offerPricePerOne: weiSchema,
  remainAmount: z.number().int(),
  /** Pieces a seller can accept now (remaining minus accepts in flight). */
  availableAmount: z.number().int(),
  memberName: z.string(),
  memberAddress: z.string(),
  memberFileName: z.string().nullable(),
  /** ISO 8601. */
  expireDate: z.string(),
  state: z.number().int(),
  /** USD value of one piece, floored to 4 decimals ("" without a token price). */
  currencyPrice: z.string(),
});
export type OfferProductRow = z.infer<typeof offerProductRowSchema>;
export const offerProductListReply = listReply(offerProductRowSchema);

/**
 * The profile's offer lists: /nft/offer/member/participation/list (offers I made, sub-tab 1) and
 * /nft/offer/member/list (offers made to me: on items I hold, or that I accepted; sub-tab 2), logged in; the
 * `/other` forms take `memberIdx` instead (255 no such member) and show that member's lists read-only. Newest
 * first, page size 10 (capped); pending offers are the offerer's alone. Rows a member deleted are not listed.
 */
const offerListFields = {
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(OFFER_PAGE_SIZE, OFFER_PAGE_SIZE),
  searchText: searchTextSchema,
  filterCollection: z.array(idxSchema).max(100).default([]),
  filterCoin: z.array(z.enum(TOKEN_SYMBOLS)).max(2).default([]),
};
export const offerMemberListRequest = z.object({ ...authFields, ...offerListFields });
export const offerMemberListOtherRequest = z.object({ ...offerListFields, memberIdx: idxSchema });
export const offerRowSchema = z.object({
  makeOfferIdx: z.number().int(),
  productIdx: z.number().int(),
  productName: z.string(),
  productResourceType: z.number().int(),
  productFileName: z.string(),
  productFileFormat: z.string(),
  productThumbnailFileName: z.string().nullable(),
  offerSymbol: z.enum(TOKEN_SYMBOLS),
  /** Wei per piece. */
  offerPricePerOne: weiSchema,
  remainAmount: z.number().int(),
  /** Total pieces offered. */
  offerAmount: z.number().int(),
  /** Expiry, ISO 8601. */
  tradeDate: z.string(),
  /** Offer state number (`OfferState`; labels in the web catalogue). */
  state: z.number().int(),
  /** The offerer on received offers; the item's creator on made ones. */
  memberName: z.string(),
  memberFileName: z.string().nullable(),
  /** USD value of one piece, floored to 4 decimals ("" without a token price). */
  currencyPrice: z.string(),
});
export type OfferRow = z.infer<typeof offerRowSchema>;
export const offerMemberListReply = listReply(offerRowSchema);

/** The offers' routes (merged into `routes`). */
export const offerRoutes = {
  '/nft/offer': { request: offerRequest, reply: offerReply, auth: 'member', idempotent: true },
  '/nft/offer/accept': { request: offerAcceptRequest, reply: offerAcceptReply, auth: 'member', idempotent: true },
  '/nft/offer/delete': { request: offerDeleteRequest, reply: offerDeleteReply, auth: 'member', idempotent: true },
  '/nft/offer/product/list': { request: offerProductListRequest, reply: offerProductListReply },
  '/nft/offer/member/list': { request: offerMemberListRequest, reply: offerMemberListReply, auth: 'member' },
  '/nft/offer/member/participation/list': {
    request: offerMemberListRequest,
    reply: offerMemberListReply,
    auth: 'member',
  },
  '/nft/offer/member/list/other': { request: offerMemberListOtherRequest, reply: offerMemberListReply },
  '/nft/offer/member/participation/list/other': { request: offerMemberListOtherRequest, reply: offerMemberListReply },
} as const;
