/**
 * The cart and the floor sweep: reserve up to CART_MAX_LISTINGS listings of one coin in one call (the web sends one
 * call per coin and one `buyNfts` per reply), and the cheapest live listings of a collection at or below a price.
 * Amounts are integer wei as decimal strings; uint256 fields of the signed terms are decimal strings too.
 */
import { z } from 'zod';
import { CART_MAX_LISTINGS } from '../domain/trading';
import { idxSchema } from './collection';
import { authFields, dataReply, listReply, weiSchema } from './common';
import { listingMessageSchema, MAX_FIXED_PRICE_WEI, SALE_SYMBOLS } from './trading';

const pieceCount = z.number().int().min(1).max(1_000_000);

/**
 * /nft/cart/purchase: reserves, in one database transaction, what can be reserved of `orders` (each listing once,
 * all in `symbol`) for the caller's wallet, as `/nft/instance/purchase` does for one, and answers each reserved one
 * with what `buyNfts` takes (`orders`, in the request's order) and each refused one with its code (`skipped`):
 * 270 no such listing, 82 withdrawn, 83 sold out, 84 fewer pieces left than asked, 85 expired, 271 reserved by
 * other buyers, 2 the caller's own listing, 132 another coin than `symbol`, 108 past the buyer's reservation
 * limits. Codes of the call: 0 (even when every order is skipped); 5 a listing named twice or more than
 * CART_MAX_LISTINGS orders.
 */
export const cartPurchaseRequest = z
  .object({
    ...authFields,
    symbol: z.enum(SALE_SYMBOLS),
    orders: z
      .array(z.object({ instanceId: idxSchema, quantity: pieceCount }))
      .min(1)
      .max(CART_MAX_LISTINGS),
  })
  .superRefine((b, ctx) => {
    const ids = b.orders.map((o) => o.instanceId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'a listing named twice' });
  });
export type CartPurchaseRequest = z.input<typeof cartPurchaseRequest>;

/** One reserved order: `buyNfts`'s CartOrder pieces (the listing, its seller's signature, the Buy and its signature). */
export const cartOrderSchema = z.object({
  instanceId: z.number().int(),
  psdId: z.string(),
  psdExpired: z.string(),
  listing: listingMessageSchema,
  sellerSignature: z.string(),
  reservation: z.object({ buyer: z.string(), amount: z.string(), id: z.string(), expiry: z.string() }),
  signResult: z.string(),
  /** Price x pieces, wei. */
  totalPrice: z.string(),
});
export type CartOrder = z.infer<typeof cartOrderSchema>;
export const cartSkipSchema = z.object({ instanceId: z.number().int(), returnCode: z.number().int() });
export type CartSkip = z.infer<typeof cartSkipSchema>;
export const cartPurchaseData = z.object({
  market: z.string(),
  symbol: z.enum(SALE_SYMBOLS),
  orders: z.array(cartOrderSchema),
  skipped: z.array(cartSkipSchema),
  /** What the reserved orders cost in all, wei (msg.value in KLAY, the allowance in ATT). */
  totalPrice: z.string(),
});
export type CartPurchaseData = z.infer<typeof cartPurchaseData>;
export const cartPurchaseReply = dataReply(cartPurchaseData);

/**
 * /nft/cart/floor: the cheapest live fixed-price listings of a collection in `symbol` at or below `maxPrice` a
 * piece with pieces free to reserve, cheapest first (then the oldest), at most `count` (read from the listings'
 * per-item price index). A signed-in caller's own listings are left out. Codes: 0.
 */
export const cartFloorRequest = z.object({
  id: z.string().min(1).optional(),
  ticketId: z.string().min(1).optional(),
  collectionIdx: idxSchema,
  symbol: z.enum(SALE_SYMBOLS),
  maxPrice: weiSchema.refine((v) => !/^\d{1,78}$/.test(v) || BigInt(v) <= MAX_FIXED_PRICE_WEI, 'price too high'),
  count: z.number().int().min(1).max(CART_MAX_LISTINGS),
});
export type CartFloorRequest = z.input<typeof cartFloorRequest>;
export const cartFloorRow = z.object({
  instanceId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  sellerAddress: z.string(),
  priceAmount: z.string(),
  priceSymbol: z.enum(SALE_SYMBOLS),
  /** Pieces free to reserve now (remaining minus open reservations). */
  availableCount: z.number().int(),
});
export type CartFloorRow = z.infer<typeof cartFloorRow>;
export const cartFloorReply = listReply(cartFloorRow);

/** The cart's routes (merged into `routes`). */
export const cartRoutes = {
  '/nft/cart/purchase': { request: cartPurchaseRequest, reply: cartPurchaseReply, auth: 'member', idempotent: true },
  '/nft/cart/floor': { request: cartFloorRequest, reply: cartFloorReply, auth: 'optional' },
} as const;
