/**
 * What one chain log does to the database, and its exact undo (a reorg orphaned its block). Each handler runs in
 * the indexer's transaction; `apply` returns what `undo` needs (stored with the log in `chain_logs`), so undoing
 * restores the state the log found (listing state, reservation, last price) instead of guessing.
 */
import { HistoryEvent, usdValue } from '@att/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { refreshSaleSummary } from './sale-summary';

type Trx = Transaction<Database>;
export type Args = Record<string, string>;
export const ZERO = '0x0000000000000000000000000000000000000000';

export interface LogMeta {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The block's time: history rows carry it (a catch-up after downtime dates trades when they happened). */
  blockTime?: Date;
  marketAddress: string;
  symbolOf(token: string): 'ATT' | 'KLAY' | undefined;
  /** Sellers of the batch with a live listing (read once per batch); a counter of anyone else ends nothing. */
  liveSellers?: ReadonlySet<string>;
}

export interface Effects {
  alerts: { address: string; type: 1 | 4; productIdx: number }[];
}

async function itemByToken(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('items as i')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .select(['i.item_idx', 'i.collection_idx', 'i.minted_supply', 'i.last_price', 'i.last_symbol', 'm.address as creator'])
    .where('i.token_id', '=', tokenId)
    .executeTakeFirst();
}

/** Adds `delta` pieces to a holder (creating the row); a loss never leaves on_sale + reserved above the pieces. */
async function moveHolding(trx: Trx, itemIdx: number, holder: string, delta: number): Promise<void> {
  if (holder === ZERO || delta === 0) return;
  await sql`
    INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${itemIdx}, ${holder}, ${Math.max(delta, 0)})
    ON CONFLICT (item_idx, holder_address) DO UPDATE SET
      amount = greatest(inventory.amount + ${delta}, 0),
      on_sale = least(inventory.on_sale, greatest(inventory.amount + ${delta}, 0)),
      reserved = least(inventory.reserved, greatest(inventory.amount + ${delta}, 0) - least(inventory.on_sale, greatest(inventory.amount + ${delta}, 0))),
      updated_at = now()`.execute(trx);
}

