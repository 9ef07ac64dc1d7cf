/**
 * The order book (spec 3 sections 5-9): list with the seller's signed `Listing`, withdraw, an item's live
 * listings, reserve pieces for a buyer (the validator's `Buy`), and a signed `Transfer`. Every change that belongs
 * together (listing, inventory, sale summary, history) happens in one transaction; the reservation is one
 * conditional UPDATE, so parallel buyers can never reserve more pieces than a listing has.
 *
 * The validator's signature only restricts: a `Buy` names a listing the seller signed, a `Transfer` is sent by
 * its `from` as their own transaction. Nothing here moves what a member owns.
 */
import { hashListing, itemsAbi, marketAbi, marketTypedData, type Listing } from '@att/contracts';
import { HistoryEvent, MAX_SALE_MINUTES, MIN_FIXED_PRICE_WEI, ReturnCode, usdValue, type ItemListingRow, type ListingMessage } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { recoverTypedDataAddress, zeroAddress, type Address, type Hex } from 'viem';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { AuthedMember } from '../http/auth';
import type { SaleSymbol, TradingChain } from './chain';
import { refreshSaleSummary } from './sale-summary';

const SIX_MONTHS_S = MAX_SALE_MINUTES * 60;
/** Clock tolerance between the wallet that picked the expiry and the server. */
const EXPIRY_SLACK_S = 15 * 60;
/** A buyer's open reservation is handed back to a second request only with this much time left to sign and send. */
const REUSE_MIN_LEFT_S = 60;

interface ItemRow {
  item_idx: number;
  collection_idx: number;
  token_id: string;
  total_supply: number;
  royalty_bps: number;
  minted_supply: number;
  creator_address: string;
}

