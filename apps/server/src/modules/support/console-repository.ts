/**
 * The support module's operator writes (notices, FAQ; inquiry answers in `inquiries-console.ts`). Every write runs
 * in one transaction with its audit-log row (console's `audit`: operator, action, target, before and after), so no
 * change happens without its record.
 * Writes return the saved row's index, or null when the row to edit does not exist; the route picks the code.
 */
import type { AdminFaq, FaqCategory, Notice } from '@att/shared';
import { repositoryOf } from '../../platform/db/repository';
import { insertAudited, updateAudited, type Operator, type Page } from '../console';
import { paginate, whereContains, offsetOf } from '../../platform/db/paginate';
import type { Db } from '../schema';
import { createInquiriesConsole } from './inquiries-console';
import { flag, noticeOut } from './support-repository';

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
    ...createInquiriesConsole(db),
    async listNotices(p: Page & { lang?: 'ko' | 'en' }): Promise<{ rows: Notice[]; total: number }> {
      let q = db.selectFrom('notices');
      if (p.lang) q = q.where('lang', '=', p.lang);
      q = whereContains(q, p.searchText, ['title']);
      return paginate(
        q,
        p,
        (q) => q.selectAll().orderBy('notice_idx', 'desc'),
        (r, i, total) => noticeOut(r, total - offsetOf(p) - i),
      );
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
      return paginate(
        q,
        p,
        (q) =>
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
        (r) => ({
          faqIdx: r.faq_idx,
          categoryIdx: r.faq_category_idx,
          categoryName: r.name_ko,
          lang: r.lang,
          title: r.title,
          message: r.message,
          sortOrder: r.sort_order,
          state: flag(r.state),
          updateDate: r.updated_at.toISOString(),
        }),
      );
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
  };
}

export const supportConsoleRepo = repositoryOf(createSupportConsoleRepository);
