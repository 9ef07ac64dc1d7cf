/**
 * Likes, likers and reports (SQL only; the routes decide the codes).
 *
 * A like and an unlike are each one transaction: the like row, then `items.like_count` (through the items
 * module, its one writer) only when the row changed — the unique (item, member) key decides, so parallel double
 * clicks can neither count twice nor go negative.
 */
import { ReportState } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addLikes, likeCount } from '../items';
import type { Database } from '../schema';
import { offsetOf } from '../../platform/db/paginate';

export interface LikeResult {
  /** False when the row was already in the asked state (or the item does not exist: then `countHeart` is null). */
  changed: boolean;
  countHeart: number | null;
}

export type ReportOutcome = 'ok' | 'duplicate' | 'limited';

export function createSocialRepository(db: Kysely<Database>) {
  return {
    async like(itemIdx: number, memberIdx: number, now: Date): Promise<LikeResult> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ item_idx: number }>`
          INSERT INTO item_likes (item_idx, member_idx, created_at)
          SELECT item_idx, ${memberIdx}, ${now} FROM items WHERE item_idx = ${itemIdx} AND deleted_at IS NULL
          ON CONFLICT DO NOTHING
          RETURNING item_idx`.execute(trx);
        const ins = rows[0];
        if (ins) return { changed: true, countHeart: await addLikes(trx, itemIdx, 1) };
        return { changed: false, countHeart: await likeCount(trx, itemIdx) };
      });
    },

    async unlike(itemIdx: number, memberIdx: number): Promise<LikeResult> {
      return db.transaction().execute(async (trx) => {
        const del = await trx
          .deleteFrom('item_likes')
          .where('item_idx', '=', itemIdx)
          .where('member_idx', '=', memberIdx)
          .where((eb) =>
            eb.exists(
              eb.selectFrom('items').select('item_idx').where('item_idx', '=', itemIdx).where('deleted_at', 'is', null),
            ),
          )
          .returning('item_idx')
          .executeTakeFirst();
        if (del) return { changed: true, countHeart: await addLikes(trx, itemIdx, -1) };
        return { changed: false, countHeart: await likeCount(trx, itemIdx) };
      });
    },

    async itemExists(itemIdx: number): Promise<boolean> {
      const row = await db
        .selectFrom('items')
        .select('item_idx')
        .where('item_idx', '=', itemIdx)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Members who like the item (active members only), newest like first, with the pieces each holds. */
    async likers(itemIdx: number, page: { pageNo: number; pageSize: number }) {
      const base = db
        .selectFrom('item_likes as l')
        .innerJoin('members as m', 'm.member_idx', 'l.member_idx')
        .where('l.item_idx', '=', itemIdx)
        .where('m.state', '=', 'active');
      const [rows, total] = await Promise.all([
        base
          .select([
            'm.member_idx as memberIdx',
            'm.user_name as memberName',
            'm.profile_file as memberFileName',
            'l.created_at as likeDate',
            sql<number>`coalesce((SELECT v.amount FROM inventory v WHERE v.item_idx = l.item_idx AND v.holder_address = m.address), 0)::int`.as(
              'quantity',
            ),
          ])
          .orderBy('l.created_at', 'desc')
          .orderBy('l.member_idx', 'desc')
          .limit(page.pageSize)
          .offset(offsetOf(page))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async reportCategories() {
      return db
        .selectFrom('report_categories')
        .select(['report_category_idx as categoryIdx', 'name_ko as nameKo', 'name_en as nameEn'])
        .orderBy('sort_order')
        .orderBy('report_category_idx')
        .execute();
    },

    async reportCategoryExists(idx: number): Promise<boolean> {
      const row = await db
        .selectFrom('report_categories')
        .select('report_category_idx')
        .where('report_category_idx', '=', idx)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether a report target exists: a live collection (1), an active member (2), a live item (3). */
    async reportTargetExists(type: 1 | 2 | 3, targetIdx: number): Promise<boolean> {
      const q =
        type === 1
          ? db
              .selectFrom('collections')
              .select('collection_idx as idx')
              .where('collection_idx', '=', targetIdx)
              .where('deleted_at', 'is', null)
          : type === 2
            ? db
                .selectFrom('members')
                .select('member_idx as idx')
                .where('member_idx', '=', targetIdx)
                .where('state', '=', 'active')
            : db
                .selectFrom('items')
                .select('item_idx as idx')
                .where('item_idx', '=', targetIdx)
                .where('deleted_at', 'is', null);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /**
     * Files a report unless the member has `limit` reports since `since` (member row locked, so parallel
     * requests cannot pass the limit together) or an open report on the same target (the partial unique index
     * `reports_open_once` decides, in the same statement as the insert).
     */
    async fileReport(
      input: { reporterIdx: number; categoryIdx: number; type: number; targetIdx: number; message: string },
      opts: { now: Date; since: Date; limit: number },
    ): Promise<ReportOutcome> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('members')
          .select('member_idx')
          .where('member_idx', '=', input.reporterIdx)
          .forUpdate()
          .executeTakeFirst();
        const { recent } = await trx
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<string>().as('recent'))
          .where('reporter_idx', '=', input.reporterIdx)
          .where('created_at', '>', opts.since)
          .executeTakeFirstOrThrow();
        if (Number(recent) >= opts.limit) return 'limited';
        const { rows } = await sql<{ idx: number }>`
          INSERT INTO reports (reporter_idx, report_category_idx, type, target_idx, message, state, created_at)
          VALUES (${input.reporterIdx}, ${input.categoryIdx}, ${input.type}, ${input.targetIdx}, ${input.message}, ${ReportState.Open}, ${opts.now})
          ON CONFLICT (reporter_idx, type, target_idx) WHERE state = ${sql.lit(ReportState.Open)} DO NOTHING
          RETURNING report_idx AS idx`.execute(trx);
        return rows.length > 0 ? 'ok' : 'duplicate';
      });
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