async function itemOf(trx: Transaction<Database> | FastifyInstance['db'], productId: number): Promise<ItemRow> {
  const item = await trx
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select(['i.item_idx', 'i.collection_idx', 'i.token_id', 'i.total_supply', 'i.royalty_bps', 'i.minted_supply', 'm.address as creator_address'])
    .where('i.item_idx', '=', productId)
    .where('i.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  return { ...item, creator_address: item.creator_address.toLowerCase() };
}

/** The holder's pieces, locked for the transaction, and how many of them are unminted / listed lazily / held by permits. */
async function holding(trx: Transaction<Database>, item: ItemRow, holder: string) {
  const inv = await trx
    .selectFrom('inventory')
    .select(['amount', 'on_sale', 'reserved'])
    .where('item_idx', '=', item.item_idx)
    .where('holder_address', '=', holder)
    .forUpdate()
    .executeTakeFirst();
  if (!inv) return undefined;
  const isCreator = holder === item.creator_address;
  const lazy = isCreator
    ? await trx
        .selectFrom('listings')
        .select(sql<number>`coalesce(sum(remaining), 0)::int`.as('n'))
        .where('item_idx', '=', item.item_idx)
        .where('seller_address', '=', holder)
        .where('state', '=', 1)
        .where('edition_size', '>', 0)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const permitMints = isCreator
    ? await trx
        .selectFrom('transfer_permits')
        .select(sql<number>`coalesce(sum(mint_amount), 0)::int`.as('n'))
        .where('item_idx', '=', item.item_idx)
        .where('from_address', '=', holder)
        .where('state', '=', 1)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const unminted = isCreator ? Math.max(0, Math.min(inv.amount, item.total_supply - item.minted_supply)) : 0;
  const free = inv.amount - inv.on_sale - inv.reserved;
  // Unminted pieces not yet promised to a lazy listing or a transfer permit.
  const unmintedFree = Math.max(0, Math.min(free, unminted - lazy.n - permitMints.n));
  return { ...inv, free, unmintedFree, mintedFree: Math.max(0, free - unmintedFree) };
}

async function history(
  trx: Transaction<Database>,
  row: { event: number; item: { item_idx: number; collection_idx: number }; amount: number; price?: string; symbol?: SaleSymbol; from?: string; to?: string },
): Promise<void> {
  let usd: string | null = null;
  if (row.price && row.symbol) {
    const tp = await trx.selectFrom('token_prices').select('usd_price').where('symbol', '=', row.symbol).executeTakeFirst();
    usd = tp ? usdValue(BigInt(row.price) * BigInt(row.amount), String(tp.usd_price)) : null;
  }
  await trx
    .insertInto('trade_history')
    .values({
      event_type: row.event,
      item_idx: row.item.item_idx,
      collection_idx: row.item.collection_idx,
      amount: row.amount,
      unit_price: row.price ?? null,
      symbol: row.symbol ?? null,
      usd_value: usd,
      from_address: row.from ?? null,
      to_address: row.to ?? null,
    })
    .execute();
}

export interface SaleBody {
  productId: number;
  saleQuantity: number;
  saleSymbol: SaleSymbol;
  salePrice: string;
  expireMinute: number;
  listing: { expiry: string; salt: string; counter: string; feeBps: number; editionSize: number; royaltyBps: number };
  signature: string;
}

function toMessage(l: Listing): ListingMessage {
  return {
    seller: l.seller.toLowerCase() as Address,
    collection: l.collection.toLowerCase() as Address,
    itemId: l.itemId.toString(),
    token: l.token.toLowerCase() as Address,
    pricePerOne: l.pricePerOne.toString(),
    amount: l.amount.toString(),
    editionSize: l.editionSize.toString(),
    royaltyBps: l.royaltyBps.toString(),
    feeBps: l.feeBps.toString(),
    expiry: l.expiry.toString(),
    salt: l.salt.toString(),
    counter: l.counter.toString(),
  };
}

/** The Listing a stored row stands for. */
function listingOf(row: {
  seller_address: string;
  collection_address: string | null;
  token_address: string | null;
  unit_price: string;
  quantity: number;
  edition_size: number;
  royalty_bps: number;
  fee_bps: number;
  expiry: string | null;
  salt: string | null;
  counter: string | null;
}, tokenId: string): Listing {
  return {
    seller: row.seller_address as Address,
    collection: row.collection_address as Address,
    itemId: BigInt(tokenId),
    token: row.token_address as Address,
    pricePerOne: BigInt(row.unit_price),
    amount: BigInt(row.quantity),
    editionSize: BigInt(row.edition_size),
    royaltyBps: BigInt(row.royalty_bps),
    feeBps: BigInt(row.fee_bps),
    expiry: BigInt(row.expiry ?? 0),
    salt: BigInt(row.salt ?? 0),
    counter: BigInt(row.counter ?? 0),
  };
}

/** The seller's counter as of the last indexed `CounterIncremented` (0 before any). */
async function indexedCounter(app: FastifyInstance, seller: string): Promise<bigint> {
  const r = await app.db
    .selectFrom('seller_counters')
    .select(sql<string | null>`max(counter)::text`.as('counter'))
    .where('chain_id', '=', app.config.chainId)
    .where('seller_address', '=', seller)
    .executeTakeFirst();
  return BigInt(r?.counter ?? 0);
}

export async function listForSale(app: FastifyInstance, chain: TradingChain, member: AuthedMember, body: SaleBody) {
  const seller = member.address.toLowerCase() as Address;
  const item = await itemOf(app.db, body.productId);
  const price = BigInt(body.salePrice);
  if (price < MIN_FIXED_PRICE_WEI) throw new AppError(ReturnCode.ValidationFailed, 'fixed price below 1 token');
  const nowS = BigInt(Math.floor(app.now().getTime() / 1000));
  const expiry = BigInt(body.listing.expiry);
  if (expiry <= nowS || expiry > nowS + BigInt(SIX_MONTHS_S + EXPIRY_SLACK_S)) throw new AppError(ReturnCode.ValidationFailed, 'expiry outside 6 months');
  const lazy = body.listing.editionSize > 0;
  if (lazy && (seller !== item.creator_address || body.listing.editionSize !== item.total_supply || body.listing.royaltyBps !== item.royalty_bps)) {
    throw new AppError(ReturnCode.ValidationFailed, 'lazy terms differ from the item');
  }
  if (!lazy && body.listing.royaltyBps !== 0) throw new AppError(ReturnCode.ValidationFailed, 'royalty only on a lazy listing');
  // The fee in force on chain (the shown platform fee when the chain does not answer: buyNft checks it anyway).
  const fee = await chain.marketFee().catch(async () => Math.round(Number((await app.repos.console.platformFee()) ?? app.config.platformFee) * 100));
  if (body.listing.feeBps !== fee) throw new AppError(ReturnCode.ValidationFailed, `fee ${body.listing.feeBps} is not the Market's ${fee}`);
  // The Market fills a listing only under the seller's current counter: a lower one is cancelled, a higher one
  // can never be bought (yet would show in the order book and set the item's price). The chain's counter decides;
  // when the chain does not answer, the last indexed `incrementCounter` refuses at least the cancelled ones.
  const counter = BigInt(body.listing.counter);
  const onChain = await chain.client
    .readContract({ address: chain.market, abi: marketAbi, functionName: 'counterOf', args: [seller] })
    .catch(() => undefined);
  if (onChain !== undefined ? counter !== onChain : counter < (await indexedCounter(app, seller))) {
    throw new AppError(ReturnCode.ValidationFailed, 'counter is not the seller’s counter on chain');
  }

  const listing: Listing = {
    seller,
    collection: chain.items,
    itemId: BigInt(item.token_id),
    token: chain.tokenOf(body.saleSymbol),
    pricePerOne: price,
    amount: BigInt(body.saleQuantity),
    editionSize: BigInt(body.listing.editionSize),
    royaltyBps: BigInt(body.listing.royaltyBps),
    feeBps: BigInt(fee),
    expiry,
    salt: BigInt(body.listing.salt),
    counter,
  };
  const listingHash = hashListing(chain.domain, listing);
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({ ...marketTypedData(chain.domain, 'Listing', listing), signature: body.signature as Hex });
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'unreadable listing signature');
  }
  if (signer.toLowerCase() !== seller) throw new AppError(ReturnCode.ValidationFailed, 'listing not signed by the caller’s wallet');
  // Minted pieces move by the Market as the seller's operator: without `setApprovalForAll` every buy reverts, while
  // each buyer's reservation holds the pieces from the next buyer. (A lazy listing mints; it needs no approval.)
  if (!lazy) {
    const approved = await chain.client
      .readContract({ address: chain.items, abi: itemsAbi, functionName: 'isApprovedForAll', args: [seller, chain.market] })
      .catch(() => undefined);
    if (approved === false) throw new AppError(ReturnCode.ValidationFailed, 'the Market is not approved for the seller’s pieces');
  }

  const expiresAt = new Date(Number(expiry) * 1000);
  const instanceId = await app.db.transaction().execute(async (trx) => {
    const h = await holding(trx, item, seller);
    if (!h) throw new AppError(ReturnCode.NotProductOwner, 'holds no pieces');
    const canList = lazy ? h.unmintedFree : h.mintedFree;
    if (body.saleQuantity > canList) {
      // The creator asking to sell unminted pieces as minted ones (or the reverse) gets 282; too few pieces 274.
      if (body.saleQuantity <= h.free) throw new AppError(lazy ? ReturnCode.ItemAlreadyMinted : ReturnCode.ValidationFailed, 'minted/unminted pieces differ');
      throw new AppError(ReturnCode.NotProductOwner, `only ${h.free} free pieces`);
    }
    const row = await trx
      .insertInto('listings')
      .values({
        item_idx: item.item_idx,
        seller_address: seller,
        sale_type: 1,
        symbol: body.saleSymbol,
        unit_price: price.toString(),
        quantity: body.saleQuantity,
        remaining: body.saleQuantity,
        expires_at: expiresAt,
        token_address: listing.token.toLowerCase(),
        collection_address: listing.collection.toLowerCase(),
        edition_size: body.listing.editionSize,
        royalty_bps: body.listing.royaltyBps,
        fee_bps: fee,
        expiry: expiry.toString(),
        salt: listing.salt.toString(),
        counter: counter.toString(),
        signature: body.signature.toLowerCase(),
        listing_hash: listingHash,
      })
      .onConflict((oc) => oc.column('listing_hash').where('listing_hash', 'is not', null).doNothing())
      .returning('listing_idx')
      .executeTakeFirst();
    if (!row) throw new AppError(ReturnCode.SaleRegistrationInProgress, 'this signed listing is already listed');
    await trx
      .updateTable('inventory')
      .set((eb) => ({ on_sale: eb('on_sale', '+', body.saleQuantity), updated_at: new Date() }))
      .where('item_idx', '=', item.item_idx)
      .where('holder_address', '=', seller)
      .execute();
    await refreshSaleSummary(trx, item.item_idx);
    await history(trx, { event: HistoryEvent.List, item, amount: body.saleQuantity, price: price.toString(), symbol: body.saleSymbol, from: seller });
    return Number(row.listing_idx);
  });
  return { instanceId, listingHash, expireDate: expiresAt.toISOString() };
}

