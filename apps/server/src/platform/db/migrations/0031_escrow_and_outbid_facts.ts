/**
 * Facts the order book hands over, so that no module reads trading's auction tables back: the item's piece in the
 * Market's escrow (`escrow_owner`: its live auction's seller, or the winner it is owed to; `escrow_kind` says which),
 * set with the item's trade summary; and an outbid alert's new top bid (`top_bid`, `top_symbol`), written with the
 * alert. Existing rows are filled from the auctions and their bids.
 */
import { AlertType, AuctionState } from '@att/shared';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE items
    ADD COLUMN escrow_owner text CHECK (escrow_owner ~ '^0x[0-9a-f]{40}$'),
    ADD COLUMN escrow_kind text CHECK (escrow_kind IN ('auction', 'unclaimed')),
    ADD CONSTRAINT items_escrow_check CHECK ((escrow_owner IS NULL) = (escrow_kind IS NULL))`.execute(db);
  await sql`UPDATE items i SET escrow_owner = e.owner, escrow_kind = e.kind
    FROM (
      SELECT DISTINCT ON (a.item_idx) a.item_idx, coalesce(a.unclaimed_owner, a.seller_address) AS owner,
             CASE WHEN a.unclaimed_owner IS NULL THEN 'auction' ELSE 'unclaimed' END AS kind
      FROM auctions a
      WHERE a.state = ${AuctionState.Active} OR a.unclaimed_owner IS NOT NULL
      ORDER BY a.item_idx, a.auction_id DESC
    ) e
    WHERE e.item_idx = i.item_idx`.execute(db);
  await sql`ALTER TABLE alerts
    ADD COLUMN top_bid numeric(78, 0),
    ADD COLUMN top_symbol text CHECK (top_symbol IN ('ATT', 'KLAY'))`.execute(db);
  await sql`UPDATE alerts al SET top_bid = tb.amount, top_symbol = ta.symbol
    FROM auction_bids tb JOIN auctions ta ON ta.auction_id = tb.auction_id
    WHERE al.type = ${AlertType.Outbid} AND tb.chain_id = al.chain_id AND tb.tx_hash = al.tx_hash
      AND tb.log_index = al.log_index`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts DROP COLUMN top_bid, DROP COLUMN top_symbol`.execute(db);
  await sql`ALTER TABLE items DROP CONSTRAINT items_escrow_check, DROP COLUMN escrow_owner, DROP COLUMN escrow_kind`.execute(
    db,
  );
}
