/**
 * The indexer's own tables (SQL only): the cursor (one row per chain), the logs claimed with what their undo needs
 * (`chain_logs`, unique per chain, block and log index), each seller's highest counter per block
 * (`seller_counters`), and recent block hashes for reorg detection (`indexer_blocks`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../../schema';

type Trx = Kysely<Database>;
/** Recent block hashes kept for reorg detection. */
export const KEEP_BLOCKS = 512n;
/** Rows per claiming INSERT (its arrays are parameters: the size only bounds one statement's memory). */
const INSERT_CHUNK = 10_000;

export interface CursorRow {
  block_number: string;
  block_hash: string;
}

export interface ClaimRow {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  event: string;
  /** The decoded arguments plus `_order` (the log's place in its batch: undo runs newest first). */
  args: Record<string, string>;
}

/** The last block the indexer applied on `chainId` (undefined: it has applied none), read in `db`'s transaction. */
export async function indexerCursor(db: Db, chainId: number): Promise<CursorRow | undefined> {
  return db
    .selectFrom('indexer_cursor')
    .select(['block_number', 'block_hash'])
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
}

export function claimsRepository(db: Db, chainId: number) {
  return {
    cursor: (): Promise<CursorRow | undefined> => indexerCursor(db, chainId),

    /** Moves the cursor from `from` (the one this step read; none: the start) to `to`; false when another indexer
     * moved it first (the UPDATE waits for its transaction, then matches no row) or it was removed meanwhile. */
    async moveCursor(trx: Trx, from: CursorRow | undefined, to: bigint, toHash: string): Promise<boolean> {
      const r = from
        ? await trx
            .updateTable('indexer_cursor')
            .set({ block_number: to.toString(), block_hash: toHash })
            .where('chain_id', '=', chainId)
            .where('block_number', '=', from.block_number)
            .where('block_hash', '=', from.block_hash)
            .returning('chain_id')
            .executeTakeFirst()
        : await trx
            .insertInto('indexer_cursor')
            .values({ chain_id: chainId, block_number: to.toString(), block_hash: toHash })
            .onConflict((oc) => oc.column('chain_id').doNothing())
            .returning('chain_id')
            .executeTakeFirst();
      return r !== undefined;
    },

    /** Claims the logs in one statement per chunk (arrays through unnest: seven parameters whatever the size);
     * returns the keys (`block:logIndex`) of the new ones, which alone are applied. */
    async claim(trx: Trx, rows: ClaimRow[]): Promise<Set<string>> {
      const fresh = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const insert = (returning: boolean) =>
          sql<{ block_number: string; log_index: number }>`
          INSERT INTO chain_logs (chain_id, tx_hash, log_index, block_number, block_hash, event, args)
          SELECT ${chainId}, * FROM unnest(
            ${chunk.map((r) => r.txHash)}::text[], ${chunk.map((r) => r.logIndex)}::int[],
            ${chunk.map((r) => r.blockNumber.toString())}::bigint[], ${chunk.map((r) => r.blockHash)}::text[],
            ${chunk.map((r) => r.event)}::text[], ${chunk.map((r) => JSON.stringify(r.args))}::jsonb[])
          ON CONFLICT DO NOTHING ${returning ? sql`RETURNING block_number, log_index` : sql``}`.execute(trx);
        // Catching up, every log is new: the row count says so without reading the rows back. A replay (some rows
        // were there) undoes the claim and asks which ones are new.
        await sql`SAVEPOINT claim`.execute(trx);
        const all = await insert(false);
        if (Number(all.numAffectedRows ?? -1) === chunk.length) {
          for (const r of chunk) fresh.add(`${r.blockNumber}:${r.logIndex}`);
        } else {
          await sql`ROLLBACK TO SAVEPOINT claim`.execute(trx);
          for (const r of (await insert(true)).rows) fresh.add(`${r.block_number}:${r.log_index}`);
        }
        await sql`RELEASE SAVEPOINT claim`.execute(trx);
      }
      return fresh;
    },

    /** Stores the undo records of applied logs with their claims (args already carry `_order` and `_undo`). */
    async saveUndos(trx: Trx, undos: { blockNumber: bigint; logIndex: number; args: string }[]): Promise<void> {
      if (undos.length === 0) return;
      await sql`
        UPDATE chain_logs c SET args = u.args
        FROM unnest(${undos.map((u) => u.blockNumber.toString())}::bigint[], ${undos.map((u) => u.logIndex)}::int[], ${undos.map((u) => u.args)}::jsonb[])
          AS u(block_number, log_index, args)
        WHERE c.chain_id = ${chainId} AND c.block_number = u.block_number AND c.log_index = u.log_index`.execute(trx);
    },

    /** One statement for the rest of a batch: each seller's highest counter per block (a replay writes the same
     * values), the hash of every block the batch read, and hashes older than KEEP_BLOCKS dropped. */
    async saveBlocks(
      trx: Trx,
      counters: { seller: string; block: number; counter: string }[],
      blocks: Map<number, string>,
      to: bigint,
    ): Promise<void> {
      await sql`
        WITH counters AS (
          INSERT INTO seller_counters (chain_id, seller_address, block_number, counter)
          SELECT ${chainId}, * FROM unnest(${counters.map((r) => r.seller)}::text[], ${counters.map((r) => String(r.block))}::bigint[], ${counters.map((r) => r.counter)}::numeric[])
          ON CONFLICT (chain_id, seller_address, block_number) DO UPDATE SET counter = greatest(seller_counters.counter, excluded.counter)
        ), pruned AS (
          DELETE FROM indexer_blocks WHERE chain_id = ${chainId} AND block_number < ${(to - KEEP_BLOCKS).toString()}
        )
        INSERT INTO indexer_blocks (chain_id, block_number, block_hash)
        SELECT ${chainId}, * FROM unnest(${[...blocks.keys()].map(String)}::bigint[], ${[...blocks.values()]}::text[])
        ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash`.execute(trx);
    },

    /** Stored block hashes, newest first (the reorg walk-back). */
    async storedBlocks(): Promise<CursorRow[]> {
      return db
        .selectFrom('indexer_blocks')
        .select(['block_number', 'block_hash'])
        .where('chain_id', '=', chainId)
        .orderBy('block_number', 'desc')
        .execute();
    },

    /** The claimed logs after `fork`, newest first (undo order). */
    async orphaned(trx: Trx, fork: bigint) {
      return trx
        .selectFrom('chain_logs')
        .selectAll()
        .where('chain_id', '=', chainId)
        .where('block_number', '>', fork.toString())
        .orderBy('block_number', 'desc')
        .orderBy(sql`(args->>'_order')::int`, 'desc')
        .execute();
    },

    /** Forgets everything the indexer read of this chain (a rebuild from the deployment block). */
    async forget(trx: Trx): Promise<void> {
      for (const table of ['chain_logs', 'seller_counters', 'indexer_blocks', 'indexer_cursor'] as const) {
        await trx.deleteFrom(table).where('chain_id', '=', chainId).execute();
      }
    },

    /** Drops everything after `fork` and puts the cursor on it (or removes the cursor: back to the start block). */
    async rewind(trx: Trx, fork: { number: bigint; hash: string } | undefined, forkNumber: bigint): Promise<void> {
      await trx
        .deleteFrom('chain_logs')
        .where('chain_id', '=', chainId)
        .where('block_number', '>', forkNumber.toString())
        .execute();
      await trx
        .deleteFrom('seller_counters')
        .where('chain_id', '=', chainId)
        .where('block_number', '>', forkNumber.toString())
        .execute();
      await trx
        .deleteFrom('indexer_blocks')
        .where('chain_id', '=', chainId)
        .where('block_number', '>', forkNumber.toString())
        .execute();
      if (fork) {
        await trx
          .updateTable('indexer_cursor')
          .set({ block_number: fork.number.toString(), block_hash: fork.hash })
          .where('chain_id', '=', chainId)
          .execute();
      } else {
        await trx.deleteFrom('indexer_cursor').where('chain_id', '=', chainId).execute();
      }
    },
  };
}