/** Withdraws a live listing (and its open reservations) at once; the reply is what `cancelListing` takes. */
export async function cancelSale(app: FastifyInstance, chain: TradingChain, member: AuthedMember, instanceId: number) {
  const seller = member.address.toLowerCase();
  return app.db.transaction().execute(async (trx) => {
    const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', String(instanceId)).forUpdate().executeTakeFirst();
    if (!l || l.state !== 1) throw new AppError(ReturnCode.NoInstanceOnSale, 'no live listing');
    if (l.seller_address !== seller) throw new AppError(ReturnCode.NotProductOwner, 'not the seller');
    const item = await itemOf(trx, l.item_idx);
    await trx.updateTable('listings').set({ state: 3, reserved: 0, updated_at: new Date() }).where('listing_idx', '=', l.listing_idx).execute();
    await trx.updateTable('reservations').set({ state: 3 }).where('listing_idx', '=', l.listing_idx).where('state', '=', 1).execute();
    await trx
      .updateTable('inventory')
      .set({ on_sale: sql`greatest(on_sale - ${l.remaining}, 0)`, updated_at: new Date() })
      .where('item_idx', '=', l.item_idx)
      .where('holder_address', '=', seller)
      .execute();
    await refreshSaleSummary(trx, l.item_idx);
    await history(trx, { event: HistoryEvent.ListCancel, item, amount: l.remaining, price: l.unit_price, symbol: l.symbol, from: seller });
    if (!l.signature) throw new AppError(ReturnCode.ServerError, 'listing without signature');
    return { listing: toMessage(listingOf(l, item.token_id)), signature: l.signature, market: chain.market.toLowerCase() };
  });
}

