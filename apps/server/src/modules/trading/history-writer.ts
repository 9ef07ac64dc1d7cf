/**
 * The one writer of `trade_history` (the transaction feed, rankings, price charts and royalty history read it):
 * order-book events written by the use cases and the sweep, chain events by the indexer's handlers with the log
 * that caused them (a replay adds nothing; a reorg deletes them by that key). USD is computed once, here. A row
 * written or deleted is the item's public event: the same statement notifies ITEM_EVENTS_CHANNEL with the item's id,
 * so the pages watching the item read it again once the transaction commits.
 */
import { usdValue, type HistoryEventValue, type TokenSymbol } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { ITEM_EVENTS_CHANNEL } from '../alerts';
import type { Database } from '../schema';

const ZERO = '0x0000000000000000000000000000000000000000';

export interface HistoryRow {
  event: HistoryEventValue;
  item: { item_idx: number; collection_idx: number };
  amount: number;
  /** Per piece. */
  unitPrice?: bigint | string;
  symbol?: TokenSymbol;
  /** The amount the USD value is of (a sale's total); default unitPrice × amount. */
  total?: bigint;
  from?: string;
  to?: string;
  royalty?: bigint;
  /** The platform fee a sale took (the referral reward's cap). */
  fee?: bigint;
}

/** The chain log behind a row, and its block's time (rows are dated by their block). */
export interface HistoryLog {
  chainId: number;
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  logIndex: number;
  blockTime?: Date;
}

export async function writeHistory(trx: Kysely<Database>, row: HistoryRow, log?: HistoryLog): Promise<void> {
  let usd: string | null = null;
  const total = row.total ?? (row.unitPrice !== undefined ? BigInt(row.unitPrice) * BigInt(row.amount) : undefined);
  if (row.symbol && total !== undefined) {
    const tp = await trx
      .selectFrom('token_prices')
      .select('usd_price')
      .where('symbol', '=', row.symbol)
      .executeTakeFirst();
    usd = tp ? usdValue(total, String(tp.usd_price)) : null;
  }
  const q = trx.insertInto('trade_history').values({
    event_type: row.event,
    item_idx: row.item.item_idx,
    collection_idx: row.item.collection_idx,
    amount: row.amount,
    unit_price: row.unitPrice === undefined ? null : row.unitPrice.toString(),
    symbol: row.symbol ?? null,
    usd_value: usd,
    from_address: row.from && row.from !== ZERO ? row.from : null,
    to_address: row.to && row.to !== ZERO ? row.to : null,
    royalty: row.royalty?.toString() ?? null,
    fee: row.fee?.toString() ?? null,
    ...(log
      ? {
          chain_id: log.chainId,
          block_number: log.blockNumber.toString(),
          block_hash: log.blockHash,
          tx_hash: log.txHash,
          log_index: log.logIndex,
          ...(log.blockTime ? { created_at: log.blockTime } : {}),
        }
      : {}),
  });
  // The same statement notifies the item's public event (delivered at commit; nothing when the row was there already).
  const inserted = (log ? q.onConflict((oc) => oc.doNothing()) : q).returning('item_idx');
  await trx
    .with('ins', () => inserted)
    .selectFrom('ins')
    .select(sql`pg_notify(${ITEM_EVENTS_CHANNEL}, ins.item_idx::text)`.as('notified'))
    .execute();
}

/** The item's public event for a change that writes no history row (delivered at commit, like the rows' own). */
export async function notifyItem(trx: Kysely<Database>, itemIdx: number): Promise<void> {
  await sql`SELECT pg_notify(${ITEM_EVENTS_CHANNEL}, ${String(itemIdx)})`.execute(trx);
}

/** Removes the rows a chain log wrote (its block was orphaned). */
export async function deleteHistoryOf(
  trx: Kysely<Database>,
  log: Pick<HistoryLog, 'chainId' | 'txHash' | 'logIndex'>,
): Promise<void> {
  // The items whose history changed back get a public event too (at commit).
  await trx
    .with('del', (db) =>
      db
        .deleteFrom('trade_history')
        .where('chain_id', '=', log.chainId)
        .where('tx_hash', '=', log.txHash)
        .where('log_index', '=', log.logIndex)
        .returning('item_idx'),
    )
    .selectFrom('del')
    .select(sql`pg_notify(${ITEM_EVENTS_CHANNEL}, del.item_idx::text)`.as('notified'))
    .execute();
}

/** Removes every row a chain log of `chainId` wrote (a rebuild from the chain writes them again). */
export async function deleteChainHistory(trx: Kysely<Database>, chainId: number): Promise<void> {
  await trx.deleteFrom('trade_history').where('chain_id', '=', chainId).where('tx_hash', 'is not', null).execute();
}
