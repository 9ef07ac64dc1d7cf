/**
 * What an alert message says beside its type, read where the alert is read: the item's name, and an outbid alert's
 * new top bid, the bid its chain event placed, in its auction's token (the order book hands it over when it writes
 * the alert: `top_bid`, `top_symbol`). Every read of alerts that tells one (the dispatcher's batch, a reconnect's
 * replay, the Redis catch-up, the mail) reads them the same way, and a floor alert's move (`floor_move`); the alert list does in Kysely.
 */
import type { AlertFloorMove, AlertTopBid, TokenSymbol } from '@att/shared';
import { sql, type RawBuilder } from 'kysely';

/** `LEFT JOIN`s the item of the alert aliased `alias`: with `aboutColumns(alias)`. */
export function aboutJoin(alias: string): RawBuilder<unknown> {
  return sql`LEFT JOIN items ai ON ai.item_idx = ${sql.ref(alias)}.product_idx`;
}

/** The item's name and the top bid of the alert aliased `alias` (with `aboutJoin(alias)`). */
export const aboutColumns = (alias: string) =>
  sql`ai.name AS item_name, ${sql.ref(`${alias}.top_bid`)}::text AS top_bid, ${sql.ref(`${alias}.top_symbol`)} AS top_symbol,
       ${sql.ref(`${alias}.floor_move`)} AS floor_move`;

export interface AboutColumns {
  item_name: string | null;
  top_bid: string | null;
  top_symbol: TokenSymbol | null;
  floor_move: AlertFloorMove | null;
}

/** The top bid of a row with the top bid's columns (null: not an outbid alert, or its bid is gone). */
export function topBidOf(r: Pick<AboutColumns, 'top_bid' | 'top_symbol'>): AlertTopBid | null {
  return r.top_bid !== null && r.top_symbol !== null ? { price: r.top_bid, symbol: r.top_symbol } : null;
}

/** The item's name and top bid of a row with `ABOUT_COLUMNS`. */
export const aboutOf = (r: AboutColumns) => ({
  itemName: r.item_name,
  topBid: topBidOf(r),
  floorMove: r.floor_move ?? null,
});
