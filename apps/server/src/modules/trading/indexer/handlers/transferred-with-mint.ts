/** The Market's `TransferredWithMint`: a transfer permit was used (its pieces are no longer held); a `Transfer` history row. */
import { HistoryEvent } from '@att/shared';
import { z } from 'zod';
import { writeHistory } from '../../history-writer';
import { itemByToken } from '../../order-book';
import { reopenPermit, usePermit } from '../../permits-repository';
import { rowId, type Handler } from '../handler';

const undoSchema = z.object({ permit: rowId });
type Undo = z.output<typeof undoSchema>;

export const transferredWithMint: Handler<Undo> = {
  undoSchema,
  async apply(ctx, a) {
    const permit = await usePermit(ctx.trx, a.id!);
    const item = await itemByToken(ctx.trx, a.itemId!);
    if (item)
      await writeHistory(
        ctx.trx,
        { event: HistoryEvent.Transfer, item, amount: Number(a.amount), from: a.from!, to: a.to! },
        ctx.log,
      );
    return permit ? { permit } : undefined;
  },
  async undo(ctx, _a, u) {
    if (u) await reopenPermit(ctx.trx, u.permit);
  },
};
