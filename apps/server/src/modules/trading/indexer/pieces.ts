/**
 * Pieces moving on chain (Items' TransferSingle/TransferBatch): the holders' inventory, the item's minted count on
 * a mint, a history row for a wallet's own transfer (the Market's sales write theirs), and the listings that the
 * sender's remaining pieces no longer back.
 */
import { HistoryEvent, ListingState } from '@att/shared';
import { moveHolding, recordMint } from '../../items';
import { writeHistory } from '../history-writer';
import {
  endListing,
  itemByToken,
  listedBeyondHolding,
  lockInOrder,
  liveListingsOf,
  mayOverList,
  type EndedListing,
} from '../order-book';
import { nowOf, ZERO, type LogContext } from './handler';

/**
 * Pieces that left a holder outside the order book (a wallet's own transfer, a reorg) can no longer back their
 * listings: ends the holder's live listings of the item, newest first, until the rest fit. Returns the ended ones.
 * One aggregate read when every listing is still backed (the common case: a sale's own delivery); the listings it
 * ends are locked without waiting (the transfer's caller locked them up front when it foresaw the end; one it did
 * not foresee, as after a reorg, is taken after the inventory rows, so waiting could deadlock: it aborts instead).
 */
export async function endUnbackedListings(
  ctx: LogContext,
  item: { item_idx: number; collection_idx: number },
  holder: string,
  withLog = true,
): Promise<EndedListing[]> {
  const { trx } = ctx;
  let beyond = await listedBeyondHolding(trx, item.item_idx, holder);
  if (beyond === 0) return [];
  const live = await trx
    .selectFrom('listings')
    .select(['listing_idx', 'remaining'])
    .where('item_idx', '=', item.item_idx)
    .where('seller_address', '=', holder)
    .where('state', '=', ListingState.Live)
    .orderBy('listing_idx', 'desc')
    .execute();
  const ending: typeof live = [];
  for (const l of live) {
    if (beyond <= 0) break;
    ending.push(l);
    beyond -= l.remaining;
  }
  await lockInOrder(trx, { listings: ending.map((l) => String(l.listing_idx)), noWait: true });
  const ended: EndedListing[] = [];
  for (const l of ending) {
    const e = await endListing(trx, String(l.listing_idx), ListingState.Cancelled, nowOf(ctx));
    if (!e) continue;
    ended.push(e);
    await writeHistory(
      trx,
      { event: HistoryEvent.ListCancel, item, amount: e.remaining, unitPrice: e.price, symbol: e.symbol, from: holder },
      withLog ? ctx.log : undefined,
    );
  }
  return ended;
}

/** Applies (sign 1) or undoes (sign -1) `value` pieces of `tokenId` moving from `from` to `to`; returns the listings it ended. */
export async function transferPieces(
  ctx: LogContext,
  a: { operator: string; from: string; to: string; tokenId: string; value: number },
  sign: 1 | -1,
): Promise<EndedListing[]> {
  const { trx } = ctx;
  const item = await itemByToken(trx, a.tokenId);
  if (!item || a.value === 0) return [];
  const creator = item.creator.toLowerCase();
  const sender = a.from === ZERO ? creator : a.from;
  // The one lock order: the sender's live listings of the item, when the pieces leaving may end some, before any
  // inventory row. (An undo gives the sender pieces back: none of theirs can end.)
  if (sign === 1 && (await mayOverList(trx, item.item_idx, sender, a.value)))
    await lockInOrder(trx, { listings: await liveListingsOf(trx, item.item_idx, sender) });
  if (a.from === ZERO) {
    // A mint: the creator's unminted piece becomes the recipient's minted one.
    await recordMint(trx, item.item_idx, sign * a.value);
    await moveHolding(trx, item.item_idx, creator, -sign * a.value);
  } else {
    await moveHolding(trx, item.item_idx, a.from, -sign * a.value);
  }
  await moveHolding(trx, item.item_idx, a.to, sign * a.value);
  if (sign === 1) {
    if (a.from === ZERO)
      await writeHistory(trx, { event: HistoryEvent.Mint, item, amount: a.value, from: creator, to: a.to }, ctx.log);
    else if (a.operator !== ctx.marketAddress)
      await writeHistory(
        trx,
        {
          event: a.to === ZERO ? HistoryEvent.Burn : HistoryEvent.Transfer,
          item,
          amount: a.value,
          from: a.from,
          to: a.to,
        },
        ctx.log,
      );
    return endUnbackedListings(ctx, item, sender);
  }
  // Undone: the recipient loses the pieces again; their listings are checked once every orphaned log is undone.
  if (a.to !== ZERO) ctx.losers?.push({ itemIdx: item.item_idx, holder: a.to });
  return [];
}
