/**
 * The chain's effect on items and inventory taken back (a rebuild from the chain replays it): nothing minted or
 * traded, no sale summary, and every piece with its creator, unminted, as publishing left it. Rows of other
 * holders stay (with their hide flags) at zero pieces until the replay moves pieces to them again.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export async function resetChainEffects(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('items')
    .set({
      minted_supply: 0,
      flag_mint: 0,
      trade_count: 0,
      last_price: null,
      last_symbol: null,
      sale_type: null,
      price_amount: null,
      price_symbol: null,
      sale_expires_at: null,
      bid_count: 0,
      bid_max_price: null,
      escrow_owner: null,
      escrow_kind: null,
      floor_att: null,
      floor_klay: null,
    })
    .execute();
  await trx.updateTable('inventory').set({ amount: 0, on_sale: 0, reserved: 0 }).execute();
  await sql`
    INSERT INTO inventory (item_idx, holder_address, amount)
    SELECT i.item_idx, lower(m.address), i.total_supply FROM items i JOIN members m ON m.member_idx = i.creator_idx
    ON CONFLICT (item_idx, holder_address) DO UPDATE SET amount = excluded.amount`.execute(trx);
}
