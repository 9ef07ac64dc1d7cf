/**
 * The Market's `NftBought`: a listing's pieces sold. The listing's remaining and the buyer's reservation settle
 * (the pieces themselves move by the TransferSingle of the same transaction), the item's trade count and last
 * price move, the sale's history row is written (lazy-mint sale or sale, with its royalty), and the seller's
 * ItemSold alert is queued in the same transaction.
 */
import { AlertType, HistoryEvent, TOKEN_SYMBOLS } from '@att/shared';
import { z } from 'zod';
import { enqueueAlert, retractAlertsOf } from '../../../alerts';
import { recordTrade, undoTrade } from '../../../items';
import { writeHistory } from '../../history-writer';
import { itemByToken, lockInOrder, settleSale, unsettleSale } from '../../order-book';
import { rowId, type Handler } from '../handler';

const tokenSymbol = z.enum(TOKEN_SYMBOLS).nullable();
const undoSchema = z.object({
  last: z.object({ lastPrice: z.string().nullable(), lastSymbol: tokenSymbol }),
  sale: z
    .object({
      listingIdx: rowId,
      prevState: z.number().int(),
      prevRemaining: z.number().int(),
      prevReserved: z.number().int(),
      prevResState: z.number().int().nullable(),
    })
    .optional(),
});
type Undo = z.output<typeof undoSchema>;

export const nftBought: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    const item = await itemByToken(trx, a.itemId!);
    if (!item) return undefined;
    const amount = Number(a.amount);
    const price = BigInt(a.price!);
    const symbol = ctx.symbolOf(a.token!);
    const listing = await trx
      .selectFrom('listings')
      .select('listing_idx')
      .where('listing_hash', '=', a.listingHash!)
      .executeTakeFirst();
    if (listing) await lockInOrder(trx, { listings: [String(listing.listing_idx)] });
    const sale = await settleSale(trx, {
      listingHash: a.listingHash!,
      reservationId: a.id!,
      amount,
      txHash: ctx.log.txHash,
    });
    const unit = amount > 0 ? price / BigInt(amount) : price;
    const last = await recordTrade(trx, item.item_idx, unit, symbol);
    await writeHistory(
      trx,
      {
        event: sale?.lazy ? HistoryEvent.LazyMintSale : HistoryEvent.Sale,
        item,
        amount,
        unitPrice: unit,
        symbol,
        total: price,
        from: a.seller!,
        to: a.buyer!,
        royalty: BigInt(a.royalty ?? '0'),
        fee: BigInt(a.fee ?? '0'),
      },
      ctx.log,
    );
    await enqueueAlert(trx, {
      address: a.seller!,
      type: AlertType.ItemSold,
      productIdx: item.item_idx,
      source: ctx.log,
    });
    const { lazy: _lazy, ...saleUndo } = sale ?? { lazy: false };
    return { last, ...(sale ? { sale: saleUndo as Undo['sale'] } : {}) };
  },
  async undo(ctx, a, u) {
    const { trx } = ctx;
    const item = await itemByToken(trx, a.itemId!);
    if (!item || !u) return;
    if (u.sale) {
      await lockInOrder(trx, { listings: [u.sale.listingIdx] });
      await unsettleSale(trx, u.sale, a.id!, ctx.log.txHash);
    }
    await undoTrade(trx, item.item_idx, u.last);
    await retractAlertsOf(trx, ctx.log);
  },
};