export async function itemListings(app: FastifyInstance, productId: number): Promise<ItemListingRow[]> {
  const rows = await app.db
    .selectFrom('listings as l')
    .leftJoin('members as m', 'm.address', 'l.seller_address')
    .leftJoin('token_prices as tp', 'tp.symbol', 'l.symbol')
    .select(['l.listing_idx', 'l.sale_type', 'l.seller_address', 'm.user_name', 'l.remaining', 'l.reserved', 'l.unit_price', 'l.symbol', 'l.expires_at', 'tp.usd_price'])
    .where('l.item_idx', '=', productId)
    .where('l.state', '=', 1)
    .where('l.remaining', '>', 0)
    .where('l.expires_at', '>', app.now())
    .orderBy(sql`l.unit_price * coalesce(tp.usd_price, 0)`)
    .orderBy('l.unit_price')
    .orderBy('l.listing_idx')
    .limit(999)
    .execute();
  return rows.map((r) => ({
    instanceId: Number(r.listing_idx),
    saleType: r.sale_type,
    sellerAddress: r.seller_address,
    sellerName: r.user_name ?? null,
    remainCount: r.remaining,
    availableCount: r.remaining - r.reserved,
    priceAmount: r.unit_price,
    priceSymbol: r.symbol,
    expireDate: new Date(r.expires_at).toISOString(),
    currencyPrice: r.usd_price === null || r.usd_price === undefined ? '' : usdValue(BigInt(r.unit_price), String(r.usd_price)),
  }));
}

/** Whether the Market has spent the Buy id `id` (kind 1); true when the chain does not answer. */
async function buyIdSpent(chain: TradingChain, id: bigint): Promise<boolean> {
  return chain.client
    .readContract({ address: chain.market, abi: marketAbi, functionName: 'isIdUsed', args: [1, id] })
    .catch(() => true);
}

