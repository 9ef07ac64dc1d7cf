/** Items' `TransferSingle`: pieces move (a mint, a sale's delivery, a wallet's own transfer). */
import { reopenEnded, reopenOf, reopenSchema, type Handler, type Reopen } from '../handler';
import { transferPieces } from '../pieces';

export const transferSingle: Handler<Reopen> = {
  undoSchema: reopenSchema,
  async apply(ctx, a) {
    return reopenOf(
      await transferPieces(
        ctx,
        { operator: a.operator!, from: a.from!, to: a.to!, tokenId: a.id!, value: Number(a.value) },
        1,
      ),
    );
  },
  async undo(ctx, a, u) {
    await transferPieces(
      ctx,
      { operator: a.operator!, from: a.from!, to: a.to!, tokenId: a.id!, value: Number(a.value) },
      -1,
    );
    await reopenEnded(ctx.trx, u);
  },
};
