/** The item card: the one card shape of every grid, the detail page and the item query, as a viewer sees it. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** The columns of an item card (the one card shape of every grid, the detail page and the item query). */
export const CARD_COLUMNS = [
  'i.item_idx as productId',
  sql<string>`i.token_id::text`.as('tokenId'),
  'i.collection_idx as collectionIdx',
  'c.name as collectionName',
  'c.logo_file as collectionLogo',
  'i.name',
  'i.description',
  'i.resource_type as resourceType',
  'i.file_format as fileFormat',
  'i.file_name as fileName',
  'i.thumbnail_file as thumbnailFileName',
  'i.category_idx as category',
  'i.total_supply as totalItemCount',
  'i.like_count as countHeart',
  'i.view_count as countView',
  'i.hide_state as hideState',
  'i.flag_mint as flagMint',
  'i.creator_idx as creatorIdx',
  'm.user_name as creatorId',
  'm.address as creatorAddress',
  'm.profile_file as creatorFileName',
  'i.royalty_bps as royaltyBps',
  sql<string | null>`i.last_price::text`.as('lastPrice'),
  'i.last_symbol as lastSymbol',
  'i.trade_count as tradeCount',
  'i.sale_type as saleType',
  sql<string | null>`i.price_amount::text`.as('priceAmount'),
  'i.price_symbol as priceSymbol',
  'i.sale_expires_at as saleExpiresAt',
  'i.bid_count as bidCount',
  sql<string | null>`i.bid_max_price::text`.as('bidMaxPrice'),
  'i.offer_count as offerCount',
  'i.unlocked_content as unlockedContent',
  'i.created_at as createdAt',
  'i.deleted_at as deletedAt',
  sql<number>`(SELECT count(*) FROM inventory v WHERE v.item_idx = i.item_idx AND v.amount > 0)::int`.as('ownerCount'),
  sql<number>`(SELECT coalesce(sum(v.on_sale), 0) FROM inventory v WHERE v.item_idx = i.item_idx)::int`.as(
    'onSaleCount',
  ),
  sql<number>`(SELECT coalesce(sum(v.reserved), 0) FROM inventory v WHERE v.item_idx = i.item_idx)::int`.as(
    'reservedCount',
  ),
] as const;

/**
 * The pieces of item `i` that `holder` has in the Market's escrow on their live auction (0 or 1: auctions are of
 * single items): still theirs, and on sale. The inventory names the Market as their holder while the auction runs;
 * the order book sets whose the escrowed piece is (`escrow_owner`, `escrow_kind`) with the item's trade summary.
 */
export const escrowedFor = (holder: string | undefined) =>
  sql<number>`coalesce(i.escrow_kind = 'auction' AND i.escrow_owner = ${holder ?? ''}, false)::int`;

/** Item cards as `viewer` (an address) sees them: their pieces (their auctioned one too), on sale, reserved and hidden counts. */
export function cardQuery(db: Kysely<Database>, viewer: string | undefined) {
  return db
    .selectFrom('items as i')
    .innerJoin('collections as c', 'c.collection_idx', 'i.collection_idx')
    .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
    .leftJoin('inventory as mine', (join) =>
      join.onRef('mine.item_idx', '=', 'i.item_idx').on('mine.holder_address', '=', viewer ?? ''),
    )
    .select([
      ...CARD_COLUMNS,
      sql<number>`coalesce(mine.amount, 0) + ${escrowedFor(viewer)}`.as('itemCountMine'),
      sql<number>`coalesce(mine.on_sale, 0) + ${escrowedFor(viewer)}`.as('itemCountOnSaleMine'),
      sql<number>`coalesce(mine.reserved, 0)`.as('itemCountReservedMine'),
      sql<number>`coalesce(mine.hide_state, 0)`.as('hideStateMine'),
    ]);
}
