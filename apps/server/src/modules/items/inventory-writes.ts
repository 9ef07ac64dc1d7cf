/**
 * `inventory` as the order book moves it: who holds how many pieces (`amount`), how many of them are listed
 * (`on_sale`) or held by transfer permits (`reserved`). The items module is the table's one writer; the order book
 * (trading) calls these inside its transactions, after taking its locks in the one order (listing, reservations,
 * inventory). `on_sale + reserved` never exceeds `amount`.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

type Trx = Kysely<Database>;
const ZERO = '0x0000000000000000000000000000000000000000';

/** The holder's row, locked for the transaction (undefined: holds nothing of the item). */
export async function lockHolding(trx: Trx, itemIdx: number, holder: string) {
  return trx
    .selectFrom('inventory')
    .select(['amount', 'on_sale', 'reserved'])
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', holder)
    .forUpdate()
    .executeTakeFirst();
}

/** How many pieces of the item the holder holds (0: none), without a lock. */
export async function piecesHeld(db: Trx, itemIdx: number, holder: string): Promise<number> {
  const row = await db
    .selectFrom('inventory')
    .select('amount')
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', holder)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

/** Adds `delta` pieces to a holder (creating the row); a loss never leaves on_sale + reserved above the pieces. */
export async function moveHolding(trx: Trx, itemIdx: number, holder: string, delta: number): Promise<void> {
  if (holder === ZERO || delta === 0) return;
  await sql`
    INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${itemIdx}, ${holder}, ${Math.max(delta, 0)})
    ON CONFLICT (item_idx, holder_address) DO UPDATE SET
      amount = greatest(inventory.amount + ${delta}, 0),
      on_sale = least(inventory.on_sale, greatest(inventory.amount + ${delta}, 0)),
      reserved = least(inventory.reserved, greatest(inventory.amount + ${delta}, 0) - least(inventory.on_sale, greatest(inventory.amount + ${delta}, 0))),
      updated_at = now()`.execute(trx);
}

/** Moves `delta` of the holder's pieces into (or, negative, out of) their listed count, never below 0. */
export async function addOnSale(trx: Trx, itemIdx: number, holder: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable('inventory')
    .set({ on_sale: sql`greatest(on_sale + ${delta}, 0)`, updated_at: sql`now()` })
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', holder)
    .execute();
}

/** Moves `delta` of the holder's pieces into (or out of) those held by transfer permits, never below 0. */
export async function addReserved(trx: Trx, itemIdx: number, holder: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable('inventory')
    .set({ reserved: sql`greatest(reserved + ${delta}, 0)`, updated_at: sql`now()` })
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', holder)
    .execute();
}
