/** Items' `TransferBatch`: several items' pieces move in one transaction. */
import type { EndedListing } from '../../order-book';
import { reopenEnded, reopenOf, reopenSchema, type Args, type Handler, type Reopen } from '../handler';
import { transferPieces } from '../pieces';

const moves = (a: Args) => {
  const ids = a.ids!.split(',');
  const values = a.values!.split(',');
  return ids.map((id, i) => ({
    operator: a.operator!,
    from: a.from!,
    to: a.to!,
    tokenId: id,
    value: Number(values[i]),
  }));
};

export const transferBatch: Handler<Reopen> = {
  undoSchema: reopenSchema,
  async apply(ctx, a) {
    const ended: EndedListing[] = [];
    for (const m of moves(a)) ended.push(...(await transferPieces(ctx, m, 1)));
    return reopenOf(ended);
  },
  async undo(ctx, a, u) {
    for (const m of moves(a)) await transferPieces(ctx, m, -1);
    await reopenEnded(ctx.trx, u);
  },
};
