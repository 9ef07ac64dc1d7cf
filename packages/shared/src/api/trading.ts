/**
 * Trading I (spec 3 sections 5-9): list at a fixed price with the seller's signed EIP-712 `Listing`, withdraw a
 * listing, an item's live listings, reserve pieces for a purchase (the validator's `Buy`), and a signed `Transfer`
 * for unminted pieces. Amounts are integer wei as decimal strings; times are unix seconds on chain, ISO on the wire.
 */
import { z } from 'zod';
import { MAX_UINT256 } from '../domain/constants';
import { addressSchema, authFields, dataReply, listReply, signatureSchema, weiSchema } from './common';
import { idxSchema } from './collection';
import { TOKEN_SYMBOLS } from '../domain/tokens';
import { SaleType } from '../domain/trading';

export const SALE_SYMBOLS = TOKEN_SYMBOLS;
export type SaleSymbol = (typeof SALE_SYMBOLS)[number];
/** Fixed price minimum: 1 whole token (the Market's MIN_FIXED_PRICE). */
export const MIN_FIXED_PRICE_WEI = 10n ** 18n;
/**
 * Fixed price maximum: 10^12 whole tokens a piece. Far above any real price, and it keeps price x quantity inside a
 * uint256 (the Market's `amount * pricePerOne`) and the USD value inside the history's numeric(38, 4).
 */
