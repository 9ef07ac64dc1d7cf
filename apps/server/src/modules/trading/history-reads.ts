/**
 * The trade history as trading hands it to the lists of other modules that join it into their own statement (the
 * transaction feed, royalties, home rankings, referral accruals): derived tables, not rows, so that each list stays
 * one query with its own filters, joins, order and page. Each is a plain subquery (no grouping, order or limit), which
 * the planner flattens into the caller's query: trade_history's indexes and the plans stay what they were.
 */
import { TRADE_EVENTS } from '@att/shared';
import { sql, type RawBuilder } from 'kysely';

/** Every history row, every column: `FROM ${historyRows()} h`. */
export const historyRows = (): RawBuilder<unknown> => sql`(SELECT * FROM trade_history)`;

/** The trades since `since` (item, collection, USD value), on the partial index of recent trades (a literal list). */
export const tradesSince = (since: Date): RawBuilder<unknown> =>
  sql`(SELECT item_idx, collection_idx, usd_value FROM trade_history
    WHERE event_type IN (${sql.join(TRADE_EVENTS.map((e) => sql.lit(e)))}) AND created_at >= ${since})`;
