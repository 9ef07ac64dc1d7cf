/**
 * Item traits (table item_traits): written with their item in its publish or edit transaction, read for the item
 * page (each trait with how many of the collection's shown items share its value), the metadata's `attributes`,
 * the collection's trait types with their counts, and the collection item list's filter. Counts come from the
 * rollup item_trait_counts (shown items only; its triggers are in the traits' migration); the filter reads the index
 * (collection_idx, trait_type, value, item_idx).
 */
import { HideState, traitValueText, type TraitFilter, type TraitInput } from '@att/shared';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import type { Database } from '../schema';

export interface TraitRow {
  traitType: string;
  value: string;
  isNumber: boolean;
  maxValue: string | null;
}

/** The wire form of a stored trait: a number back as a number. */
export const traitValue = (r: Pick<TraitRow, 'value' | 'isNumber'>): string | number =>
  r.isNumber ? Number(r.value) : r.value;

/** Replaces the item's traits (inside the item's transaction). */
export async function writeTraits(
  trx: Kysely<Database>,
  itemIdx: number,
  collectionIdx: number,
  traits: readonly TraitInput[],
): Promise<void> {
  await trx.deleteFrom('item_traits').where('item_idx', '=', itemIdx).execute();
  if (traits.length === 0) return;
  await trx
    .insertInto('item_traits')
    .values(
      traits.map((t, position) => ({
        item_idx: itemIdx,
        position,
        collection_idx: collectionIdx,
        trait_type: t.traitType.trim(),
        value: traitValueText(t.value),
        is_number: typeof t.value === 'number',
        max_value: t.maxValue === undefined ? null : String(t.maxValue),
      })),
    )
    .execute();
}

/** Moves the item's traits with the item to another collection (inside the item's transaction). */
export async function moveTraits(trx: Kysely<Database>, itemIdx: number, collectionIdx: number): Promise<void> {
  await trx.updateTable('item_traits').set({ collection_idx: collectionIdx }).where('item_idx', '=', itemIdx).execute();
}

export function createItemTraitsRepository(db: Kysely<Database>) {
  return {
    /** The item's traits in order, each with how many shown items of its collection carry the same value. */
    async traitsOf(itemIdx: number): Promise<(TraitRow & { itemCount: number })[]> {
      return db
        .selectFrom('item_traits as s')
        .leftJoin('item_trait_counts as n', (j) =>
          j
            .onRef('n.collection_idx', '=', 's.collection_idx')
            .onRef('n.trait_type', '=', 's.trait_type')
            .onRef('n.value', '=', 's.value'),
        )
        .select([
          's.trait_type as traitType',
          's.value',
          's.is_number as isNumber',
          sql<string | null>`s.max_value::text`.as('maxValue'),
          sql<number>`coalesce(n.item_count, 0)`.as('itemCount'),
        ])
        .where('s.item_idx', '=', itemIdx)
        .orderBy('s.position')
        .execute();
    },

    /** Every trait type of the collection's shown items with its values and their counts (the rollup, sorted). */
    async collectionTraits(collectionIdx: number) {
      return db
        .selectFrom('item_trait_counts')
        .select(['trait_type as traitType', 'value', 'item_count as count'])
        .where('collection_idx', '=', collectionIdx)
        .where('item_count', '>', 0)
        .orderBy('trait_type')
        .orderBy('value')
        .execute();
    },

    /** The collection's shown items (the base of a trait's share). */
    async shownItemCount(collectionIdx: number): Promise<number> {
      const row = await db
        .selectFrom('items')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('collection_idx', '=', collectionIdx)
        .where('deleted_at', 'is', null)
        .where('hide_state', '=', HideState.Shown)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

/**
 * The trait filter as a condition on `items as i` of one collection: for every type, the item carries one of the
 * values (each type one index range scan of item_traits). Types and values come trimmed.
 */
export function traitMatch(collectionIdx: number, filter: TraitFilter): RawBuilder<SqlBool> {
  const parts = filter.map(
    (f) => sql<SqlBool>`i.item_idx IN (SELECT t.item_idx FROM item_traits t WHERE t.collection_idx = ${collectionIdx}
      AND t.trait_type = ${f.traitType} AND t.value IN (${sql.join(f.values)}))`,
  );
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** The item traits repository of a database (built once per handle). */
export const itemTraitsRepo = repositoryOf(createItemTraitsRepository);