export const MAX_FIXED_PRICE_WEI = 10n ** 30n;
/** Auction start price minimum: 0.1 token (the Market's MIN_AUCTION_START_PRICE). */
export const MIN_AUCTION_START_PRICE_WEI = 10n ** 17n;
/** Longest sale period: 6 months (spec 3 section 9: 180 days). */
export const MAX_SALE_MINUTES = 180 * 24 * 60;
/** Pieces per call: the schema bound (the edition is at most 1,000,000). */
const quantitySchema = z.number().int().min(1).max(1_000_000);
/** A uint256 as a decimal string (78 digits can exceed 2^256 - 1, which no EIP-712 message can carry). */
const uintSchema = z
  .string()
  .regex(/^\d{1,78}$/, 'uint')
  .refine((v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= MAX_UINT256, 'uint above 2^256 - 1');

/**
 * /nft/all/sale. saleType 1 (fixed price): the web builds the `Listing` from the item (token id, collection
 * contract), the caller's wallet, the chosen token, price, quantity and expiry, the Market's fee and the seller's
 * counter (`counterOf`), a random salt, and for a creator's unminted pieces the edition size and royalty (lazy
 * mint); the wallet signs it (no gas) and the server checks every term against its own view before listing it
 * (`listing` and `signature` are required). saleType 2 (English auction, `auctionSaleRequest` below): no
 * signature of the seller's; the server answers the validator-signed `Auction` terms the seller's wallet sends
 * with `registerAuction`.
 * Codes: 0; 274 not the owner of enough free pieces; 258 no such item; 5 terms differ from the server's view
 * (a counter other than the seller's `counterOf` on chain, a fee other than the Market's), a bad signature, a
 * price below 1 token or above 10^12 tokens, or an expiry past 6 months; 277 this signed listing was listed
 * before (also after its withdrawal); 282 lazy terms for minted pieces.
 */
export const saleRegisterRequest = z
  .object({
    ...authFields,
    productId: idxSchema,
    saleQuantity: quantitySchema,
    saleType: z.union([z.literal(SaleType.Fixed), z.literal(SaleType.Auction)]),
    saleSymbol: z.enum(SALE_SYMBOLS),
    /** Price per piece (fixed) or start price (auction), wei; at most 10^12 tokens. */
    salePrice: weiSchema.refine(
      (v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= MAX_FIXED_PRICE_WEI,
      'price above 10^12 tokens',
    ),
    expireMinute: z
      .number()
      .int()
      .min(1)
      .max(MAX_SALE_MINUTES + 1),
    listing: z
      .object({
        expiry: uintSchema,
        salt: uintSchema,
        counter: uintSchema,
        feeBps: z.number().int().min(0).max(1000),
        editionSize: z.number().int().min(0).max(1_000_000),
        royaltyBps: z.number().int().min(0).max(1000),
      })
      .optional(),
    signature: signatureSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.saleType !== SaleType.Fixed) return;
    if (b.listing === undefined)
      ctx.addIssue({ code: 'custom', path: ['listing'], message: 'a fixed-price sale needs the signed listing' });
    if (b.signature === undefined)
      ctx.addIssue({ code: 'custom', path: ['signature'], message: 'a fixed-price sale needs the signature' });
  });
/** The fixed-price answer: the listing is live at once. */
export const fixedSaleData = z.object({
  instanceId: z.number().int(),
  listingHash: z.string(),
  expireDate: z.string(),
});
/**
 * The auction answer (spec 3 "Sale registration response data"): `bsdId` the instance the auction will be once
 * the indexer sees it registered, `bsdExpired` when the validator's signature lapses, `auc` the Market's
 * `AuctionParams` (uint256 fields as decimal strings), `signResult` the validator's signature over them.
 */
export const auctionSaleData = z.object({
  bsdId: z.number().int(),
  bsdExpired: z.string(),
  market: z.string(),
  auc: z.object({
    id: uintSchema,
    collection: addressSchema,
    itemId: uintSchema,
    seller: addressSchema,
    token: addressSchema,
    startPrice: uintSchema,
    endTime: uintSchema,
    isMinting: z.boolean(),
    editionSize: uintSchema,
    royaltyBps: uintSchema,
    expiry: uintSchema,
  }),
  signResult: z.string(),
});
export type AuctionSaleData = z.infer<typeof auctionSaleData>;
export const saleRegisterReply = dataReply(z.union([fixedSaleData, auctionSaleData]));

/**
 * /nft/cancel/sale: the seller withdraws the listing from the order book at once (open reservations are released).
 * The signed listing stays valid on chain until cancelled there: the reply carries it so the web offers the
 * seller the on-chain `cancelListing(listing)` (no signature that left the server stays usable).
 * Codes: 0; 270 no such live listing; 274 not the seller's.
 */
export const saleCancelRequest = z.object({ ...authFields, instanceId: idxSchema });

/** The signed Listing as the Market takes it (uint256 fields as decimal strings). */
export const listingMessageSchema = z.object({
  seller: addressSchema,
  collection: addressSchema,
  itemId: uintSchema,
  token: addressSchema,
  pricePerOne: uintSchema,
  amount: uintSchema,
  editionSize: uintSchema,
  royaltyBps: uintSchema,
  feeBps: uintSchema,
  expiry: uintSchema,
  salt: uintSchema,
  counter: uintSchema,
});
export type ListingMessage = z.infer<typeof listingMessageSchema>;
export const saleCancelReply = dataReply(
  z.object({ listing: listingMessageSchema, signature: z.string(), market: z.string() }),
);

/** /nft/instance/list/item: an item's live listings, cheapest first, then its live auction (no login). */
export const itemListingsRequest = z.object({ productId: idxSchema });
export const itemListingRow = z.object({
  instanceId: z.number().int(),
  saleType: z.number().int(),
  sellerAddress: z.string(),
  sellerName: z.string().nullable(),
  remainCount: z.number().int(),
  /** Pieces a buyer can reserve now (remaining minus open reservations). */
  availableCount: z.number().int(),
  /**
   * While pieces are held for purchases under way (availableCount below remainCount): the last deadline of their
   * validator-signed Buys. Until then the chain may still take such a Buy, so the pieces come back only after it
   * (and the sweep's grace); nothing releases them sooner.
   */
  reservedUntil: z.string().optional(),
  priceAmount: z.string(),
  priceSymbol: z.enum(SALE_SYMBOLS),
  expireDate: z.string(),
  /** USD value of one piece, floored to 4 decimals ("" without a token price). */
  currencyPrice: z.string(),
  /**
   * Auctions (saleType 2): the Market's auction id, the top bid (null before any), the bids placed, and the smallest
   * bid the Market takes next (the start price, else the top bid plus the raise the auction was registered with,
   * rounded up), wei: the one minimum the bid popup checks and `/nft/instance/bid` refuses below (276).
   */
  auctionId: z.string().optional(),
  bidMaxPrice: z.string().nullable().optional(),
  bidMinimum: z.string().optional(),
  bidCount: z.number().int().optional(),
});
export type ItemListingRow = z.infer<typeof itemListingRow>;
export const itemListingsReply = listReply(itemListingRow);

/**
 * /nft/instance/purchase: reserves `quantity` pieces of a listing for the caller's wallet (one statement; never
 * more than the listing has) and returns what `buyNft` takes: the listing, the seller's signature, the
 * reservation and the validator's signature. The same buyer asking the same quantity again (a second tab, a
 * reload) while their reservation is open gets that reservation back (same psdId and Buy), not a second one.
 * Codes: 0; 270 no such listing; 82 not on sale (withdrawn); 83 sold out; 84 fewer pieces left than asked
 * (or all reserved by others: 271); 85 expired; 2 own listing.
 */
export const purchaseRequest = z.object({ ...authFields, instanceId: idxSchema, quantity: quantitySchema });
export const purchaseReply = dataReply(
  z.object({
    psdId: z.string(),
    psdExpired: z.string(),
    market: z.string(),
    listing: listingMessageSchema,
    sellerSignature: z.string(),
    reservation: z.object({ buyer: z.string(), amount: z.string(), id: z.string(), expiry: z.string() }),
    signResult: z.string(),
    /** What the buyer pays in total, wei (msg.value for KLAY, the allowance for ATT). */
    totalPrice: z.string(),
  }),
);

/**
 * /nft/instance/purchase/pending: the caller's own open reservations of an item's listings (a purchase left at the
 * wallet step), each with the validator's `Buy` over it, so the buyer's wallet can void it (`voidBuy`) and free
 * the pieces at once instead of at `psdExpired`. A read: nothing is reserved or changed. Codes: 0.
 */
export const pendingPurchasesRequest = z.object({ ...authFields, productId: idxSchema });
export const pendingPurchaseRow = z.object({
  instanceId: z.number().int(),
  psdId: z.string(),
  psdExpired: z.string(),
  market: z.string(),
  /** The listing's digest the Buy names (`voidBuy`'s first argument). */
  listingHash: z.string(),
  reservation: z.object({ buyer: z.string(), amount: z.string(), id: z.string(), expiry: z.string() }),
  signResult: z.string(),
});
export type PendingPurchaseRow = z.infer<typeof pendingPurchaseRow>;
export const pendingPurchasesReply = listReply(pendingPurchaseRow);

/**
 * /nft/transfer: a validator-signed `Transfer` for `transferWithMint` (the sender's own transaction moves the
 * pieces; the creator may mint unminted ones). Minted pieces can also go by the wallet's `safeTransferFrom`.
 * Codes: 0; 258 no such item; 274 fewer free pieces than asked; 5 sending to oneself, to the zero address or
 * to the Market or Items contract (the chain refuses those).
 */
export const transferRequest = z.object({
  ...authFields,
  productId: idxSchema,
  toAddress: addressSchema,
  amount: quantitySchema,
});
export const transferReply = dataReply(
  z.object({
    market: z.string(),
    transfer: z.object({
      id: z.string(),
      collection: z.string(),
      itemId: z.string(),
      from: z.string(),
      to: z.string(),
      amount: z.string(),
      mintAmount: z.string(),
      editionSize: z.string(),
      royaltyBps: z.string(),
      expiry: z.string(),
    }),
    signResult: z.string(),
  }),
);
