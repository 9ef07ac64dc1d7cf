/**
 * The collection charts' index: a collection's trades by time, carrying what the floor and volume queries read
 * (amount, price, coin, USD value), so each chart is one index-only range scan of its collection's recent trades.
 * Partial on the trade events (the literal list the queries repeat, so the planner can use it).
 */
import { sql, type Kysely } from 'kysely';
import { TRADE_EVENT_SQL } from './0008_rankings';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX trade_history_collection_trades ON trade_history (collection_idx, created_at)
    INCLUDE (amount, unit_price, symbol, usd_value) WHERE event_type IN ${sql.raw(TRADE_EVENT_SQL)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX trade_history_collection_trades`.execute(db);
}