async function addHistory(
  trx: Trx,
  meta: LogMeta,
  row: { event: number; item: { item_idx: number; collection_idx: number }; amount: number; unitPrice?: bigint; symbol?: 'ATT' | 'KLAY'; total?: bigint; from?: string; to?: string; royalty?: bigint },
): Promise<void> {
  let usd: string | null = null;
  if (row.symbol && row.total !== undefined) {
    const tp = await trx.selectFrom('token_prices').select('usd_price').where('symbol', '=', row.symbol).executeTakeFirst();
    usd = tp ? usdValue(row.total, String(tp.usd_price)) : null;
  }
  await trx
    .insertInto('trade_history')
    .values({
      event_type: row.event,
      item_idx: row.item.item_idx,
      collection_idx: row.item.collection_idx,
      amount: row.amount,
      unit_price: row.unitPrice?.toString() ?? null,
      symbol: row.symbol ?? null,
      usd_value: usd,
      from_address: row.from && row.from !== ZERO ? row.from : null,
      to_address: row.to && row.to !== ZERO ? row.to : null,
      royalty: row.royalty?.toString() ?? null,
      chain_id: meta.chainId,
      block_number: meta.blockNumber.toString(),
      block_hash: meta.blockHash,
      tx_hash: meta.txHash,
      log_index: meta.logIndex,
      ...(meta.blockTime ? { created_at: meta.blockTime } : {}),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Pieces that left a holder outside the order book (a wallet's own transfer) can no longer back their listings:
 * ends the holder's live listings of the item, newest first, until the rest fit. Returns the ended listings.
 */
async function endUnbackedListings(trx: Trx, meta: LogMeta, item: { item_idx: number; collection_idx: number }, holder: string): Promise<string[]> {
  const inv = await trx.selectFrom('inventory').select('amount').where('item_idx', '=', item.item_idx).where('holder_address', '=', holder).executeTakeFirst();
  const live = await trx
    .selectFrom('listings')
    .select(['listing_idx', 'remaining'])
    .where('item_idx', '=', item.item_idx)
    .where('seller_address', '=', holder)
    .where('state', '=', 1)
    .orderBy('listing_idx', 'desc')
    .execute();
  let listed = live.reduce((n, l) => n + l.remaining, 0);
  const ended: string[] = [];
  for (const l of live) {
    if (listed <= (inv?.amount ?? 0)) break;
    const e = await endListing(trx, l.listing_idx, 3);
    if (!e) continue;
    listed -= l.remaining;
    ended.push(l.listing_idx);
    await addHistory(trx, meta, { event: HistoryEvent.ListCancel, item, amount: e.remaining, unitPrice: BigInt(e.price), symbol: e.symbol, from: holder });
  }
  return ended;
}

async function transferPieces(trx: Trx, meta: LogMeta, operator: string, from: string, to: string, tokenId: string, value: number, sign: 1 | -1): Promise<string[]> {
  const item = await itemByToken(trx, tokenId);
  if (!item || value === 0) return [];
  const creator = item.creator.toLowerCase();
  // Locks in the order cancelSale and the scheduler take them: the sender's live listings of the item (which
  // endUnbackedListings may end) before their inventory rows, so the two cannot deadlock on PostgreSQL.
  await trx
    .selectFrom('listings')
    .select('listing_idx')
    .where('item_idx', '=', item.item_idx)
    .where('seller_address', '=', from === ZERO ? creator : from)
    .where('state', '=', 1)
    .orderBy('listing_idx')
    .forUpdate()
    .execute();
  if (from === ZERO) {
    // A mint: the creator's unminted piece becomes the recipient's minted one.
    await trx
      .updateTable('items')
      .set((eb) => ({ minted_supply: sql`greatest(${eb.ref('minted_supply')} + ${sign * value}, 0)`, flag_mint: sql`CASE WHEN minted_supply + ${sign * value} > 0 THEN 1 ELSE 0 END` }))
      .where('item_idx', '=', item.item_idx)
      .execute();
    await moveHolding(trx, item.item_idx, creator, -sign * value);
  } else {
    await moveHolding(trx, item.item_idx, from, -sign * value);
  }
  await moveHolding(trx, item.item_idx, to, sign * value);
  if (sign === 1) {
    if (from === ZERO) await addHistory(trx, meta, { event: HistoryEvent.Mint, item, amount: value, from: creator, to });
    else if (operator !== meta.marketAddress) await addHistory(trx, meta, { event: to === ZERO ? HistoryEvent.Burn : HistoryEvent.Transfer, item, amount: value, from, to });
    return endUnbackedListings(trx, meta, item, from === ZERO ? creator : from);
  }
  return [];
}

/** Ends a live listing (cancelled on chain or by a counter): its pieces leave the seller's on_sale. */
async function endListing(trx: Trx, listingIdx: string, state: 3 | 4): Promise<{ itemIdx: number; seller: string; remaining: number; price: string; symbol: 'ATT' | 'KLAY' } | undefined> {
  const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', listingIdx).where('state', '=', 1).forUpdate().executeTakeFirst();
  if (!l) return undefined;
  await trx.updateTable('listings').set({ state, reserved: 0, updated_at: new Date() }).where('listing_idx', '=', listingIdx).execute();
  await trx.updateTable('reservations').set({ state: 3 }).where('listing_idx', '=', listingIdx).where('state', '=', 1).execute();
  await trx
    .updateTable('inventory')
    .set({ on_sale: sql`greatest(on_sale - ${l.remaining}, 0)` })
    .where('item_idx', '=', l.item_idx)
    .where('holder_address', '=', l.seller_address)
    .execute();
  await refreshSaleSummary(trx, l.item_idx);
  return { itemIdx: l.item_idx, seller: l.seller_address, remaining: l.remaining, price: l.unit_price, symbol: l.symbol };
}

async function reopenListing(trx: Trx, listingIdx: string): Promise<void> {
  const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', listingIdx).executeTakeFirst();
  if (!l || l.state === 1) return;
  await trx.updateTable('listings').set({ state: 1, updated_at: new Date() }).where('listing_idx', '=', listingIdx).execute();
  await trx
    .updateTable('inventory')
    .set((eb) => ({ on_sale: eb('on_sale', '+', l.remaining) }))
    .where('item_idx', '=', l.item_idx)
    .where('holder_address', '=', l.seller_address)
    .execute();
  await refreshSaleSummary(trx, l.item_idx);
}

async function historyItem(trx: Trx, itemIdx: number) {
  return trx.selectFrom('items').select(['item_idx', 'collection_idx']).where('item_idx', '=', itemIdx).executeTakeFirstOrThrow();
}

/** Applies a decoded log; returns the undo record (stored with the log). */
export async function applyLog(trx: Trx, meta: LogMeta, event: string, a: Args, fx: Effects): Promise<Args> {
  switch (event) {
    case 'TransferSingle': {
      const ended = await transferPieces(trx, meta, a.operator!, a.from!, a.to!, a.id!, Number(a.value), 1);
      return ended.length > 0 ? { reopen: ended.join(',') } : {};
    }
    case 'TransferBatch': {
      const ids = a.ids!.split(',');
      const values = a.values!.split(',');
      const ended: string[] = [];
      for (let i = 0; i < ids.length; i++) ended.push(...(await transferPieces(trx, meta, a.operator!, a.from!, a.to!, ids[i]!, Number(values[i]), 1)));
      return ended.length > 0 ? { reopen: ended.join(',') } : {};
    }
    case 'NftBought': {
      const item = await itemByToken(trx, a.itemId!);
      if (!item) return {};
      const amount = Number(a.amount);
      const price = BigInt(a.price!);
      const symbol = meta.symbolOf(a.token!);
      const undo: Args = { lastPrice: item.last_price ?? '', lastSymbol: item.last_symbol ?? '' };
      const l = await trx.selectFrom('listings').selectAll().where('listing_hash', '=', a.listingHash!).forUpdate().executeTakeFirst();
      if (l) {
        const res = await trx.selectFrom('reservations').selectAll().where('reservation_id', '=', a.id!).where('listing_idx', '=', l.listing_idx).forUpdate().executeTakeFirst();
        const resOpen = res?.state === 1 && res.listing_idx === l.listing_idx;
        const remaining = Math.max(l.remaining - amount, 0);
        const reserved = Math.min(Math.max(l.reserved - (resOpen ? res.amount : 0), 0), remaining);
        const state = l.state === 1 && remaining === 0 ? 2 : l.state;
        Object.assign(undo, { listingIdx: l.listing_idx, prevState: String(l.state), prevRemaining: String(l.remaining), prevReserved: String(l.reserved), prevResState: String(res?.state ?? '') });
        await trx.updateTable('listings').set({ remaining, reserved, state, updated_at: new Date() }).where('listing_idx', '=', l.listing_idx).execute();
        if (res) await trx.updateTable('reservations').set({ state: 2, tx_hash: meta.txHash }).where('reservation_id', '=', res.reservation_id).execute();
        if (l.state === 1) {
          await trx
            .updateTable('inventory')
            .set({ on_sale: sql`greatest(on_sale - ${l.remaining - remaining}, 0)` })
            .where('item_idx', '=', l.item_idx)
            .where('holder_address', '=', l.seller_address)
            .execute();
        }
        await refreshSaleSummary(trx, l.item_idx);
      }
      const unit = amount > 0 ? price / BigInt(amount) : price;
      await trx
        .updateTable('items')
        .set((eb) => ({ trade_count: eb('trade_count', '+', 1), last_price: unit.toString(), last_symbol: symbol ?? null }))
        .where('item_idx', '=', item.item_idx)
        .execute();
      const lazy = l ? l.edition_size > 0 : false;
      await addHistory(trx, meta, {
        event: lazy ? HistoryEvent.LazyMintSale : HistoryEvent.Sale,
        item,
        amount,
        unitPrice: unit,
        symbol,
        total: price,
        from: a.seller!,
        to: a.buyer!,
        royalty: BigInt(a.royalty ?? '0'),
      });
      fx.alerts.push({ address: a.seller!, type: 1, productIdx: item.item_idx });
      return undo;
    }
    case 'ListingCancelled': {
      const l = await trx.selectFrom('listings').select('listing_idx').where('listing_hash', '=', a.listingHash!).executeTakeFirst();
      if (!l) return {};
      const ended = await endListing(trx, l.listing_idx, 3);
      if (!ended) return {};
      await addHistory(trx, meta, { event: HistoryEvent.ListCancel, item: await historyItem(trx, ended.itemIdx), amount: ended.remaining, unitPrice: BigInt(ended.price), symbol: ended.symbol, from: ended.seller });
      return { reopen: l.listing_idx };
    }
    case 'ApprovalForAll': {
      // The seller took the Market's right to move their pieces: every buy of their minted listings would revert
      // (while its reservation held the pieces from other buyers), so those listings end. Lazy listings (unminted
      // pieces, minted by the Market itself) need no approval and stay.
      if (a.approved !== 'false' || a.operator !== meta.marketAddress) return {};
      const live = await trx
        .selectFrom('listings')
        .select(['listing_idx', 'item_idx'])
        .where('seller_address', '=', a.account!)
        .where('state', '=', 1)
        .where('edition_size', '=', 0)
        .orderBy('listing_idx')
        .execute();
      const ended: string[] = [];
      for (const l of live) {
        const e = await endListing(trx, l.listing_idx, 3);
        if (!e) continue;
        ended.push(l.listing_idx);
        await addHistory(trx, meta, { event: HistoryEvent.ListCancel, item: await historyItem(trx, e.itemIdx), amount: e.remaining, unitPrice: BigInt(e.price), symbol: e.symbol, from: e.seller });
      }
      return ended.length > 0 ? { reopen: ended.join(',') } : {};
    }
    case 'CounterIncremented': {
      if (meta.liveSellers && !meta.liveSellers.has(a.seller!)) return {};
      const live = await trx
        .selectFrom('listings')
        .select('listing_idx')
        .where('seller_address', '=', a.seller!)
        .where('state', '=', 1)
        .where('counter', '<', a.counter!)
        .execute();
      const reopened: string[] = [];
      for (const l of live) if (await endListing(trx, l.listing_idx, 3)) reopened.push(l.listing_idx);
      return reopened.length > 0 ? { reopen: reopened.join(',') } : {};
    }
    case 'TransferredWithMint': {
      const permit = await trx.selectFrom('transfer_permits').selectAll().where('transfer_id', '=', a.id!).forUpdate().executeTakeFirst();
      if (permit?.state === 1) {
        await trx.updateTable('transfer_permits').set({ state: 2 }).where('transfer_id', '=', permit.transfer_id).execute();
        await trx
          .updateTable('inventory')
          .set({ reserved: sql`greatest(reserved - ${permit.amount}, 0)` })
          .where('item_idx', '=', permit.item_idx)
          .where('holder_address', '=', permit.from_address)
          .execute();
      }
      const item = await itemByToken(trx, a.itemId!);
      if (item) await addHistory(trx, meta, { event: HistoryEvent.Transfer, item, amount: Number(a.amount), from: a.from!, to: a.to! });
      return { permit: permit?.state === 1 ? permit.transfer_id : '' };
    }
    default:
      return {};
  }
}

/** Undoes what `applyLog` did for this log (the block was orphaned). */
export async function undoLog(trx: Trx, meta: LogMeta, event: string, a: Args, undo: Args): Promise<void> {
  await trx
    .deleteFrom('trade_history')
    .where('chain_id', '=', meta.chainId)
    .where('tx_hash', '=', meta.txHash)
    .where('log_index', '=', meta.logIndex)
    .execute();
  switch (event) {
    case 'TransferSingle':
      await transferPieces(trx, meta, a.operator!, a.from!, a.to!, a.id!, Number(a.value), -1);
      for (const idx of (undo.reopen ?? '').split(',').filter(Boolean)) await reopenListing(trx, idx);
      return;
    case 'TransferBatch': {
      const ids = a.ids!.split(',');
      const values = a.values!.split(',');
      for (let i = 0; i < ids.length; i++) await transferPieces(trx, meta, a.operator!, a.from!, a.to!, ids[i]!, Number(values[i]), -1);
      for (const idx of (undo.reopen ?? '').split(',').filter(Boolean)) await reopenListing(trx, idx);
      return;
    }
    case 'NftBought': {
      const item = await itemByToken(trx, a.itemId!);
      if (!item) return;
      if (undo.listingIdx) {
        const l = await trx.selectFrom('listings').selectAll().where('listing_idx', '=', undo.listingIdx).forUpdate().executeTakeFirstOrThrow();
        const prevState = Number(undo.prevState);
        const remaining = Number(undo.prevRemaining);
        const resReopened = undo.prevResState === '1';
        const listingStillLive = prevState === 1 && (l.state === 1 || l.state === 2);
        await trx
          .updateTable('listings')
          .set({ state: listingStillLive ? 1 : l.state, remaining, reserved: listingStillLive ? Math.min(Number(undo.prevReserved), remaining) : l.reserved, updated_at: new Date() })
          .where('listing_idx', '=', l.listing_idx)
          .execute();
        await trx
          .updateTable('reservations')
          .set({ state: resReopened && listingStillLive ? 1 : 3, tx_hash: null })
          .where('reservation_id', '=', a.id!)
          .where('tx_hash', '=', meta.txHash)
          .execute();
        if (listingStillLive) {
          await trx
            .updateTable('inventory')
            .set((eb) => ({ on_sale: eb('on_sale', '+', remaining - l.remaining) }))
            .where('item_idx', '=', l.item_idx)
            .where('holder_address', '=', l.seller_address)
            .execute();
        }
        await refreshSaleSummary(trx, l.item_idx);
      }
      await trx
        .updateTable('items')
        .set((eb) => ({
          trade_count: sql`greatest(${eb.ref('trade_count')} - 1, 0)`,
          last_price: undo.lastPrice || null,
          last_symbol: (undo.lastSymbol || null) as 'ATT' | 'KLAY' | null,
        }))
        .where('item_idx', '=', item.item_idx)
        .execute();
      return;
    }
    case 'ListingCancelled':
    case 'CounterIncremented':
    case 'ApprovalForAll':
      for (const idx of (undo.reopen ?? '').split(',').filter(Boolean)) await reopenListing(trx, idx);
      return;
    case 'TransferredWithMint':
      if (undo.permit) {
        const p = await trx.selectFrom('transfer_permits').selectAll().where('transfer_id', '=', undo.permit).executeTakeFirstOrThrow();
        await trx.updateTable('transfer_permits').set({ state: 1 }).where('transfer_id', '=', p.transfer_id).execute();
        await trx
          .updateTable('inventory')
          .set((eb) => ({ reserved: eb('reserved', '+', p.amount) }))
          .where('item_idx', '=', p.item_idx)
          .where('holder_address', '=', p.from_address)
          .execute();
      }
      return;
  }
}