/**
 * Reserves `quantity` pieces for the caller in ONE conditional UPDATE (never past remaining minus reserved), then
 * records the reservation and signs the `Buy`. When the UPDATE matches nothing, a read says why.
 */
export async function purchase(app: FastifyInstance, chain: TradingChain, member: AuthedMember, instanceId: number, quantity: number) {
  const buyer = member.address.toLowerCase() as Address;
  const now = app.now();
  // The Buy is signed inside the transaction: a reservation is kept only when its signature goes to the buyer.
  const sign = async <T extends { listing_hash: string | null }>(row: T, listing: Listing, reservationId: bigint, expiresAt: Date) => {
    const expiry = BigInt(Math.floor(expiresAt.getTime() / 1000));
    const signResult = await chain.sign('Buy', { listingHash: row.listing_hash as Hex, buyer, amount: BigInt(quantity), id: reservationId, expiry });
    return { listing, row, reservationId, expiresAt, expiry, signResult };
  };
  const { listing, row, reservationId, expiresAt, expiry, signResult } = await app.db.transaction().execute(async (trx) => {
    // A second tab or a reload of the same purchase: the buyer's open reservation of the same quantity is handed
    // back (same id and expiry, so the same Buy) instead of a second one that would hold more pieces, or answer
    // 271 against the buyer's own reservation of the last piece. The listing row is locked first, so two parallel
    // requests of one buyer take turns here.
    await trx.selectFrom('listings').select('listing_idx').where('listing_idx', '=', String(instanceId)).forUpdate().executeTakeFirst();
    const mine = await trx
      .selectFrom('reservations as r')
      .innerJoin('listings as l', 'l.listing_idx', 'r.listing_idx')
      .selectAll('l')
      .select(['r.reservation_id', 'r.expires_at as reserved_until'])
      .where('r.listing_idx', '=', String(instanceId))
      .where('r.buyer_address', '=', buyer)
      .where('r.state', '=', 1)
      .where('r.amount', '=', quantity)
      .where('r.expires_at', '>', new Date(now.getTime() + REUSE_MIN_LEFT_S * 1000))
      .where('l.state', '=', 1)
      .where('l.expires_at', '>', now)
      .orderBy('r.expires_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Not when its Buy was already sent and mined but not yet indexed (a second purchase right after the first):
    // that Buy would revert. The chain says whether the id is spent; without an answer the reservation is not reused.
    if (mine && !(await buyIdSpent(chain, BigInt(mine.reservation_id)))) {
      const item = await trx.selectFrom('items').select('token_id').where('item_idx', '=', mine.item_idx).executeTakeFirstOrThrow();
      return sign(mine, listingOf(mine, item.token_id), BigInt(mine.reservation_id), new Date(mine.reserved_until));
    }
    const updated = await trx
      .updateTable('listings')
      .set((eb) => ({ reserved: eb('reserved', '+', quantity), updated_at: now }))
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1)
      .where('sale_type', '=', 1)
      .where('expires_at', '>', now)
      .where('seller_address', '!=', buyer)
      .where('signature', 'is not', null)
      .where(sql<boolean>`remaining - reserved >= ${quantity}`)
      .where(sql<boolean>`item_idx IN (SELECT item_idx FROM items WHERE deleted_at IS NULL)`)
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', String(instanceId)).executeTakeFirst();
      const live = l && (await trx.selectFrom('items').select('item_idx').where('item_idx', '=', l.item_idx).where('deleted_at', 'is', null).executeTakeFirst());
      if (!l || !live || l.sale_type !== 1 || !l.signature) throw new AppError(ReturnCode.NoInstanceOnSale, 'no such listing');
      if (l.state === 2 || (l.state === 1 && l.remaining === 0)) throw new AppError(ReturnCode.SoldOut, 'sold out');
      if (l.state === 4 || (l.state === 1 && l.expires_at <= now)) throw new AppError(ReturnCode.TimeExpired, 'listing expired');
      if (l.state !== 1) throw new AppError(ReturnCode.NotOnSale, 'listing withdrawn');
      if (l.seller_address === buyer) throw new AppError(ReturnCode.NoAuthority, 'cannot buy own listing');
      if (quantity > l.remaining) throw new AppError(ReturnCode.NotEnoughRemaining, `only ${l.remaining} left`);
      throw new AppError(ReturnCode.InstanceAwaitingTrade, 'pieces reserved by other buyers');
    }
    const listingExpiry = new Date(Number(updated.expiry) * 1000);
    const until = new Date(Math.min(now.getTime() + app.config.trading.reservationSeconds * 1000, listingExpiry.getTime()));
    const r = await trx
      .insertInto('reservations')
      .values({ listing_idx: updated.listing_idx, buyer_address: buyer, amount: quantity, expires_at: until })
      .returning('reservation_id')
      .executeTakeFirstOrThrow();
    const item = await trx.selectFrom('items').select('token_id').where('item_idx', '=', updated.item_idx).executeTakeFirstOrThrow();
    return sign(updated, listingOf(updated, item.token_id), BigInt(r.reservation_id), until);
  });
  return {
    psdId: reservationId.toString(),
    psdExpired: expiresAt.toISOString(),
    market: chain.market.toLowerCase(),
    listing: toMessage(listing),
    sellerSignature: row.signature as string,
    reservation: { buyer, amount: String(quantity), id: reservationId.toString(), expiry: expiry.toString() },
    signResult,
    totalPrice: (BigInt(row.unit_price) * BigInt(quantity)).toString(),
  };
}

