/**
 * The home page's sections (`/nft/curation/all`): one SQL query per section, each backed by an index.
 *
 * - 0 featured and 2 categories read their hand-picked entries (`curation_entries_section`); a category section
 *   without entries shows every category in its order; 5 tips likewise.
 * - 1 trending collections and 3 trending items score the last TRENDING_DAYS days: each trade counts its USD value
 *   plus TRADE_WEIGHT, each daily unique view VIEW_WEIGHT and each new like LIKE_WEIGHT (trading's `tradesSince` on
 *   `trade_history_recent_trades`, `item_views_date`, `item_likes_recent`); the newest shown ones fill the rest,
 *   so a quiet marketplace still has a trending row.
 * - 4 new items walk `items_live_newest`; 6 the live auctions by closing time (`items_live_auction`).
 *
 * Only shown things appear: items not deleted nor hidden, in collections not deleted nor hidden by an operator.
 */
import {
  CURATION_SECTION_SIZE,
  type CurationCategory,
  type CurationCollection,
  type CurationItem,
  type CurationSection,
  type CurationTip,
  type FeaturedItem,
  HideState,
  SaleType,
  TRENDING_DAYS,
} from '@att/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../schema';
import { tradesSince } from '../trading';

export const TRADE_WEIGHT = 10;
export const VIEW_WEIGHT = 1;
export const LIKE_WEIGHT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const SHOWN_ITEM = sql`i.deleted_at IS NULL AND i.hide_state = ${HideState.Shown} AND c.deleted_at IS NULL AND c.hide_state = ${HideState.Shown}`;
const ITEM_COLUMNS = sql`i.item_idx AS "productIdx", i.collection_idx AS "collectionIdx", i.resource_type AS "resourceType",
  i.file_format AS "itemFileType", i.file_name AS "itemFileName", i.thumbnail_file AS "thumbnailFileName",
  i.like_count AS "likeCount", i.name, c.name AS "collectionName",
  CASE WHEN i.total_supply = 1 THEN 2 ELSE 1 END AS "itemType", i.total_supply AS "totalItemCount",
  NULL::text AS "offerMaxPrice", NULL::text AS "offerSymbol", i.last_price::text AS "lastPrice", i.last_symbol AS "lastSymbol",
  i.sale_type::int AS "saleType", i.bid_max_price::text AS "bidMaxPrice",
  CASE WHEN i.sale_type = ${SaleType.Auction} THEN i.price_symbol END AS "bidSymbol", i.sale_expires_at AS "expireDate",
  i.price_amount::text AS "minPriceToken", i.price_symbol AS "minSymbol"`;

interface SectionRow {
  curationIdx: number;
  curationType: number;
  name: string;
  nameEn: string;
}

type ItemRow = Omit<CurationItem, 'expireDate'> & { expireDate: Date | string | null };
const itemOut = (r: ItemRow): CurationItem => ({
  ...r,
  expireDate: r.expireDate === null ? null : new Date(r.expireDate).toISOString(),
});

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

