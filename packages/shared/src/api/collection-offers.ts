/**
 * Collection offers: a member escrows an offer of N pieces at a price per piece for any item of one collection (the
 * validator's `CollectionOffer`, sent by the buyer as `makeCollectionOffer`); any holder of an item of that collection
 * sells pieces into it, in part, up to N in all (the validator's `CollectionAccept`, sent by the seller as
 * `acceptCollectionOffer`); the collection's live offers; and a member's collection offers made. Cancelling is the
 * buyer's own on-chain `cancelCollectionOffer` (anyone's after expiry), no server call. States are `OfferState` (5
 * unused). Amounts are integer wei as decimal strings; uint256 fields of the signed terms are decimal strings too.
 */
import { z } from 'zod';
import { OFFER_PAGE_SIZE } from '../domain/social';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { OFFER_MAX_MINUTES } from '../domain/trading';
import { idxSchema, pageNoSchema, pageSizeSchema } from './collection';
import { authFields, dataReply, listReply, weiSchema } from './common';
import { offerPriceSchema, pieceCount, uint } from './offers';
import { traitFilterSchema } from './traits';

/**
 * `criteria` of an offer on any item of the collection (made before offers were narrowed; the Market then leaves the
 * item to the validator's accept). Offers made now sign the Merkle root of the token ids they cover (`criteriaTree` of
 * @att/contracts): the collection's live items when made, or the items carrying a trait.
 */
export const ANY_ITEM_CRITERIA = `0x${'0'.repeat(64)}`;

/**
 * /nft/collection/offer: the caller offers `pricePerOne` wei a piece for `amount` pieces of any item of the
 * collection as it is now (`criteria` is the Merkle root of its live items' token ids; an item published later is not
 * covered), in `symbol`, for `expireMinute` minutes (default 7 days; the web sends one of OFFER_DURATION_DAYS; at
 * most 30 days). With `traits` (the item list's trait filter: any value within a type, every type together; an empty
 * one is no filter) it is a trait offer: it covers only the live items the filter matches. The reply is the validator-signed `CollectionOffer` the buyer sends as `makeCollectionOffer` (gas
 * 400,000; KLAY offers send `price` as the value, ATT offers need the allowance first); the offer is pending until
 * the indexer sees `CollectionOfferMade`, then valid. Codes: 0; 254 no such collection (deleted or hidden); 258 the
 * collection has no live item (that the trait filter matches); 5 a price below 1 token or above 10^12 tokens a
 * piece, a symbol other than ATT and KLAY, a period of 0 or more than 30 days, 0 or more than 1,000,000 pieces, a
 * trait filter out of its limits (more than 20 types or 50 values of a type, an empty type, no value, a long text);
 * 108 more than 30 offers a minute.
 */
export const collectionOfferRequest = z.object({
  ...authFields,
  collectionIdx: idxSchema,
  pricePerOne: offerPriceSchema,
  amount: pieceCount,
  symbol: z.enum(TOKEN_SYMBOLS),
  expireMinute: z.number().int().min(1).max(OFFER_MAX_MINUTES).optional(),
  traits: traitFilterSchema.optional(),
});
/** The signed `CollectionOffer` as `makeCollectionOffer` takes it. */
export const collectionOfferMessageSchema = z.object({
  id: uint,
  collection: z.string(),
  criteria: z.string(),
  amount: uint,
  buyer: z.string(),
  token: z.string(),
  pricePerOne: uint,
  expiry: uint,
});
export type CollectionOfferMessage = z.infer<typeof collectionOfferMessageSchema>;
export const collectionOfferReply = dataReply(
  z.object({
    /** The offer's id (its row and the signed single-use id). */
    offerIdx: z.string(),
    collectionIdx: z.number().int(),
    symbol: z.enum(TOKEN_SYMBOLS),
    /** How many items (token ids) the offer covers. Always sent (optional: replies recorded without it still parse). */
    itemCount: z.number().int().optional(),
    /** Escrowed by makeCollectionOffer: amount × pricePerOne, wei. */
    price: z.string(),
    /** The offer's expiry, ISO 8601. */
    expireDate: z.string(),
    market: z.string(),
    offer: collectionOfferMessageSchema,
    signResult: z.string(),
  }),
);

/**
 * /nft/collection/offer/accept: the caller sells `amount` pieces of their item `productIdx` (an item of the offer's
 * collection) into a valid collection offer. Checked as an item offer's accept: the item not in auction, the pieces
 * free of listings and reservations, the creator's unminted pieces minted in the same call; that part of the offer
 * and the pieces are held until the accept is used on chain or its deadline passes, so parallel accepts never sell
 * more than the offer holds. Codes: 0; 279 no such offer on chain (pending, cancelled); 281 the caller's own offer;
 * 85 expired; 83 every piece already accepted; 258 no such item; 2 the item is not of the offer's collection, or was
 * published after the offer was made (the offer does not cover it); 280
 * the item is in auction; 274 the caller holds none of the item, or fewer free pieces than asked; 273 none of the
 * caller's pieces is free; 84 more pieces than the offer has left; 271 the rest is held by other accepts in flight
 * (or the caller's accept of another amount waits to be sent); 108 too many accepts open or lapsed (ACCEPT_LIMITS,
 * counted apart from item offers').
 */
