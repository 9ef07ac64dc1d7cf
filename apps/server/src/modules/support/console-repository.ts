/**
 * The support module's operator writes (notices, FAQ, inquiry answers). Every write runs in one transaction with its audit-log row
 * (console's `audit`: operator, action, target, before and after), so no change happens without its record.
 * Writes return the saved row's index, or null when the row to edit does not exist; the route picks the code.
 */
import { AlertType, type AdminFaq, type AdminInquiry, type FaqCategory, type Notice } from '@att/shared';
import { repositoryOf } from '../../platform/db/repository';
import { enqueueAlert } from '../alerts';
import { audit, insertAudited, plain, updateAudited, type Operator, type Page } from '../console';
import { paginate, whereContains, offsetOf } from '../../platform/db/paginate';
import type { Db } from '../schema';
import { noticeOut } from './support-repository';

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

export interface NoticeInput {
  noticeIdx?: number;
  lang: 'ko' | 'en';
  title: string;
  message: string;
  listType: 1 | 2;
  flagPopup: 0 | 1;
  flagForce: 0 | 1;
  state: 0 | 1;
}

export interface FaqInput {
  faqIdx?: number;
  categoryIdx: number;
  lang: 'ko' | 'en';
  title: string;
  message: string;
  sortOrder: number;
  state: 0 | 1;
}

