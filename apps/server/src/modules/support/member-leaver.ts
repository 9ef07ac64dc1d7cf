/**
 * Support's part of a withdrawal: the texts of the member's inquiries (title, message and the operator's reply)
 * are destroyed. The row stays without text (when it was asked and answered), the consumer-complaint record the
 * e-commerce act keeps for 3 years (README "Withdrawal").
 */
import { sql } from 'kysely';
import type { MemberLeaver } from '../accounts';

export const supportLeaver: MemberLeaver = {
  async forget(trx, m) {
    await trx
      .updateTable('inquiries')
      // The table's checks want a title and message and a reply on an answered inquiry: one dash holds nothing.
      .set({ title: '-', message: '-', reply: sql<string | null>`CASE WHEN reply IS NULL THEN NULL ELSE '-' END` })
      .where('member_idx', '=', m.memberIdx)
      .execute();
  },
};
