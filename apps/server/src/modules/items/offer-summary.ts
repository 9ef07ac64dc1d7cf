/**
 * The item's live offer count on `items` (`offer_count`: the marketplace's "has offers" filter and the card), the
 * number of its valid offers with pieces left. The order book calls it in the same transaction as every offer
 * change (items is the table's one writer).
 */
import { OfferState } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export async function refreshOfferSummary(trx: Kysely<Database>, itemIdx: number): Promise<void> {
  await sql`
    UPDATE items SET offer_count = (
      SELECT count(*)::int FROM offers WHERE item_idx = ${itemIdx} AND state = ${OfferState.Valid} AND remaining > 0)
    WHERE item_idx = ${itemIdx}`.execute(trx);
}
