/**
 * The support desk's members' side: published notices (paged list, popup list, detail), FAQ categories and
 * items, and a member's own inquiries. Rows come back in the API's shape; routes decide the codes.
 */
import { containsPattern } from '../../platform/db/sql-patterns';
import type { FaqCategory, FaqItem, Inquiry, Notice, SearchType } from '@att/shared';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, Db } from '../schema';
import type { InquiriesTable, NoticesTable } from './tables';
import { repositoryOf } from '../../platform/db/repository';
import { offsetOf } from '../../platform/db/paginate';
import { PublishState } from '@att/shared';

/** A 0/1 column as the API's flag. */
export const flag = (v: number): 0 | 1 => (v ? 1 : 0);

export function noticeOut(r: Selectable<NoticesTable>, no = 0): Notice {
  const listType = r.list_type === 2 ? 2 : 1;
  return {
    idx: r.notice_idx,
    no,
    listType,
    type: listType,
    lang: r.lang,
    title: r.title,
    message: r.message,
    state: flag(r.state),
    flagPopup: flag(r.flag_popup),
    flagForce: flag(r.flag_force),
    createDate: r.created_at.toISOString(),
    updateDate: r.updated_at.toISOString(),
  };
}

/** An inquiry as its member's list shows it (the console adds who asked and who answered). */
export function inquiryOut(
  r: Pick<
    Selectable<InquiriesTable>,
    'inquiry_idx' | 'title' | 'message' | 'state' | 'reply' | 'created_at' | 'replied_at'
  >,
): Inquiry {
  return {
    inquiryIdx: r.inquiry_idx,
    title: r.title,
    message: r.message,
    state: flag(r.state),
    reply: r.reply,
    createDate: r.created_at.toISOString(),
    replyDate: r.replied_at ? r.replied_at.toISOString() : null,
  };
}

export interface NoticeQuery {
  pageNo: number;
  pageSize: number;
  searchType: SearchType;
  searchText: string;
  lang?: 'ko' | 'en';
}

function noticeFilter(q: Omit<NoticeQuery, 'pageNo' | 'pageSize'>) {
  return (eb: ExpressionBuilder<Database, 'notices'>) => {
    const parts = [eb('state', '=', PublishState.Published)];
    if (q.lang) parts.push(eb('lang', '=', q.lang));
    const text = q.searchText.trim();
    if (text) parts.push(eb(q.searchType === 2 ? 'message' : 'title', 'ilike', containsPattern(text)));
    return eb.and(parts);
  };
}

export function createSupportRepository(db: Db) {
  return {
    /** Published notices, pinned first, then newest; `no` counts down from the total. */
    async listNotices(q: NoticeQuery): Promise<{ rows: Notice[]; total: number }> {
      const where = noticeFilter(q);
      const { total } = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where(where)
        .executeTakeFirstOrThrow();
      const offset = offsetOf(q);
      const rows = await db
        .selectFrom('notices')
        .selectAll()
        .where(where)
        .orderBy('list_type', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('notice_idx', 'desc')
        .limit(q.pageSize)
        .offset(offset)
        .execute();
      const n = Number(total);
      return { rows: rows.map((r, i) => noticeOut(r, n - offset - i)), total: n };
    },

    /** Published popup notices: forced ones first, then newest. */
    async popupNotices(lang?: 'ko' | 'en'): Promise<Notice[]> {
      let query = db
        .selectFrom('notices')
        .selectAll()
        .where('state', '=', PublishState.Published)
        .where('flag_popup', '=', 1);
      if (lang) query = query.where('lang', '=', lang);
      const rows = await query
        .orderBy('flag_force', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('notice_idx', 'desc')
        .limit(20)
        .execute();
      return rows.map((r) => noticeOut(r));
    },

    async findNotice(idx: number): Promise<Notice | null> {
      const r = await db
        .selectFrom('notices')
        .selectAll()
        .where('notice_idx', '=', idx)
        .where('state', '=', PublishState.Published)
        .executeTakeFirst();
      return r ? noticeOut(r) : null;
    },

    async faqCategories(): Promise<FaqCategory[]> {
      return db
        .selectFrom('faq_categories')
        .select(['faq_category_idx as faqCategoryIdx', 'name_ko as name', 'name_en as nameEn'])
        .orderBy('sort_order')
        .orderBy('faq_category_idx')
        .execute();
    },

    async listFaq(q: {
      categoryIdx: number | null;
      searchType: SearchType;
      searchText: string;
      lang?: 'ko' | 'en';
    }): Promise<FaqItem[]> {
      let query = db
        .selectFrom('faq_items as f')
        .innerJoin('faq_categories as c', 'c.faq_category_idx', 'f.faq_category_idx')
        .select([
          'f.faq_idx as faqIdx',
          'f.faq_category_idx as categoryIdx',
          'c.name_ko as categoryName',
          'c.name_en as categoryNameEn',
          'f.lang',
          'f.title',
          'f.message',
        ])
        .where('f.state', '=', PublishState.Published);
      if (q.categoryIdx !== null) query = query.where('f.faq_category_idx', '=', q.categoryIdx);
      if (q.lang) query = query.where('f.lang', '=', q.lang);
      const text = q.searchText.trim();
      if (text) query = query.where(q.searchType === 2 ? 'f.message' : 'f.title', 'ilike', containsPattern(text));
      return query.orderBy('c.sort_order').orderBy('f.sort_order').orderBy('f.faq_idx').limit(500).execute();
    },

    async listInquiries(
      memberIdx: number,
      pageNo: number,
      pageSize: number,
    ): Promise<{ rows: Inquiry[]; total: number }> {
      const { total } = await db
        .selectFrom('inquiries')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('member_idx', '=', memberIdx)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('inquiries')
        .selectAll()
        .where('member_idx', '=', memberIdx)
        .orderBy('inquiry_idx', 'desc')
        .limit(pageSize)
        .offset(offsetOf({ pageNo, pageSize }))
        .execute();
      return {
        total: Number(total),
        rows: rows.map(inquiryOut),
      };
    },

    /**
     * Stores an inquiry unless the member already sent `limit` since `since`. The member row is locked for the
     * count and the insert, so parallel requests cannot pass the limit together.
     */
    async registerInquiry(
      memberIdx: number,
      input: { title: string; message: string },
      opts: { now: Date; since: Date; limit: number },
    ): Promise<'ok' | 'limited'> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('members')
          .select('member_idx')
          .where('member_idx', '=', memberIdx)
          .forUpdate()
          .executeTakeFirst();
        const { recent } = await trx
          .selectFrom('inquiries')
          .select((eb) => eb.fn.countAll<string>().as('recent'))
          .where('member_idx', '=', memberIdx)
          .where('created_at', '>', opts.since)
          .executeTakeFirstOrThrow();
        if (Number(recent) >= opts.limit) return 'limited';
        await trx
          .insertInto('inquiries')
          .values({ member_idx: memberIdx, title: input.title, message: input.message, state: 0, created_at: opts.now })
          .execute();
        return 'ok';
      });
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

/** The support repository of a database (built once per handle). */
export const supportRepo = repositoryOf(createSupportRepository);
