/**
 * The item's chain-derived columns as the indexer moves them (items is the table's one writer): pieces minted so far
 * (`minted_supply`, `flag_mint`), and trades (`trade_count`, `last_price`, `last_symbol`). Each change returns what
 * its undo needs.
 */
import type { TokenSymbol } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

type Trx = Kysely<Database>;

/** `delta` more (or, negative, fewer) pieces minted on chain. */
export async function recordMint(trx: Trx, itemIdx: number, delta: number): Promise<void> {
  await trx
    .updateTable('items')
    .set((eb) => ({
      minted_supply: sql`greatest(${eb.ref('minted_supply')} + ${delta}, 0)`,
      flag_mint: sql`CASE WHEN minted_supply + ${delta} > 0 THEN 1 ELSE 0 END`,
    }))
    .where('item_idx', '=', itemIdx)
    .execute();
}

export interface LastPrice {
  lastPrice: string | null;
  lastSymbol: TokenSymbol | null;
}

/** A trade at `unitPrice` per piece; returns the last price it replaced (the undo restores it). */
export async function recordTrade(
  trx: Trx,
  itemIdx: number,
  unitPrice: bigint,
  symbol: TokenSymbol | undefined,
): Promise<LastPrice> {
  const before = await trx
    .selectFrom('items')
    .select(['last_price', 'last_symbol'])
    .where('item_idx', '=', itemIdx)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('items')
    .set((eb) => ({
      trade_count: eb('trade_count', '+', 1),
      last_price: unitPrice.toString(),
      last_symbol: symbol ?? null,
    }))
    .where('item_idx', '=', itemIdx)
    .execute();
  return { lastPrice: before.last_price, lastSymbol: before.last_symbol };
}

/** Undoes `recordTrade`. */
export async function undoTrade(trx: Trx, itemIdx: number, previous: LastPrice): Promise<void> {
  await trx
    .updateTable('items')
    .set((eb) => ({
      trade_count: sql`greatest(${eb.ref('trade_count')} - 1, 0)`,
      last_price: previous.lastPrice,
      last_symbol: previous.lastSymbol,
    }))
    .where('item_idx', '=', itemIdx)
    .execute();
}
