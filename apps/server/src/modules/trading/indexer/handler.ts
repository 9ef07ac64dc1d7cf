/**
 * What an indexer handler is: one chain event's effect on the database (`apply`) and its exact undo (`undo`, when a
 * reorg orphans the block). `apply` returns what `undo` needs; it is stored with the claimed log, written and read
 * through the handler's `undoSchema`, so the record means the same on PGlite and PostgreSQL (ids as strings
 * whether a driver gave a number, a bigint or a string).
 */
import type { TokenSymbol } from '@att/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { systemClock } from '../../../platform/clock';
import type { Database } from '../../schema';
import type { HistoryLog } from '../history-writer';
import { reopenListing, type EndedListing } from '../order-book';

/** A decoded log's arguments: addresses and hashes lower-case, integers as decimal strings, arrays joined by ','. */
export type Args = Record<string, string>;

export interface LogContext {
  trx: Kysely<Database>;
  /** The log (and its block's time), as history rows and alerts record it. */
  log: HistoryLog;
  marketAddress: string;
  /** The platform's Items contract (lower-case): auctions of other collections are not the marketplace's. */
  itemsAddress?: string;
  symbolOf(token: string): TokenSymbol | undefined;
  /** Sellers of the batch with a live listing (read once per batch); a counter of anyone else ends nothing. */
  liveSellers?: ReadonlySet<string>;
  /** Holders whose pieces an undo took away: their listings are checked against what they still hold. */
  losers?: { itemIdx: number; holder: string }[];
  /** The indexer's clock (the app's; the system clock when none is given). */
  now?: () => Date;
}

/** The time by the context's clock, as rows the indexer changes are stamped. */
export const nowOf = (ctx: Pick<LogContext, 'now'>): Date => (ctx.now ?? systemClock)();

export interface Handler<U> {
  apply(ctx: LogContext, args: Args): Promise<U | undefined>;
  undo(ctx: LogContext, args: Args, undo: U | undefined): Promise<void>;
  undoSchema: z.ZodType<U>;
}

/** A row id however the driver returned it (PGlite: number; PostgreSQL: string), as a string. */
export const rowId = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative(), z.bigint().nonnegative()])
  .transform(String);
/** Listings a log ended and the open reservations those ends released, reopened by its undo. */
export const reopenSchema = z.object({ reopen: z.array(rowId), released: z.array(rowId).default([]) });
export type Reopen = z.output<typeof reopenSchema>;

/** The undo record of the listings a log ended (undefined: it ended none). */
export function reopenOf(ended: readonly EndedListing[]): Reopen | undefined {
  return ended.length > 0
    ? { reopen: ended.map((e) => e.listingIdx), released: ended.flatMap((e) => e.released) }
    : undefined;
}

/** Undoes the ends `reopenOf` recorded. */
export async function reopenEnded(trx: Kysely<Database>, u: Reopen | undefined): Promise<void> {
  for (const idx of u?.reopen ?? []) await reopenListing(trx, idx, u?.released);
}

export const ZERO = '0x0000000000000000000000000000000000000000';

/** An undo record as it is stored with its claimed log: the handler's schema's output, as JSON (bigints as strings). */
export function encodeUndo<U>(h: Handler<U>, undo: U): string {
  return JSON.stringify(h.undoSchema.parse(undo));
}

/** A stored undo record, read back through the handler's schema (undefined: the apply changed nothing). */
export function decodeUndo<U>(h: Handler<U>, stored: string | undefined): U | undefined {
  return stored === undefined ? undefined : h.undoSchema.parse(JSON.parse(stored));
}
