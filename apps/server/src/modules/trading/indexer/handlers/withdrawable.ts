/**
 * The Market's withdrawable ledger: `PaymentDeferred` (a payout or refund that could not be pushed is credited to
 * its account) and `Withdrawn` (the account took it). The undo puts the balance back as the apply found it.
 */
import { z } from 'zod';
import { addWithdrawable, setWithdrawable } from '../../order-book/auctions/auctions-repository';
import type { Handler } from '../handler';

const undoSchema = z.object({ before: z.string().regex(/^\d+$/) });
type Undo = z.output<typeof undoSchema>;

function ledger(sign: 1n | -1n): Handler<Undo> {
  return {
    undoSchema,
    async apply(ctx, a) {
      return {
        before: await addWithdrawable(ctx.trx, ctx.log.chainId, a.account!, a.token!, sign * BigInt(a.amount!)),
      };
    },
    async undo(ctx, a, u) {
      if (u) await setWithdrawable(ctx.trx, ctx.log.chainId, a.account!, a.token!, u.before);
    },
  };
}

export const paymentDeferred = ledger(1n);
export const withdrawn = ledger(-1n);
