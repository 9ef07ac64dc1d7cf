/**
 * What an alert message says beside its type, read where the alert is read: the item's name, and an outbid alert's
 * new top bid, the bid its chain event placed (trading's `auction_bids` and `auctions`, read only, found by the
 * event's log through its unique key) in its auction's token. Every read of alerts that tells one (the dispatcher's
 * batch, a reconnect's replay, the Redis catch-up, the mail) joins them the same way; the alert list does in Kysely.
 */
import { AlertType, type AlertTopBid, type TokenSymbol } from '@att/shared';
import { sql, type RawBuilder } from 'kysely';

/** `LEFT JOIN`s the item and the top bid of the alert aliased `alias`: columns `ABOUT_COLUMNS`. */
export function aboutJoin(alias: string): RawBuilder<unknown> {
  const a = sql.ref(alias);
  return sql`LEFT JOIN items ai ON ai.item_idx = ${a}.product_idx
    LEFT JOIN auction_bids tb ON ${a}.type = ${AlertType.Outbid} AND tb.chain_id = ${a}.chain_id
      AND tb.tx_hash = ${a}.tx_hash AND tb.log_index = ${a}.log_index
    LEFT JOIN auctions ta ON ta.auction_id = tb.auction_id`;
}

/** The joined columns. */
export const ABOUT_COLUMNS = sql`ai.name AS item_name, tb.amount::text AS top_bid, ta.symbol AS top_symbol`;

export interface AboutColumns {
  item_name: string | null;
  top_bid: string | null;
  top_symbol: TokenSymbol | null;
}

/** The top bid of a row with the top bid's columns (null: not an outbid alert, or its bid is gone). */
export function topBidOf(r: Pick<AboutColumns, 'top_bid' | 'top_symbol'>): AlertTopBid | null {
  return r.top_bid !== null && r.top_symbol !== null ? { price: r.top_bid, symbol: r.top_symbol } : null;
}

/** The item's name and top bid of a row with `ABOUT_COLUMNS`. */
export const aboutOf = (r: AboutColumns) => ({ itemName: r.item_name, topBid: topBidOf(r) });