export function createHomeSections(db: Db) {
  const size = CURATION_SECTION_SIZE;

  const featured = (curationIdx: number) =>
    rows<FeaturedItem>(
      db,
      sql`SELECT i.item_idx AS "productIdx", i.resource_type AS "resourceType", i.file_format AS "itemFileType",
            i.file_name AS "itemFileName", i.thumbnail_file AS "thumbnailFileName", i.name, c.name AS "collectionName",
            m.user_name AS "memberId", m.profile_file AS "memberFileName"
          FROM curation_entries e
          JOIN items i ON i.item_idx = e.item_idx
          JOIN collections c ON c.collection_idx = i.collection_idx
          JOIN members m ON m.member_idx = i.creator_idx
          WHERE e.curation_idx = ${curationIdx} AND ${SHOWN_ITEM}
          ORDER BY e.sort_order, e.entry_idx`,
    );

  const categories = (curationIdx: number) =>
    rows<CurationCategory>(
      db,
      sql`WITH picked AS (SELECT category_idx, sort_order, entry_idx FROM curation_entries
                          WHERE curation_idx = ${curationIdx} AND category_idx IS NOT NULL)
          SELECT k.category_idx AS "categoryIdx", k.code AS "categoryName", k.name_ko AS name, k.name_en AS "nameEn",
            k.file_name AS "imageFileName"
          FROM categories k LEFT JOIN picked p ON p.category_idx = k.category_idx
          WHERE p.category_idx IS NOT NULL OR NOT EXISTS (SELECT 1 FROM picked)
          ORDER BY p.sort_order, p.entry_idx, k.sort_order, k.category_idx`,
    );

  const tips = (curationIdx: number) =>
    rows<CurationTip>(
      db,
      sql`SELECT entry_idx AS "tipIdx", connect_url AS "connectUrl", file_name AS "fileName", title, detail,
            title_en AS "titleEn", detail_en AS "detailEn"
          FROM curation_entries WHERE curation_idx = ${curationIdx} AND connect_url IS NOT NULL
          ORDER BY sort_order, entry_idx`,
    );

  const trendingItems = async (now: Date) => {
    const since = new Date(now.getTime() - TRENDING_DAYS * DAY_MS);
    const sinceDay = since.toISOString().slice(0, 10);
    const list = await rows<ItemRow>(
      db,
      sql`WITH activity AS (
            SELECT item_idx, coalesce(usd_value, 0) + ${TRADE_WEIGHT} AS score FROM ${tradesSince(since)} t
            UNION ALL SELECT item_idx, ${VIEW_WEIGHT} FROM item_views WHERE view_date >= ${sinceDay}::date
            UNION ALL SELECT item_idx, ${LIKE_WEIGHT} FROM item_likes WHERE created_at >= ${since}
          ), scored AS (SELECT item_idx, sum(score) AS score FROM activity GROUP BY item_idx),
          candidates AS (
            SELECT item_idx, score FROM scored
            UNION ALL (SELECT i.item_idx, 0 FROM items i JOIN collections c ON c.collection_idx = i.collection_idx
                       WHERE ${SHOWN_ITEM} ORDER BY i.item_idx DESC LIMIT ${size})
          ), best AS (SELECT item_idx, max(score) AS score FROM candidates GROUP BY item_idx)
          SELECT ${ITEM_COLUMNS} FROM best b
          JOIN items i ON i.item_idx = b.item_idx
          JOIN collections c ON c.collection_idx = i.collection_idx
          WHERE ${SHOWN_ITEM}
          ORDER BY b.score DESC, i.item_idx DESC LIMIT ${size}`,
    );
    return list.map(itemOut);
  };

  const trendingCollections = async (now: Date) => {
    const since = new Date(now.getTime() - TRENDING_DAYS * DAY_MS);
    const sinceDay = since.toISOString().slice(0, 10);
    return rows<CurationCollection>(
      db,
      sql`WITH activity AS (
            SELECT collection_idx, coalesce(usd_value, 0) + ${TRADE_WEIGHT} AS score FROM ${tradesSince(since)} t
            UNION ALL SELECT i.collection_idx, ${VIEW_WEIGHT} FROM item_views v JOIN items i ON i.item_idx = v.item_idx
              WHERE v.view_date >= ${sinceDay}::date AND i.deleted_at IS NULL AND i.hide_state = ${HideState.Shown}
            UNION ALL SELECT i.collection_idx, ${LIKE_WEIGHT} FROM item_likes l JOIN items i ON i.item_idx = l.item_idx
              WHERE l.created_at >= ${since} AND i.deleted_at IS NULL AND i.hide_state = ${HideState.Shown}
          ), candidates AS (
            SELECT collection_idx, score FROM activity
            UNION ALL (SELECT collection_idx, 0 FROM collections c WHERE c.deleted_at IS NULL AND c.hide_state = ${HideState.Shown}
                       ORDER BY collection_idx DESC LIMIT ${size})
          ), best AS (SELECT collection_idx, sum(score) AS score FROM candidates GROUP BY collection_idx)
          SELECT c.collection_idx AS "collectionIdx", c.featured_file AS "featuredFileName", c.logo_file AS "logoFileName",
            c.name AS "collectionName", m.user_name AS "creatorId", c.description AS "collectionDescription",
            coalesce(s.item_count, 0) AS "itemCount"
          FROM best b
          JOIN collections c ON c.collection_idx = b.collection_idx
          JOIN members m ON m.member_idx = c.member_idx
          LEFT JOIN collection_rank_stats s ON s.collection_idx = c.collection_idx
          WHERE c.deleted_at IS NULL AND c.hide_state = ${HideState.Shown}
          ORDER BY b.score DESC, c.collection_idx DESC LIMIT ${size}`,
    );
  };

  const newItems = async () =>
    (
      await rows<ItemRow>(
        db,
        sql`SELECT ${ITEM_COLUMNS} FROM items i JOIN collections c ON c.collection_idx = i.collection_idx
            WHERE ${SHOWN_ITEM} ORDER BY i.item_idx DESC LIMIT ${size}`,
      )
    ).map(itemOut);

  const auctions = async (now: Date) =>
    (
      await rows<ItemRow>(
        db,
        sql`SELECT ${ITEM_COLUMNS} FROM items i JOIN collections c ON c.collection_idx = i.collection_idx
            WHERE i.sale_type = ${SaleType.Auction} AND i.sale_expires_at > ${now} AND ${SHOWN_ITEM}
            ORDER BY i.sale_expires_at, i.item_idx LIMIT ${size}`,
      )
    ).map(itemOut);

  async function section(s: SectionRow, now: Date): Promise<CurationSection> {
    const base = { curationIdx: s.curationIdx, name: s.name, nameEn: s.nameEn };
    switch (s.curationType) {
      case 0:
        return { ...base, curationType: 0, dataList: await featured(s.curationIdx) };
      case 1:
        return { ...base, curationType: 1, dataList: await trendingCollections(now) };
      case 2:
        return { ...base, curationType: 2, dataList: await categories(s.curationIdx) };
      case 3:
        return { ...base, curationType: 3, dataList: await trendingItems(now) };
      case 4:
        return { ...base, curationType: 4, dataList: await newItems() };
      case 5:
        return { ...base, curationType: 5, dataList: await tips(s.curationIdx) };
      default:
        return { ...base, curationType: 6, dataList: await auctions(now) };
    }
  }

  return {
    /** The visible sections in their order with their data. */
    async all(now: Date): Promise<CurationSection[]> {
      const sections = await db
        .selectFrom('curation_sections')
        .select([
          'curation_idx as curationIdx',
          'curation_type as curationType',
          'name_ko as name',
          'name_en as nameEn',
        ])
        .where('visible', '=', 1)
        .orderBy('sort_order')
        .orderBy('curation_idx')
        .execute();
      return Promise.all(sections.map((s) => section(s, now)));
    },
  };
}

