/**
 * Collections: create, update, soft delete, look-ups and lists. Counts (items, owners) are computed from the
 * items and inventory tables, so they cannot drift. Writes that consume uploads do it in the same transaction.
 */
import { HideState } from '@att/shared';
import { containsPattern } from '../../platform/db/sql-patterns';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../schema';
import { NameTakenError, NotFoundError, isUniqueViolation } from '../../platform/db/domain-errors';
import { consumeUpload } from '../catalog';
import { repositoryOf } from '../../platform/db/repository';
import { offsetOf } from '../../platform/db/paginate';

export interface CollectionRow {
  collectionIdx: number;
  collectionName: string;
  description: string;
  memberIdx: number;
  memberId: string;
  memberFileName: string | null;
  royaltyBps: number;
  logo: string;
  banner: string | null;
  featured: string | null;
  itemCount: number;
  ownerCount: number;
  volumeTrade: string;
  tradeCount: number;
  createdAt: Date;
}

export interface CollectionInput {
  name: string;
  description: string;
  royaltyBps: number;
}

export interface CollectionFiles {
  logo?: string | null;
  banner?: string | null;
  featured?: string | null;
}

const NAME_INDEX = 'collections_live_name_key';

export function createCollectionsRepository(db: Db) {
  const rows = () =>
    db
      .selectFrom('collections as c')
      .innerJoin('members as m', 'm.member_idx', 'c.member_idx')
      .where('c.deleted_at', 'is', null)
      .select([
        'c.collection_idx as collectionIdx',
        'c.name as collectionName',
        'c.description',
        'c.member_idx as memberIdx',
        'm.user_name as memberId',
        'm.profile_file as memberFileName',
        'c.royalty_bps as royaltyBps',
        'c.logo_file as logo',
        'c.banner_file as banner',
        'c.featured_file as featured',
        sql<string>`c.volume_trade::text`.as('volumeTrade'),
        'c.trade_count as tradeCount',
        'c.created_at as createdAt',
        sql<number>`(SELECT count(*) FROM items i WHERE i.collection_idx = c.collection_idx AND i.deleted_at IS NULL)::int`.as(
          'itemCount',
        ),
        sql<number>`(SELECT count(DISTINCT v.holder_address) FROM inventory v JOIN items i ON i.item_idx = v.item_idx
          WHERE i.collection_idx = c.collection_idx AND i.deleted_at IS NULL AND v.amount > 0)::int`.as('ownerCount'),
      ]);

  return {
    async create(memberIdx: number, input: CollectionInput, files: CollectionFiles & { logo: string }, now: Date) {
      try {
        return await db.transaction().execute(async (trx) => {
          for (const kind of ['logo', 'banner', 'featured'] as const) {
            const name = files[kind];
            if (name) await consumeUpload(trx, memberIdx, kind, name, now);
          }
          const row = await trx
            .insertInto('collections')
            .values({
              member_idx: memberIdx,
              name: input.name,
              description: input.description,
              royalty_bps: input.royaltyBps,
              logo_file: files.logo,
              banner_file: files.banner ?? null,
              featured_file: files.featured ?? null,
              created_at: now,
              updated_at: now,
            })
            .returning('collection_idx as collectionIdx')
            .executeTakeFirstOrThrow();
          return row.collectionIdx;
        });
      } catch (err) {
        if (isUniqueViolation(err, NAME_INDEX)) throw new NameTakenError();
        throw err;
      }
    },

    /** Updates fields and the files given; returns the replaced file names (to remove from storage). */
    async update(
      collectionIdx: number,
      memberIdx: number,
      input: CollectionInput,
      files: CollectionFiles,
      now: Date,
    ): Promise<string[]> {
      try {
        return await db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom('collections')
            .select(['logo_file', 'banner_file', 'featured_file'])
            .where('collection_idx', '=', collectionIdx)
            .where('member_idx', '=', memberIdx)
            .where('deleted_at', 'is', null)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw new NotFoundError('collection');
          const replaced: string[] = [];
          const set: Record<string, string> = {};
          for (const kind of ['logo', 'banner', 'featured'] as const) {
            const name = files[kind];
            if (!name) continue;
            await consumeUpload(trx, memberIdx, kind, name, now);
            const column = `${kind}_file` as const;
            const old = current[column];
            if (old && old !== name) replaced.push(`collection/${kind}/${old}`);
            set[column] = name;
          }
          await trx
            .updateTable('collections')
            .set({
              name: input.name,
              description: input.description,
              royalty_bps: input.royaltyBps,
              updated_at: now,
              ...set,
            })
            .where('collection_idx', '=', collectionIdx)
            .execute();
          return replaced;
        });
      } catch (err) {
        if (isUniqueViolation(err, NAME_INDEX)) throw new NameTakenError();
        throw err;
      }
    },

    /**
     * Soft-deletes under a row lock after re-checking, in the same transaction, that nothing blocks it:
     * `blocker` gets the live item count and trade count and may throw. Publishing locks the row FOR SHARE,
     * so an item cannot slip in between the check and the delete.
     */
    async softDelete(
      collectionIdx: number,
      now: Date,
      blocker: (state: { memberIdx: number; itemCount: number; tradeCount: number; volumeTrade: string }) => void,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('collections')
          .select([
            'member_idx as memberIdx',
            'trade_count as tradeCount',
            sql<string>`volume_trade::text`.as('volumeTrade'),
          ])
          .where('collection_idx', '=', collectionIdx)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new NotFoundError('collection');
        const { itemCount } = await trx
          .selectFrom('items')
          .select(sql<number>`count(*)::int`.as('itemCount'))
          .where('collection_idx', '=', collectionIdx)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow();
        const traded = await trx
          .selectFrom('items')
          .select(sql<number>`coalesce(sum(trade_count), 0)::int`.as('n'))
          .where('collection_idx', '=', collectionIdx)
          .executeTakeFirstOrThrow();
        blocker({ ...row, itemCount, tradeCount: row.tradeCount + traded.n });
        await trx
          .updateTable('collections')
          .set({ deleted_at: now, updated_at: now })
          .where('collection_idx', '=', collectionIdx)
          .execute();
      });
    },

    async findById(collectionIdx: number): Promise<CollectionRow | undefined> {
      return rows().where('c.collection_idx', '=', collectionIdx).executeTakeFirst();
    },

    async listMine(memberIdx: number, opts: { searchText: string; pageNo: number; pageSize: number }) {
      let q = rows().where('c.member_idx', '=', memberIdx);
      if (opts.searchText) q = q.where('c.name', 'ilike', containsPattern(opts.searchText));
      const [list, total] = await Promise.all([
        q.orderBy('c.collection_idx', 'desc').limit(opts.pageSize).offset(offsetOf(opts)).execute(),
        db
          .selectFrom('collections')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('member_idx', '=', memberIdx)
          .where('deleted_at', 'is', null)
          .$if(Boolean(opts.searchText), (qb) => qb.where('name', 'ilike', containsPattern(opts.searchText)))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: total.n };
    },

    /** Collection entries (idx, name, logo) by name; `owner` narrows to collections owned by or holding items of a member. */
    async entries(opts: { searchText: string; limit: number; member?: { memberIdx: number; address: string } }) {
      let q = db
        .selectFrom('collections as c')
        .select(['c.collection_idx as collectionIdx', 'c.name as collectionName', 'c.logo_file as logo'])
        .where('c.deleted_at', 'is', null)
        // A collection an operator hid (report queue) leaves the public lists.
        .where('c.hide_state', '=', HideState.Shown);
      if (opts.searchText) q = q.where('c.name', 'ilike', containsPattern(opts.searchText));
      const member = opts.member;
      if (member) {
        q = q.where((eb) =>
          eb.or([
            eb('c.member_idx', '=', member.memberIdx),
            eb.exists(
              eb
                .selectFrom('items as i')
                .innerJoin('inventory as v', 'v.item_idx', 'i.item_idx')
                .select(sql`1`.as('one'))
                .where('i.collection_idx', '=', eb.ref('c.collection_idx'))
                .where('i.deleted_at', 'is', null)
                .where('v.holder_address', '=', member.address)
                .where('v.amount', '>', 0) as unknown as Expression<SqlBool>,
            ),
          ]),
        );
      }
      return q.orderBy('c.collection_idx', 'desc').limit(opts.limit).execute();
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;

/** The collections repository of a database (built once per handle). */
export const collectionsRepo = repositoryOf(createCollectionsRepository);
