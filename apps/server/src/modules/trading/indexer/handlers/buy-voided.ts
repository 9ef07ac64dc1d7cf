/**
 * The Market's `BuyVoided`: a buyer voided their own Buy (its id is spent on chain, so it can never be bought). The
 * order book releases its reservation and the pieces are available to any buyer at once; the undo holds them again.
 */
import { z } from 'zod';
import { lockInOrder, releaseVoidedBuy, unreleaseVoidedBuy, voidedBuyListing, type VoidUndo } from '../../order-book';
import { rowId, type Handler } from '../handler';

const undoSchema: z.ZodType<VoidUndo> = z.object({
  listingIdx: rowId,
  reservationId: rowId,
  freed: z.number().int().nonnegative(),
});

export const buyVoided: Handler<VoidUndo> = {
  undoSchema,
  async apply(ctx, a) {
    const { trx } = ctx;
    const listingIdx = await voidedBuyListing(trx, a.listingHash!);
    if (!listingIdx) return undefined;
    await lockInOrder(trx, { listings: [listingIdx] });
    return releaseVoidedBuy(trx, { listingIdx, reservationId: a.id!, buyer: a.buyer! });
  },
  async undo(ctx, _a, u) {
    if (!u) return;
    await lockInOrder(ctx.trx, { listings: [u.listingIdx] });
    await unreleaseVoidedBuy(ctx.trx, u);
  },
};
