/**
 * The report queue (operator side): list reports, and handle one — dismiss it, hide the reported item or
 * collection, or block the reported member — with every report of the same target closed and audited in the
 * same transaction.
 */
import type { AdminReport } from '@att/shared';
import { sql } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import { setMemberBlockedIn } from '../accounts';
import { hideCollectionByOperator } from '../collections';
import { audit, type Operator, type Page } from '../console';
import { paginate, whereContains } from '../../platform/db/paginate';
import { hideItemByOperator } from '../items';
import type { Db } from '../schema';
import { HideState, ReportState } from '@att/shared';

export type HandleResult = 'done' | 'noReport' | 'handled' | 'noTarget' | 'wrongAction' | 'self';

export function createReportQueue(db: Db) {
  return {
    async listReports(p: Page & { state?: number }): Promise<{ rows: AdminReport[]; total: number }> {
      let q = db
        .selectFrom('reports as r')
        .innerJoin('members as rm', 'rm.member_idx', 'r.reporter_idx')
        .innerJoin('report_categories as k', 'k.report_category_idx', 'r.report_category_idx')
        .leftJoin('items as i', (j) => j.onRef('i.item_idx', '=', 'r.target_idx').on('r.type', '=', 3))
        .leftJoin('collections as c', (j) => j.onRef('c.collection_idx', '=', 'r.target_idx').on('r.type', '=', 1))
        .leftJoin('members as tm', (j) => j.onRef('tm.member_idx', '=', 'r.target_idx').on('r.type', '=', 2));
      if (p.state !== undefined) q = q.where('r.state', '=', p.state);
      q = whereContains(q, p.searchText, ['r.message', 'rm.user_name', 'i.name', 'c.name', 'tm.user_name']);
      return paginate(
        q,
        p,
        (q) =>
          q
            .select([
              'r.report_idx as reportIdx',
              'r.type',
              'r.target_idx as targetIdx',
              sql<string | null>`coalesce(i.name, c.name, tm.user_name)`.as('targetName'),
              sql<boolean>`coalesce(i.hide_state = ${HideState.Hidden}, c.hide_state = ${HideState.Hidden}, tm.state = 'blocked', false)`.as(
                'targetHidden',
              ),
              'k.name_ko as categoryName',
              'k.name_en as categoryNameEn',
              'rm.user_name as reporterId',
              'r.message',
              'r.state',
              'r.handled_by as handledBy',
              'r.handled_at as handledAt',
              'r.created_at as createdAt',
            ])
            .orderBy('r.report_idx', 'desc'),
        ({ handledAt, createdAt, ...r }) => ({
          ...r,
          handledDate: handledAt ? handledAt.toISOString() : null,
          createDate: createdAt.toISOString(),
        }),
      );
    },

    /**
     * Acts on an open report: `hide` hides the item (type 3) or collection (type 1), `block` blocks the member
     * (type 2); all open reports on that target are then actioned. `dismiss` closes just this one. The report row
     * is locked first, so two operators acting at once act once.
     */
    async handleReport(
      op: Operator,
      reportIdx: number,
      action: 'hide' | 'block' | 'dismiss',
      now: Date,
    ): Promise<HandleResult> {
      return db.transaction().execute(async (trx) => {
        const report = await trx
          .selectFrom('reports')
          .selectAll()
          .where('report_idx', '=', reportIdx)
          .forUpdate()
          .executeTakeFirst();
        if (!report) return 'noReport';
        if (report.state !== ReportState.Open) return 'handled';
        const handled = { handled_by: op.address, handled_at: now };
        if (action === 'dismiss') {
          await trx
            .updateTable('reports')
            .set({ ...handled, state: 2 })
            .where('report_idx', '=', reportIdx)
            .execute();
          await audit(
            trx,
            op,
            {
              action: 'report.dismiss',
              targetType: 'report',
              targetIdx: reportIdx,
              before: { state: 0 },
              after: { state: 2 },
            },
            now,
          );
          return 'done';
        }
        if (action === 'block') {
          if (report.type !== 2) return 'wrongAction';
          if (report.target_idx === op.memberIdx) return 'self';
          const blocked = await setMemberBlockedIn(trx, op, report.target_idx, true, now);
          if (blocked === null || blocked === 'deleted') return 'noTarget';
        } else if (report.type === 3) {
          if (!(await hideItemByOperator(trx, op, report.target_idx, now))) return 'noTarget';
        } else if (report.type === 1) {
          if (!(await hideCollectionByOperator(trx, op, report.target_idx, now))) return 'noTarget';
        } else {
          return 'wrongAction';
        }
        const closed = await trx
          .updateTable('reports')
          .set({ ...handled, state: 1 })
          .where('type', '=', report.type)
          .where('target_idx', '=', report.target_idx)
          .where('state', '=', ReportState.Open)
          .returning('report_idx')
          .execute();
        await audit(
          trx,
          op,
          {
            action: `report.${action}`,
            targetType: 'report',
            targetIdx: reportIdx,
            before: { state: 0 },
            after: { state: 1, reports: closed.map((r) => r.report_idx) },
          },
          now,
        );
        return 'done';
      });
    },
  };
}

export const reportQueue = repositoryOf(createReportQueue);
