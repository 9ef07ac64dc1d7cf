/** Items by id for the watchlist: shown (not deleted, not hidden) ones, with their card image and cheapest price per coin. */
import { HideState } from '@att/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface WatchedItemRow {
  itemIdx: number;
  collectionIdx: number;
  name: string;
  /** The thumbnail, when the item has one. */
  fileName: string | null;
  /** The cheapest live listing per coin, wei (kept on the item by the order book). */
  floorAtt: string | null;
  floorKlay: string | null;
}

export async function watchedItems(
  db: Kysely<Database>,
  itemIdxs: readonly number[],
): Promise<Map<number, WatchedItemRow>> {
  if (itemIdxs.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select([
      'item_idx as itemIdx',
      'collection_idx as collectionIdx',
      'name',
      'thumbnail_file as fileName',
      'floor_att as floorAtt',
      'floor_klay as floorKlay',
    ])
    .where('item_idx', 'in', [...new Set(itemIdxs)])
    .where('deleted_at', 'is', null)
    .where('hide_state', '=', HideState.Shown)
    .execute();
  return new Map(rows.map((r) => [r.itemIdx, r]));
}
