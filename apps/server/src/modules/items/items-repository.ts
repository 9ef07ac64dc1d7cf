/**
 * Items (lazily minted ERC-1155 tokens) and their holders. Publishing assigns the token id, records the
 * edition and royalty and gives the creator the whole unminted edition, in one transaction that also consumes
 * the uploads and holds the collection row (FOR SHARE) so a parallel collection delete cannot miss it.
 * Edits and deletes lock the item row and let the service's rule check the state inside the transaction.
 */
import { ResourceType, resourceTypeOf, type FileFormat } from '@att/shared';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, Db } from '../schema';
import { NotFoundError, ThumbnailRequiredError } from '../../platform/db/domain-errors';
import { consumeUpload } from '../catalog';
import { repositoryOf } from '../../platform/db/repository';
import { cardQuery, escrowedFor } from './card-query';
import { readState, type ItemState } from './item-state';
import { moveTraits, writeTraits } from './item-traits-repository';
import type { TraitInput } from '@att/shared';

const isImageFormat = (format: string) => resourceTypeOf(format as FileFormat) === ResourceType.Image;

/** The creator's address in the high 160 bits, the item index in the low 96: no other creator can hold the id. */
export function tokenIdOf(creatorAddress: string, itemIdx: number): string {
  return ((BigInt(creatorAddress) << 96n) | BigInt(itemIdx)).toString();
}

export interface ItemInput {
  name: string;
  description: string;
  categoryIdx: number;
  unlockedContent: string | null;
}

export interface PublishInput extends ItemInput {
  collectionIdx: number;
  creatorIdx: number;
  creatorAddress: string;
  fileName: string;
  thumbnailFileName: string | null;
  totalSupply: number;
  traits?: readonly TraitInput[];
}

/** What the edit and delete rules look at, read under the item's row lock. */