/** A validator-signed `Transfer` of the caller's free pieces (the creator's unminted ones are minted on the way). */
export async function transferPermit(app: FastifyInstance, chain: TradingChain, member: AuthedMember, body: { productId: number; toAddress: string; amount: number }) {
  const from = member.address.toLowerCase() as Address;
  const to = body.toAddress.toLowerCase() as Address;
  if (to === from) throw new AppError(ReturnCode.ValidationFailed, 'sending to oneself');
  // The Market refuses these parties on chain: a permit for them would only hold the sender's pieces until it expires.
  if (to === zeroAddress || to === chain.market.toLowerCase() || to === chain.items.toLowerCase()) throw new AppError(ReturnCode.ValidationFailed, 'not a recipient');
  const item = await itemOf(app.db, body.productId);
  const now = app.now();
  const expiresAt = new Date(now.getTime() + app.config.trading.reservationSeconds * 1000);
  // Signed inside the transaction: the pieces stay reserved only when the permit goes to the sender.
  const { transfer, signResult } = await app.db.transaction().execute(async (trx) => {
    const h = await holding(trx, item, from);
    if (!h || body.amount > h.free) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    // Minted pieces go first; the rest are the creator's unminted ones, minted by the Market on the creator's call.
    const mint = Math.max(0, body.amount - h.mintedFree);
    if (mint > h.unmintedFree) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    await trx
      .updateTable('inventory')
      .set((eb) => ({ reserved: eb('reserved', '+', body.amount), updated_at: now }))
      .where('item_idx', '=', item.item_idx)
      .where('holder_address', '=', from)
      .execute();
    const r = await trx
      .insertInto('transfer_permits')
      .values({ item_idx: item.item_idx, from_address: from, to_address: to, amount: body.amount, mint_amount: mint, expires_at: expiresAt })
      .returning('transfer_id')
      .executeTakeFirstOrThrow();
    const t = {
      id: BigInt(r.transfer_id),
      collection: chain.items,
      itemId: BigInt(item.token_id),
      from,
      to,
      amount: BigInt(body.amount),
      mintAmount: BigInt(mint),
      editionSize: BigInt(mint > 0 ? item.total_supply : 0),
      royaltyBps: BigInt(mint > 0 ? item.royalty_bps : 0),
      expiry: BigInt(Math.floor(expiresAt.getTime() / 1000)),
    };
    return { transfer: t, signResult: await chain.sign('Transfer', t) };
  });
  return {
    market: chain.market.toLowerCase(),
    transfer: Object.fromEntries(Object.entries(transfer).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v.toLowerCase()])) as Record<keyof typeof transfer, string>,
    signResult,
  };
}
