/**
 * The offer lists (reads only): an item's valid offers, highest price first (`/nft/offer/product/list`), and a
 * member's offers made and received (`/nft/offer/member/participation/list`, `/nft/offer/member/list` and their
 * `/other` forms), newest first, one page with its total (`count(*) OVER()`). Received: offers by others on items
 * the member holds pieces of or sold into, never pending ones (nothing is escrowed yet). A row the member deleted
 * from their list is left out unless its escrow is live (a deletion never hides money).
 */
import {
  LIVE_OFFER_STATES,
  OfferAcceptState,
  OfferState,
  type OfferProductRow,
  type OfferRow,
  type TokenSymbol,
} from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../../../platform/db/sql-patterns';
import { piecesHeld } from '../../items';
import type { Database } from '../../schema';
import { offsetOf } from '../../../platform/db/paginate';
import { usdShown } from '../item-listings';

type Db = Kysely<Database>;

export async function productOffers(db: Db, productIdx: number, page: { pageNo: number; pageSize: number }, now: Date) {
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('members as m', 'm.address', 'o.buyer_address')
    .leftJoin('token_prices as tp', 'tp.symbol', 'o.symbol')
    .select([
      'o.offer_idx',
      'o.symbol',
      'o.unit_price',
      'o.remaining',
      'o.reserved',
      'o.expires_at',
      'o.state',
      'm.user_name',
      'm.address',
      'm.profile_file',
      'tp.usd_price',
    ])
    .select(sql<number>`count(*) OVER ()::int`.as('total'))
    .where('o.item_idx', '=', productIdx)
    .where('o.state', '=', OfferState.Valid)
    .where('o.remaining', '>', 0)
    .where('o.expires_at', '>', now)
    .orderBy(sql`o.unit_price * coalesce(tp.usd_price, 0)`, 'desc')
    .orderBy('o.unit_price', 'desc')
    .orderBy('o.offer_idx')
    .limit(page.pageSize)
    .offset(offsetOf(page))
    .execute();
  const list: OfferProductRow[] = rows.map((r) => ({
    makeOfferIdx: Number(r.offer_idx),
    osdId: String(r.offer_idx),
    offerSymbol: r.symbol,
    offerPricePerOne: r.unit_price,
    remainAmount: r.remaining,
    availableAmount: r.remaining - r.reserved,
    memberName: r.user_name,
    memberAddress: r.address,
    memberFileName: r.profile_file,
    expireDate: new Date(r.expires_at).toISOString(),
    state: r.state,
    currencyPrice: usdShown(r.unit_price, r.usd_price),
  }));
  return { list, total: rows[0]?.total ?? 0 };
}

export interface MemberListQuery {
  pageNo: number;
  pageSize: number;
  searchText: string;
  filterCollection: number[];
  filterCoin: TokenSymbol[];
}

/** A member's offers made (`made`) or received, one page. */
export async function memberOffers(
  db: Db,
  member: { memberIdx: number; address: string },
  made: boolean,
  q: MemberListQuery,
) {
  const addr = member.address.toLowerCase();
  let query = db
    .selectFrom('offers as o')
    .innerJoin('items as i', 'i.item_idx', 'o.item_idx')
    .innerJoin('members as other', (j) =>
      made ? j.onRef('other.member_idx', '=', 'i.creator_idx') : j.onRef('other.address', '=', 'o.buyer_address'),
    )
    .leftJoin('token_prices as tp', 'tp.symbol', 'o.symbol')
    .select([
      'o.offer_idx',
      'o.item_idx',
      'i.name',
      'i.resource_type',
      'i.file_name',
      'i.file_format',
      'i.thumbnail_file',
      'o.symbol',
      'o.unit_price',
      'o.remaining',
      'o.quantity',
      'o.expires_at',
      'o.state',
    ])
    .select(['other.user_name', 'other.profile_file', 'tp.usd_price'])
    .select(sql<number>`count(*) OVER ()::int`.as('total'))
    .where((eb) =>
      eb.or([
        eb('o.state', 'in', [...LIVE_OFFER_STATES]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('offer_list_deletions as d')
              .select('d.offer_idx')
              .whereRef('d.offer_idx', '=', 'o.offer_idx')
              .where('d.member_idx', '=', member.memberIdx),
          ),
        ),
      ]),
    );
  if (made) query = query.where('o.buyer_address', '=', addr);
  else {
    query = query
      .where('o.buyer_address', '!=', addr)
      .where('o.state', '!=', OfferState.Pending)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('inventory as v')
              .select('v.item_idx')
              .whereRef('v.item_idx', '=', 'o.item_idx')
              .where('v.holder_address', '=', addr)
              .where('v.amount', '>', 0),
          ),
          eb.exists(
            eb
              .selectFrom('offer_accepts as a')
              .select('a.accept_id')
              .whereRef('a.offer_idx', '=', 'o.offer_idx')
              .where('a.seller_address', '=', addr)
              .where('a.state', '=', OfferAcceptState.Used),
          ),
        ]),
      );
  }
  if (q.searchText.trim() !== '') query = query.where('i.name', 'ilike', containsPattern(q.searchText.trim()));
  if (q.filterCollection.length > 0) query = query.where('i.collection_idx', 'in', q.filterCollection);
  if (q.filterCoin.length > 0) query = query.where('o.symbol', 'in', q.filterCoin);
  const rows = await query.orderBy('o.offer_idx', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const list: OfferRow[] = rows.map((r) => ({
    makeOfferIdx: Number(r.offer_idx),
    productIdx: r.item_idx,
    productName: r.name,
    productResourceType: r.resource_type,
    productFileName: r.file_name,
    productFileFormat: r.file_format,
    productThumbnailFileName: r.thumbnail_file,
    offerSymbol: r.symbol,
    offerPricePerOne: r.unit_price,
    remainAmount: r.remaining,
    offerAmount: r.quantity,
    tradeDate: new Date(r.expires_at).toISOString(),
    state: r.state,
    memberName: r.user_name,
    memberFileName: r.profile_file,
    currencyPrice: usdShown(r.unit_price, r.usd_price),
  }));
  return { list, total: rows[0]?.total ?? 0 };
}

/** Whether the member may remove the offer from a list of theirs: its offerer, or a member it was made to. */
export async function isPartyTo(
  db: Db,
  offer: { offer_idx: string; item_idx: number; buyer_address: string },
  address: string,
): Promise<boolean> {
  const addr = address.toLowerCase();
  if (offer.buyer_address === addr) return true;
  if ((await piecesHeld(db, offer.item_idx, addr)) > 0) return true;
  const sold = await db
    .selectFrom('offer_accepts')
    .select('accept_id')
    .where('offer_idx', '=', offer.offer_idx)
    .where('seller_address', '=', addr)
    .executeTakeFirst();
  return sold !== undefined;
}