export function createItemsRepository(db: Db) {
  const cards = (viewer: string | undefined) => cardQuery(db, viewer);

  return {
    async publish(input: PublishInput, now: Date): Promise<{ itemIdx: number; tokenId: string }> {
      return db.transaction().execute(async (trx) => {
        const collection = await trx
          .selectFrom('collections')
          .select(['collection_idx', 'royalty_bps'])
          .where('collection_idx', '=', input.collectionIdx)
          .where('member_idx', '=', input.creatorIdx)
          .where('deleted_at', 'is', null)
          .forShare()
          .executeTakeFirst();
        if (!collection) throw new NotFoundError('collection');
        const resource = await consumeUpload(trx, input.creatorIdx, 'resource', input.fileName, now);
        const resourceType = isImageFormat(resource.fileFormat) ? 1 : 2;
        if (resourceType === ResourceType.Media && !input.thumbnailFileName) throw new ThumbnailRequiredError();
        if (input.thumbnailFileName) {
          await consumeUpload(trx, input.creatorIdx, 'thumbnail', input.thumbnailFileName, now);
        }
        const { idx } = await sql<{
          idx: number;
        }>`SELECT nextval(pg_get_serial_sequence('items', 'item_idx'))::int AS idx`
          .execute(trx)
          .then((r) => r.rows[0]!);
        const tokenId = tokenIdOf(input.creatorAddress, idx);
        await trx
          .insertInto('items')
          .values({
            item_idx: idx,
            token_id: tokenId,
            collection_idx: input.collectionIdx,
            creator_idx: input.creatorIdx,
            name: input.name,
            description: input.description,
            category_idx: input.categoryIdx,
            resource_type: resourceType,
            file_format: resource.fileFormat,
            file_name: input.fileName,
            thumbnail_file: input.thumbnailFileName,
            total_supply: input.totalSupply,
            royalty_bps: collection.royalty_bps,
            unlocked_content: input.unlockedContent,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('inventory')
          .values({ item_idx: idx, holder_address: input.creatorAddress, amount: input.totalSupply, updated_at: now })
          .execute();
        if (input.traits) await writeTraits(trx, idx, input.collectionIdx, input.traits);
        return { itemIdx: idx, tokenId };
      });
    },

    /**
     * Locks the live item, reads its state, lets `rule` throw, then applies `change` (an update or a delete)
     * in the same transaction. Returns what `change` returns.
     */
    async withLockedItem<T>(
      itemIdx: number,
      rule: (state: ItemState) => void,
      change: (state: ItemState, trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const state = await readState(trx, itemIdx, true);
        if (!state) throw new NotFoundError('item');
        rule(state);
        return change(state, trx);
      });
    },

    /** The rule state without a lock (for showing what the caller may do). */
    async state(itemIdx: number): Promise<ItemState> {
      const s = await readState(db, itemIdx, false);
      if (!s) throw new NotFoundError('item');
      return s;
    },

    /** Applies an edit inside withLockedItem; consumes new files; returns replaced storage keys. */
    async applyUpdate(
      trx: Kysely<Database>,
      state: ItemState,
      input: ItemInput & {
        collectionIdx: number;
        fileName?: string | null;
        thumbnailFileName?: string | null;
        hideState?: 0 | 1;
        /** Replaces the traits; undefined keeps them. */
        traits?: readonly TraitInput[];
      },
      now: Date,
    ): Promise<string[]> {
      const current = await trx
        .selectFrom('items')
        .select(['file_name', 'thumbnail_file', 'file_format'])
        .where('item_idx', '=', state.itemIdx)
        .executeTakeFirstOrThrow();
      const set: Record<string, unknown> = {};
      const replaced: string[] = [];
      let format = current.file_format;
      if (input.fileName && input.fileName !== current.file_name) {
        format = (await consumeUpload(trx, state.creatorIdx, 'resource', input.fileName, now)).fileFormat;
        set.file_name = input.fileName;
        set.file_format = format;
        set.resource_type = isImageFormat(format) ? 1 : 2;
        replaced.push(`item/resource/${current.file_name}`);
      }
      const thumbnailAfter = input.thumbnailFileName ?? current.thumbnail_file;
      if (!isImageFormat(format) && !thumbnailAfter) throw new ThumbnailRequiredError();
      if (input.thumbnailFileName && input.thumbnailFileName !== current.thumbnail_file) {
        await consumeUpload(trx, state.creatorIdx, 'thumbnail', input.thumbnailFileName, now);
        set.thumbnail_file = input.thumbnailFileName;
        if (current.thumbnail_file) replaced.push(`item/thumbnail/${current.thumbnail_file}`);
      }
      if (input.collectionIdx !== state.collectionIdx) {
        const target = await trx
          .selectFrom('collections')
          .select('collection_idx')
          .where('collection_idx', '=', input.collectionIdx)
          .where('member_idx', '=', state.creatorIdx)
          .where('deleted_at', 'is', null)
          .forShare()
          .executeTakeFirst();
        if (!target) throw new NotFoundError('collection');
        set.collection_idx = input.collectionIdx;
      }
      await trx
        .updateTable('items')
        .set({
          name: input.name,
          description: input.description,
          category_idx: input.categoryIdx,
          unlocked_content: input.unlockedContent,
          ...(input.hideState === undefined ? {} : { hide_state: input.hideState }),
          updated_at: now,
          ...set,
        })
        .where('item_idx', '=', state.itemIdx)
        .execute();
      if (input.traits) await writeTraits(trx, state.itemIdx, input.collectionIdx, input.traits);
      else if (input.collectionIdx !== state.collectionIdx) await moveTraits(trx, state.itemIdx, input.collectionIdx);
      return replaced;
    },

    async applyDelete(trx: Kysely<Database>, state: ItemState, now: Date): Promise<void> {
      await trx
        .updateTable('items')
        .set({ deleted_at: now, updated_at: now })
        .where('item_idx', '=', state.itemIdx)
        .execute();
    },

    /** The item as a card or detail, seen by `viewer` (an address); deleted items only when asked. */
    async find(itemIdx: number, viewer?: string, opts: { withDeleted?: boolean } = {}) {
      let q = cards(viewer).where('i.item_idx', '=', itemIdx);
      if (!opts.withDeleted) q = q.where('i.deleted_at', 'is', null).where('c.deleted_at', 'is', null);
      return q.executeTakeFirst();
    },

    async findByTokenId(tokenId: string) {
      return cards(undefined)
        .innerJoin('categories as cat', 'cat.category_idx', 'i.category_idx')
        .select(['cat.name_en as categoryName'])
        .where('i.token_id', '=', tokenId)
        .executeTakeFirst();
    },

    /**
     * Records one view of the item by `viewerKey` on `day` (UTC) and raises the item's view_count only when that
     * row is new: one statement, so a reload or parallel tabs never count twice. Returns the new count, or
     * undefined when this viewer was already counted that day.
     */
    async countView(itemIdx: number, viewerKey: string, day: string): Promise<number | undefined> {
      const { rows } = await sql<{ viewCount: number }>`
        WITH ins AS (
          INSERT INTO item_views (item_idx, viewer_key, view_date) VALUES (${itemIdx}, ${viewerKey}, ${day}::date)
          ON CONFLICT DO NOTHING
          RETURNING item_idx
        )
        UPDATE items SET view_count = view_count + 1
        WHERE item_idx = (SELECT item_idx FROM ins) AND view_count < 2147483647
        RETURNING view_count AS "viewCount"`.execute(db);
      return rows[0]?.viewCount;
    },

    /** 1 when the member likes the item. */
    async likedBy(itemIdx: number, memberIdx: number): Promise<0 | 1> {
      const row = await db
        .selectFrom('item_likes')
        .select('item_idx')
        .where('item_idx', '=', itemIdx)
        .where('member_idx', '=', memberIdx)
        .executeTakeFirst();
      return row ? 1 : 0;
    },

    /** Hides or shows: the item everywhere (creator) or in a holder's own lists. Returns false when neither. */
    async setHidden(itemIdx: number, caller: { memberIdx: number; address: string }, hidden: 0 | 1, now: Date) {
      const asCreator = await db
        .updateTable('items')
        .set({ hide_state: hidden, updated_at: now })
        .where('item_idx', '=', itemIdx)
        .where('creator_idx', '=', caller.memberIdx)
        .where('deleted_at', 'is', null)
        // An item an operator hid (report queue) stays hidden.
        .$if(hidden === 0, (q) => q.where('operator_hidden', '=', 0))
        .executeTakeFirst();
      if (Number(asCreator.numUpdatedRows) > 0) return 'creator' as const;
      if (hidden === 0) {
        const locked = await db
          .selectFrom('items')
          .select('item_idx')
          .where('item_idx', '=', itemIdx)
          .where('creator_idx', '=', caller.memberIdx)
          .where('operator_hidden', '=', 1)
          .executeTakeFirst();
        if (locked) return 'operatorHidden' as const;
      }
      const asHolder = await db
        .updateTable('inventory')
        .set({ hide_state: hidden, updated_at: now })
        .where('item_idx', '=', itemIdx)
        .where('holder_address', '=', caller.address)
        // A holder's piece in the Market's escrow on their live auction is still theirs to hide from their list.
        .where((eb) =>
          eb.or([
            eb('amount', '>', 0),
            sql<SqlBool>`EXISTS (SELECT 1 FROM items ei WHERE ei.item_idx = ${itemIdx} AND ei.escrow_kind = 'auction' AND ei.escrow_owner = ${caller.address})`,
          ]),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('items')
              .select(sql`1`.as('one'))
              .where('items.item_idx', '=', itemIdx)
              .where('items.deleted_at', 'is', null) as unknown as Expression<SqlBool>,
          ),
        )
        .executeTakeFirst();
      return Number(asHolder.numUpdatedRows) > 0 ? ('holder' as const) : null;
    },

    async unlockedContent(itemIdx: number, address: string) {
      return db
        .selectFrom('items as i')
        .leftJoin('inventory as v', (join) =>
          join.onRef('v.item_idx', '=', 'i.item_idx').on('v.holder_address', '=', address),
        )
        .select([
          'i.unlocked_content as unlockedContent',
          sql<number>`coalesce(v.amount, 0) + ${escrowedFor(address)}`.as('amount'),
        ])
        .where('i.item_idx', '=', itemIdx)
        .where('i.deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
export type ItemCardRow = NonNullable<Awaited<ReturnType<ItemsRepository['find']>>>;

/** The items repository of a database (built once per handle). */
export const itemsRepo = repositoryOf(createItemsRepository);