export const collectionOfferAcceptRequest = z.object({
  ...authFields,
  offerIdx: idxSchema,
  productIdx: idxSchema,
  amount: pieceCount,
});
export const collectionAcceptMessageSchema = z.object({
  id: uint,
  offerId: uint,
  seller: z.string(),
  itemId: uint,
  amount: uint,
  mintAmount: uint,
  editionSize: uint,
  royaltyBps: uint,
  expiry: uint,
});
export type CollectionAcceptMessage = z.infer<typeof collectionAcceptMessageSchema>;
export const collectionOfferAcceptReply = dataReply(
  z.object({
    /** The accept's single-use id. */
    acceptId: z.string(),
    amount: z.number().int(),
    /** Of them, the creator's unminted pieces minted by the Market. */
    mintAmount: z.number().int(),
    offerIdx: z.string(),
    /** Deadline of the accept, ISO 8601. */
    expireDate: z.string(),
    market: z.string(),
    accept: collectionAcceptMessageSchema,
    /** bytes32[]: the item's Merkle proof against the offer's `criteria` (empty when zero or of one item). */
    proof: z.array(z.string()),
    signResult: z.string(),
    symbol: z.enum(TOKEN_SYMBOLS),
    /** price × amount, and what the seller receives after the platform fee and the royalty, wei. */
    price: z.string(),
    netProceeds: z.string(),
  }),
);

/**
 * /nft/collection/offer/list: a collection's valid collection offers, highest price first (no login), with the best
 * one per coin among the offers on every item (`best`, null when there is none; a trait offer is never the best).
 * With `productIdx` (an item of the collection), only the offers that cover that item (trait offers among them).
 * Codes: 0; 254 no such collection; 258 no such live item in the collection.
 */
export const collectionOfferListRequest = z.object({
  collectionIdx: idxSchema,
  productIdx: idxSchema.optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(100, 100),
});
export const collectionOfferRowSchema = z.object({
  offerIdx: z.string(),
  collectionIdx: z.number().int(),
  collectionName: z.string(),
  symbol: z.enum(TOKEN_SYMBOLS),
  /** Wei per piece. */
  pricePerOne: weiSchema,
  amount: z.number().int(),
  remainAmount: z.number().int(),
  /** Pieces a seller can accept now (remaining minus accepts in flight). */
  availableAmount: z.number().int(),
  buyerAddress: z.string(),
  /** ISO 8601. */
  expireDate: z.string(),
  state: z.number().int(),
  /**
   * How many items (token ids) the offer covers; null: any item of the collection. Always sent (optional: replies
   * recorded without it still parse).
   */
  itemCount: z.number().int().nullable().optional(),
  /** A trait offer's filter; null: an offer on every item. Always sent (optional: recorded replies still parse). */
  traits: traitFilterSchema.nullable().optional(),
});
export type CollectionOfferRow = z.infer<typeof collectionOfferRowSchema>;
export const collectionOfferListReply = listReply(collectionOfferRowSchema).extend({
  best: z.object({ ATT: collectionOfferRowSchema.nullable(), KLAY: collectionOfferRowSchema.nullable() }).optional(),
});

/**
 * /nft/collection/offer/member/participation/list: the caller's own collection offers (every state, pending ones
 * too), newest first (the profile's Offers tab, sub-tab 1). Offers received are not listed per member: a holder
 * sees the collection's offers on its page and on each of its items (`/nft/collection/offer/list`).
 */
export const collectionOfferMemberListRequest = z.object({
  ...authFields,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema(OFFER_PAGE_SIZE, OFFER_PAGE_SIZE),
});
export const collectionOfferMemberListReply = listReply(collectionOfferRowSchema);

/** The collection offers' routes (merged into `routes`). */
export const collectionOfferRoutes = {
  '/nft/collection/offer': {
    request: collectionOfferRequest,
    reply: collectionOfferReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/collection/offer/accept': {
    request: collectionOfferAcceptRequest,
    reply: collectionOfferAcceptReply,
    auth: 'member',
    idempotent: true,
  },
  '/nft/collection/offer/list': { request: collectionOfferListRequest, reply: collectionOfferListReply },
  '/nft/collection/offer/member/participation/list': {
    request: collectionOfferMemberListRequest,
    reply: collectionOfferMemberListReply,
    auth: 'member',
  },
} as const;
