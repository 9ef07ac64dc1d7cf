/**
 * The platform fee a sale actually took: the referral reward comes out of it, so an accrual is
 * min(1 % of the price, this fee). Written by the indexer from the sale's log (`NftBought`, `AuctionEnded`,
 * `OfferAccepted` all carry `fee`); rows already there take it from the log the indexer claimed in `chain_logs`.
 * NULL on rows that are no sale (and on a sale whose log is not kept: it then accrues nothing).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE trade_history ADD COLUMN fee numeric(78, 0) CHECK (fee >= 0)`.execute(db);
  await sql`
    UPDATE trade_history h SET fee = (c.args->>'fee')::numeric
    FROM chain_logs c
    WHERE c.chain_id = h.chain_id AND c.tx_hash = h.tx_hash AND c.log_index = h.log_index
      AND h.event_type IN (2, 12, 17, 20) AND c.event IN ('NftBought', 'AuctionEnded', 'OfferAccepted')
      AND c.args->>'fee' ~ '^[0-9]+$'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE trade_history DROP COLUMN fee`.execute(db);
}