/** A whole-reply cache: the home endpoint is the hottest; console edits call `invalidate`. */
export function createReplyCache<T>(ttlMs: number) {
  let entry: { at: number; value: Promise<T>; generation: number } | null = null;
  let generation = 0;
  return {
    get(nowMs: number, load: () => Promise<T>): Promise<T> {
      if (entry && entry.generation === generation && nowMs - entry.at < ttlMs) return entry.value;
      const value = load();
      const mine = { at: nowMs, value, generation };
      entry = mine;
      // A failed load is not kept.
      value.catch(() => {
        if (entry === mine) entry = null;
      });
      return value;
    },
    invalidate() {
      generation += 1;
      entry = null;
    },
  };
}

/** How long the home reply is shared (console edits drop it at once). */
export const HOME_CACHE_MS = 10_000;
const homeCaches = new WeakMap<
  object,
  ReturnType<typeof createReplyCache<Awaited<ReturnType<ReturnType<typeof createHomeSections>['all']>>>>
>();
/**
 * The app's cached `/nft/curation/all` reply (one per database: every plugin context of an app shares it); console
 * writes that change what the home shows drop it.
 */
export function homeCache(app: { db: object }) {
  let c = homeCaches.get(app.db);
  if (!c) homeCaches.set(app.db, (c = createReplyCache(HOME_CACHE_MS)));
  return c;
}

/** Drops the app's cached home reply (a console write changed what the home shows). */
export const dropHomeCache = (app: { db: object }): void => homeCache(app).invalidate();