export function createSupportConsoleRepository(db: Db) {
  return {
    async listNotices(p: Page & { lang?: 'ko' | 'en' }): Promise<{ rows: Notice[]; total: number }> {
      let q = db.selectFrom('notices');
      if (p.lang) q = q.where('lang', '=', p.lang);
      q = whereContains(q, p.searchText, ['title']);
      const { rows, total } = await paginate(q, p, (q) => q.selectAll().orderBy('notice_idx', 'desc'));
      return { rows: rows.map((r, i) => noticeOut(r, total - offsetOf(p) - i)), total };
    },

    async saveNotice(op: Operator, input: NoticeInput, now: Date): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const values = {
          lang: input.lang,
          title: input.title,
          message: input.message,
          list_type: input.listType,
          flag_popup: input.flagPopup,
          flag_force: input.flagForce,
          state: input.state,
          updated_at: now,
        };
        if (input.noticeIdx === undefined) {
          const row = await insertAudited(
            trx,
            op,
            now,
            { action: 'notice.create', targetType: 'notice', key: 'notice_idx' },
            () =>
              trx
                .insertInto('notices')
                .values({ ...values, created_at: now })
                .returningAll()
                .executeTakeFirstOrThrow(),
          );
          return row.notice_idx;
        }
        const after = await updateAudited(
          trx,
          op,
          now,
          { action: 'notice.update', targetType: 'notice', targetIdx: input.noticeIdx },
          {
            read: () =>
              trx
                .selectFrom('notices')
                .selectAll()
                .where('notice_idx', '=', input.noticeIdx!)
                .forUpdate()
                .executeTakeFirst(),
            write: () =>
              trx
                .updateTable('notices')
                .set(values)
                .where('notice_idx', '=', input.noticeIdx!)
                .returningAll()
                .executeTakeFirstOrThrow(),
          },
        );
        return after ? after.notice_idx : null;
      });
    },

    async faqCategories(): Promise<(FaqCategory & { sortOrder: number })[]> {
      return db
        .selectFrom('faq_categories')
        .select([
          'faq_category_idx as faqCategoryIdx',
          'name_ko as name',
          'name_en as nameEn',
          'sort_order as sortOrder',
        ])
        .orderBy('sort_order')
        .orderBy('faq_category_idx')
        .execute();
    },

    async saveFaqCategory(
      op: Operator,
      input: { faqCategoryIdx?: number; name: string; nameEn: string; sortOrder: number },
      now: Date,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const values = { name_ko: input.name, name_en: input.nameEn, sort_order: input.sortOrder };
        if (input.faqCategoryIdx === undefined) {
          const row = await insertAudited(
            trx,
            op,
            now,
            { action: 'faqCategory.create', targetType: 'faqCategory', key: 'faq_category_idx' },
            () => trx.insertInto('faq_categories').values(values).returningAll().executeTakeFirstOrThrow(),
          );
          return row.faq_category_idx;
        }
        const after = await updateAudited(
          trx,
          op,
          now,
          { action: 'faqCategory.update', targetType: 'faqCategory', targetIdx: input.faqCategoryIdx },
          {
            read: () =>
              trx
                .selectFrom('faq_categories')
                .selectAll()
                .where('faq_category_idx', '=', input.faqCategoryIdx!)
                .forUpdate()
                .executeTakeFirst(),
            write: () =>
              trx
                .updateTable('faq_categories')
                .set(values)
                .where('faq_category_idx', '=', input.faqCategoryIdx!)
                .returningAll()
                .executeTakeFirstOrThrow(),
          },
        );
        return after ? after.faq_category_idx : null;
      });
    },

    async listFaq(p: Page & { categoryIdx?: number }): Promise<{ rows: AdminFaq[]; total: number }> {
      let q = db
        .selectFrom('faq_items as f')
        .innerJoin('faq_categories as c', 'c.faq_category_idx', 'f.faq_category_idx');
      if (p.categoryIdx !== undefined) q = q.where('f.faq_category_idx', '=', p.categoryIdx);
      q = whereContains(q, p.searchText, ['f.title']);
      const { rows, total } = await paginate(q, p, (q) =>
        q
          .select([
            'f.faq_idx',
            'f.faq_category_idx',
            'c.name_ko',
            'f.lang',
            'f.title',
            'f.message',
            'f.sort_order',
            'f.state',
            'f.updated_at',
          ])
          .orderBy('c.sort_order')
          .orderBy('f.sort_order')
          .orderBy('f.faq_idx'),
      );
      return {
        total,
        rows: rows.map((r) => ({
          faqIdx: r.faq_idx,
          categoryIdx: r.faq_category_idx,
          categoryName: r.name_ko,
          lang: r.lang,
          title: r.title,
          message: r.message,
          sortOrder: r.sort_order,
          state: flag(r.state),
          updateDate: r.updated_at.toISOString(),
        })),
      };
    },

    /** null: no such item; 'noCategory': the category does not exist. */
    async saveFaq(op: Operator, input: FaqInput, now: Date): Promise<number | null | 'noCategory'> {
      return db.transaction().execute(async (trx) => {
        const category = await trx
          .selectFrom('faq_categories')
          .select('faq_category_idx')
          .where('faq_category_idx', '=', input.categoryIdx)
          .executeTakeFirst();
        if (!category) return 'noCategory';
        const values = {
          faq_category_idx: input.categoryIdx,
          lang: input.lang,
          title: input.title,
          message: input.message,
          sort_order: input.sortOrder,
          state: input.state,
          updated_at: now,
        };
        if (input.faqIdx === undefined) {
          const row = await insertAudited(
            trx,
            op,
            now,
            { action: 'faq.create', targetType: 'faq', key: 'faq_idx' },
            () =>
              trx
                .insertInto('faq_items')
                .values({ ...values, created_at: now })
                .returningAll()
                .executeTakeFirstOrThrow(),
          );
          return row.faq_idx;
        }
        const after = await updateAudited(
          trx,
          op,
          now,
          { action: 'faq.update', targetType: 'faq', targetIdx: input.faqIdx },
          {
            read: () =>
              trx
                .selectFrom('faq_items')
                .selectAll()
                .where('faq_idx', '=', input.faqIdx!)
                .forUpdate()
                .executeTakeFirst(),
            write: () =>
              trx
                .updateTable('faq_items')
                .set(values)
                .where('faq_idx', '=', input.faqIdx!)
                .returningAll()
                .executeTakeFirstOrThrow(),
          },
        );
        return after ? after.faq_idx : null;
      });
    },

    async listInquiries(p: Page & { state?: 0 | 1 }): Promise<{ rows: AdminInquiry[]; total: number }> {
      let q = db.selectFrom('inquiries as i').innerJoin('members as m', 'm.member_idx', 'i.member_idx');
      if (p.state !== undefined) q = q.where('i.state', '=', p.state);
      q = whereContains(q, p.searchText, ['i.title', 'i.message', 'm.user_name']);
      const { rows, total } = await paginate(q, p, (q) =>
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
      );
      return {
        total,
        rows: rows.map((r) => ({
          inquiryIdx: r.inquiry_idx,
          memberIdx: r.member_idx,
          memberId: r.user_name,
          title: r.title,
          message: r.message,
          state: flag(r.state),
          reply: r.reply,
          createDate: r.created_at.toISOString(),
          replyDate: r.replied_at ? r.replied_at.toISOString() : null,
          repliedBy: r.replied_by,
        })),
      };
    },

    /** Answers an inquiry and queues the asking member's alert; returns their wallet address, or null (no such inquiry). */
    async replyInquiry(op: Operator, inquiryIdx: number, reply: string, now: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('inquiries')
          .selectAll()
          .where('inquiry_idx', '=', inquiryIdx)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return null;
        const after = await trx
          .updateTable('inquiries')
          .set({ state: 1, reply, replied_by: op.address, replied_at: now })
          .where('inquiry_idx', '=', inquiryIdx)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          op,
          {
            action: 'inquiry.reply',
            targetType: 'inquiry',
            targetIdx: inquiryIdx,
            before: plain(before),
            after: plain(after),
          },
          now,
        );
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

export const supportConsoleRepo = repositoryOf(createSupportConsoleRepository);
