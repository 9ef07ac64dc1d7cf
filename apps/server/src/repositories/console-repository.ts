/**
 * The operator console's SQL. Every write runs in one transaction with its audit-log row (operator, action,
 * target, before and after as JSON), so no change happens without its record. Writes return the saved row's
 * index, or null when the row to edit does not exist; the route turns that into a code.
 */
import type { AdminFaq, AdminInquiry, AdminMember, AuditEntry, FaqCategory, Notice } from '@att/shared';
import { sql, type Transaction } from 'kysely';
import type { Database, Db, MemberState } from '../db/database';
import { likePattern, noticeOut } from './support-repository';

export interface Operator {
  memberIdx: number;
  address: string;
}

export interface Page {
  pageNo: number;
  pageSize: number;
  searchText: string;
}

const PLATFORM_FEE_KEY = 'platform_fee';
const flag = (v: number): 0 | 1 => (v ? 1 : 0);
export const offsetOf = (p: Page) => (p.pageNo - 1) * p.pageSize;

export async function audit(
  trx: Transaction<Database>,
  op: Operator,
  entry: { action: string; targetType: string; targetIdx: string | number; before: unknown; after: unknown },
  now: Date,
) {
  await trx
    .insertInto('audit_log')
    .values({
      operator_address: op.address,
      operator_member_idx: op.memberIdx,
      action: entry.action,
      target_type: entry.targetType,
      target_idx: String(entry.targetIdx),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

/** Row values as the audit log shows them (dates as ISO strings). */
export function plain<T extends object>(row: T | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Inserts a row with its audit entry (nothing before, the row after). */
export async function insertAudited<R extends object, K extends keyof R & string>(
  trx: Transaction<Database>,
  op: Operator,
  now: Date,
  what: { action: string; targetType: string; key: K },
  insert: () => Promise<R>,
): Promise<R> {
  const row = await insert();
  await audit(trx, op, { action: what.action, targetType: what.targetType, targetIdx: String(row[what.key]), before: null, after: plain(row) }, now);
  return row;
}

/** Updates a row read (and locked) first, with its audit entry before and after; null when there is no such row. */
export async function updateAudited<R extends object>(
  trx: Transaction<Database>,
  op: Operator,
  now: Date,
  what: { action: string; targetType: string; targetIdx: string | number | undefined },
  io: { read: () => Promise<R | undefined>; write: () => Promise<R> },
): Promise<R | null> {
  const before = await io.read();
  if (!before) return null;
  const after = await io.write();
  await audit(trx, op, { action: what.action, targetType: what.targetType, targetIdx: String(what.targetIdx), before: plain(before), after: plain(after) }, now);
  return after;
}

/**
 * Blocks or unblocks a member inside the caller's transaction, with its audit row (the member list and the
 * report queue both use it). null: no such member; 'deleted': a deleted member stays deleted; else the address.
 */
export async function setMemberBlockedIn(
  trx: Transaction<Database>,
  op: Operator,
  memberIdx: number,
  blocked: boolean,
  now: Date,
): Promise<string | null | 'deleted'> {
  const before = await trx.selectFrom('members').select(['member_idx', 'user_name', 'address', 'state']).where('member_idx', '=', memberIdx).forUpdate().executeTakeFirst();
  if (!before) return null;
  if (before.state === 'deleted') return 'deleted';
  const state: MemberState = blocked ? 'blocked' : 'active';
  await trx.updateTable('members').set({ state, updated_at: now }).where('member_idx', '=', memberIdx).execute();
  await audit(trx, op, { action: blocked ? 'member.block' : 'member.unblock', targetType: 'member', targetIdx: memberIdx, before: plain(before), after: { ...plain(before), state } }, now);
  return before.address;
}

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

export function createConsoleRepository(db: Db) {
  return {
    async listNotices(p: Page & { lang?: 'ko' | 'en' }): Promise<{ rows: Notice[]; total: number }> {
      let q = db.selectFrom('notices');
      if (p.lang) q = q.where('lang', '=', p.lang);
      const text = p.searchText.trim();
      if (text) q = q.where('title', 'ilike', likePattern(text));
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('notice_idx', 'desc').limit(p.pageSize).offset(offsetOf(p)).execute();
      const n = Number(total);
      return { rows: rows.map((r, i) => noticeOut(r, n - offsetOf(p) - i)), total: n };
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
          const row = await insertAudited(trx, op, now, { action: 'notice.create', targetType: 'notice', key: 'notice_idx' }, () =>
            trx.insertInto('notices').values({ ...values, created_at: now }).returningAll().executeTakeFirstOrThrow(),
          );
          return row.notice_idx;
        }
        const after = await updateAudited(trx, op, now, { action: 'notice.update', targetType: 'notice', targetIdx: input.noticeIdx }, {
          read: () => trx.selectFrom('notices').selectAll().where('notice_idx', '=', input.noticeIdx!).forUpdate().executeTakeFirst(),
          write: () => trx.updateTable('notices').set(values).where('notice_idx', '=', input.noticeIdx!).returningAll().executeTakeFirstOrThrow(),
        });
        return after ? after.notice_idx : null;
      });
    },

    async faqCategories(): Promise<(FaqCategory & { sortOrder: number })[]> {
      return db
        .selectFrom('faq_categories')
        .select(['faq_category_idx as faqCategoryIdx', 'name_ko as name', 'name_en as nameEn', 'sort_order as sortOrder'])
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
          const row = await insertAudited(trx, op, now, { action: 'faqCategory.create', targetType: 'faqCategory', key: 'faq_category_idx' }, () =>
            trx.insertInto('faq_categories').values(values).returningAll().executeTakeFirstOrThrow(),
          );
          return row.faq_category_idx;
        }
        const after = await updateAudited(trx, op, now, { action: 'faqCategory.update', targetType: 'faqCategory', targetIdx: input.faqCategoryIdx }, {
          read: () => trx.selectFrom('faq_categories').selectAll().where('faq_category_idx', '=', input.faqCategoryIdx!).forUpdate().executeTakeFirst(),
          write: () => trx.updateTable('faq_categories').set(values).where('faq_category_idx', '=', input.faqCategoryIdx!).returningAll().executeTakeFirstOrThrow(),
        });
        return after ? after.faq_category_idx : null;
      });
    },

    async listFaq(p: Page & { categoryIdx?: number }): Promise<{ rows: AdminFaq[]; total: number }> {
      let q = db.selectFrom('faq_items as f').innerJoin('faq_categories as c', 'c.faq_category_idx', 'f.faq_category_idx');
      if (p.categoryIdx !== undefined) q = q.where('f.faq_category_idx', '=', p.categoryIdx);
      const text = p.searchText.trim();
      if (text) q = q.where('f.title', 'ilike', likePattern(text));
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['f.faq_idx', 'f.faq_category_idx', 'c.name_ko', 'f.lang', 'f.title', 'f.message', 'f.sort_order', 'f.state', 'f.updated_at'])
        .orderBy('c.sort_order')
        .orderBy('f.sort_order')
        .orderBy('f.faq_idx')
        .limit(p.pageSize)
        .offset(offsetOf(p))
        .execute();
      return {
        total: Number(total),
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
        const category = await trx.selectFrom('faq_categories').select('faq_category_idx').where('faq_category_idx', '=', input.categoryIdx).executeTakeFirst();
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
          const row = await insertAudited(trx, op, now, { action: 'faq.create', targetType: 'faq', key: 'faq_idx' }, () =>
            trx.insertInto('faq_items').values({ ...values, created_at: now }).returningAll().executeTakeFirstOrThrow(),
          );
          return row.faq_idx;
        }
        const after = await updateAudited(trx, op, now, { action: 'faq.update', targetType: 'faq', targetIdx: input.faqIdx }, {
          read: () => trx.selectFrom('faq_items').selectAll().where('faq_idx', '=', input.faqIdx!).forUpdate().executeTakeFirst(),
          write: () => trx.updateTable('faq_items').set(values).where('faq_idx', '=', input.faqIdx!).returningAll().executeTakeFirstOrThrow(),
        });
        return after ? after.faq_idx : null;
      });
    },

    async listInquiries(p: Page & { state?: 0 | 1 }): Promise<{ rows: AdminInquiry[]; total: number }> {
      let q = db.selectFrom('inquiries as i').innerJoin('members as m', 'm.member_idx', 'i.member_idx');
      if (p.state !== undefined) q = q.where('i.state', '=', p.state);
      const text = p.searchText.trim();
      if (text) {
        const like = likePattern(text);
        q = q.where((eb) => eb.or([eb('i.title', 'ilike', like), eb('i.message', 'ilike', like), eb('m.user_name', 'ilike', like)]));
      }
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['i.inquiry_idx', 'i.member_idx', 'm.user_name', 'i.title', 'i.message', 'i.state', 'i.reply', 'i.created_at', 'i.replied_at', 'i.replied_by'])
        .orderBy('i.inquiry_idx', 'desc')
        .limit(p.pageSize)
        .offset(offsetOf(p))
        .execute();
      return {
        total: Number(total),
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

    /** Answers an inquiry; returns the asking member's wallet address (for the alert), or null. */
    async replyInquiry(op: Operator, inquiryIdx: number, reply: string, now: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('inquiries').selectAll().where('inquiry_idx', '=', inquiryIdx).forUpdate().executeTakeFirst();
        if (!before) return null;
        const after = await trx
          .updateTable('inquiries')
          .set({ state: 1, reply, replied_by: op.address, replied_at: now })
          .where('inquiry_idx', '=', inquiryIdx)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, op, { action: 'inquiry.reply', targetType: 'inquiry', targetIdx: inquiryIdx, before: plain(before), after: plain(after) }, now);
        const member = await trx.selectFrom('members').select('address').where('member_idx', '=', after.member_idx).executeTakeFirstOrThrow();
        return member.address;
      });
    },

    /** null: no such category; 'codeTaken': another category has the code. */
    async saveCategory(
      op: Operator,
      input: { categoryIdx?: number; code: string; name: string; nameEn: string; sortOrder: number },
      now: Date,
    ): Promise<number | null | 'codeTaken'> {
      return db.transaction().execute(async (trx) => {
        // One writer at a time: new indexes are max + 1 and codes are unique.
        await sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        const clash = await trx
          .selectFrom('categories')
          .select('category_idx')
          .where('code', '=', input.code)
          .$if(input.categoryIdx !== undefined, (q) => q.where('category_idx', '<>', input.categoryIdx!))
          .executeTakeFirst();
        if (clash) return 'codeTaken';
        const values = { code: input.code, name_ko: input.name, name_en: input.nameEn, sort_order: input.sortOrder };
        if (input.categoryIdx === undefined) {
          const { next } = await trx
            .selectFrom('categories')
            .select(sql<number>`coalesce(max(category_idx), 0) + 1`.as('next'))
            .executeTakeFirstOrThrow();
          const row = await insertAudited(trx, op, now, { action: 'category.create', targetType: 'category', key: 'category_idx' }, () =>
            trx
            .insertInto('categories')
            .values({ ...values, category_idx: Number(next), file_name: `${input.code}.png` })
            .returningAll()
            .executeTakeFirstOrThrow(),
          );
          return row.category_idx;
        }
        const after = await updateAudited(trx, op, now, { action: 'category.update', targetType: 'category', targetIdx: input.categoryIdx }, {
          read: () => trx.selectFrom('categories').selectAll().where('category_idx', '=', input.categoryIdx!).forUpdate().executeTakeFirst(),
          write: () => trx.updateTable('categories').set(values).where('category_idx', '=', input.categoryIdx!).returningAll().executeTakeFirstOrThrow(),
        });
        return after ? after.category_idx : null;
      });
    },

    async setTokenPrice(op: Operator, symbol: 'ATT' | 'KLAY', price: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('token_prices')
          .select(['symbol', sql<string>`usd_price::text`.as('usdPrice')])
          .where('symbol', '=', symbol)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('token_prices')
          .values({ symbol, usd_price: price, updated_at: now })
          .onConflict((oc) => oc.column('symbol').doUpdateSet({ usd_price: price, updated_at: now }))
          .execute();
        await audit(trx, op, { action: 'token.price', targetType: 'token', targetIdx: symbol, before: before ?? null, after: { symbol, usdPrice: price } }, now);
      });
    },

    /** The platform fee set in the console, or null (the configured default applies). */
    async platformFee(): Promise<string | null> {
      const row = await db.selectFrom('platform_settings').select('value').where('key', '=', PLATFORM_FEE_KEY).executeTakeFirst();
      return row?.value ?? null;
    },

    async setPlatformFee(op: Operator, fee: string, fallback: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('platform_settings').select('value').where('key', '=', PLATFORM_FEE_KEY).forUpdate().executeTakeFirst();
        await trx
          .insertInto('platform_settings')
          .values({ key: PLATFORM_FEE_KEY, value: fee, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: fee, updated_at: now }))
          .execute();
        await audit(trx, op, { action: 'config.platformFee', targetType: 'config', targetIdx: PLATFORM_FEE_KEY, before: { platformFee: before?.value ?? fallback }, after: { platformFee: fee } }, now);
      });
    },

    async listMembers(p: Page): Promise<{ rows: AdminMember[]; total: number }> {
      let q = db.selectFrom('members').where('email_verified_at', 'is not', null);
      const text = p.searchText.trim();
      if (text) {
        const like = likePattern(text);
        q = q.where((eb) => eb.or([eb('user_name', 'ilike', like), eb('address', 'ilike', like), eb('email', 'ilike', like)]));
      }
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['member_idx', 'user_name', 'address', 'email', 'state', 'created_at'])
        .orderBy('member_idx', 'desc')
        .limit(p.pageSize)
        .offset(offsetOf(p))
        .execute();
      return {
        total: Number(total),
        rows: rows.map((r) => ({
          memberIdx: r.member_idx,
          id: r.user_name,
          address: r.address,
          email: r.email,
          state: r.state,
          createDate: r.created_at.toISOString(),
        })),
      };
    },

    /**
     * Blocks or unblocks a member in one statement that only touches active/blocked members.
     * null: no such member; 'deleted': a deleted member stays deleted; otherwise the member's address.
     */
    async setMemberBlocked(op: Operator, memberIdx: number, blocked: boolean, now: Date): Promise<string | null | 'deleted'> {
      return db.transaction().execute((trx) => setMemberBlockedIn(trx, op, memberIdx, blocked, now));
    },

    async listAudit(p: Page): Promise<{ rows: AuditEntry[]; total: number }> {
      let q = db.selectFrom('audit_log as a').leftJoin('members as m', 'm.member_idx', 'a.operator_member_idx');
      const text = p.searchText.trim();
      if (text) {
        const like = likePattern(text);
        q = q.where((eb) =>
          eb.or([eb('a.action', 'ilike', like), eb('a.target_type', 'ilike', like), eb('a.target_idx', 'ilike', like), eb('a.operator_address', 'ilike', like), eb('m.user_name', 'ilike', like)]),
        );
      }
      const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['a.audit_idx', 'a.operator_address', 'm.user_name', 'a.action', 'a.target_type', 'a.target_idx', 'a.before', 'a.after', 'a.created_at'])
        .orderBy('a.audit_idx', 'desc')
        .limit(p.pageSize)
        .offset(offsetOf(p))
        .execute();
      return {
        total: Number(total),
        rows: rows.map((r) => ({
          auditIdx: Number(r.audit_idx),
          operator: r.operator_address,
          operatorId: r.user_name,
          action: r.action,
          targetType: r.target_type,
          targetIdx: r.target_idx,
          before: r.before ?? null,
          after: r.after ?? null,
          createDate: r.created_at.toISOString(),
        })),
      };
    },
  };
}

export type ConsoleRepository = ReturnType<typeof createConsoleRepository>;
