/** The console's inquiries: the paged list, and the operator's answer (audited; the asking member gets an alert). */
import { AlertType, type AdminInquiry } from '@att/shared';
import { paginate, whereContains } from '../../platform/db/paginate';
import { enqueueAlert } from '../alerts';
import { updateAudited, type Operator, type Page } from '../console';
import type { Db } from '../schema';
import { inquiryOut } from './support-repository';

export function createInquiriesConsole(db: Db) {
  return {
    async listInquiries(p: Page & { state?: 0 | 1 }): Promise<{ rows: AdminInquiry[]; total: number }> {
      let q = db.selectFrom('inquiries as i').innerJoin('members as m', 'm.member_idx', 'i.member_idx');
      if (p.state !== undefined) q = q.where('i.state', '=', p.state);
      q = whereContains(q, p.searchText, ['i.title', 'i.message', 'm.user_name']);
      return paginate(
        q,
        p,
        (q) =>
          q
            .select([
              'i.inquiry_idx',
              'i.member_idx',
              'm.user_name',
              'i.title',
              'i.message',
              'i.state',
              'i.reply',
              'i.created_at',
              'i.replied_at',
              'i.replied_by',
            ])
            .orderBy('i.inquiry_idx', 'desc'),
        (r) => ({ ...inquiryOut(r), memberIdx: r.member_idx, memberId: r.user_name, repliedBy: r.replied_by }),
      );
    },

    /** Answers an inquiry and queues the asking member's alert; returns their wallet address, or null (no such inquiry). */
    async replyInquiry(op: Operator, inquiryIdx: number, reply: string, now: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const after = await updateAudited(
          trx,
          op,
          now,
          { action: 'inquiry.reply', targetType: 'inquiry', targetIdx: inquiryIdx },
          {
            read: () =>
              trx
                .selectFrom('inquiries')
                .selectAll()
                .where('inquiry_idx', '=', inquiryIdx)
                .forUpdate()
                .executeTakeFirst(),
            write: () =>
              trx
                .updateTable('inquiries')
                .set({ state: 1, reply, replied_by: op.address, replied_at: now })
                .where('inquiry_idx', '=', inquiryIdx)
                .returningAll()
                .executeTakeFirstOrThrow(),
          },
        );
        if (!after) return null;
        const member = await trx
          .selectFrom('members')
          .select('address')
          .where('member_idx', '=', after.member_idx)
          .executeTakeFirstOrThrow();
        await enqueueAlert(trx, { address: member.address, type: AlertType.InquiryAnswered, inquiryIdx });
        return member.address;
      });
    },
  };
}
