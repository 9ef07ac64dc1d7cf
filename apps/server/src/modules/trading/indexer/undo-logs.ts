/**
 * A reorg's undo, in one transaction with the cursor's rewind (sync.ts): every claimed log of the orphaned blocks,
 * newest first, loses the history rows it wrote and is undone by its handler with the record its apply stored
 * (read back through the handler's schema); then the listings that the pieces those undos took away no longer
 * back end, so no buyer is reserved pieces their seller does not hold.
 */
import { deleteHistoryOf, type HistoryLog } from '../history-writer';
import { HANDLERS } from './events';
import { decodeUndo, type Args, type LogContext } from './handler';
import { endUnbackedListings } from './pieces';

/** A claimed log as `chain_logs` keeps it: its arguments carry `_order` and, when its apply changed something, `_undo`. */
export interface ClaimedLog {
  event: string;
  args: Record<string, string>;
  log: HistoryLog;
}

/** Undoes `logs` (already newest first); `context` builds each handler's context, `fork` dates nothing (its rows carry no log). */
export async function undoLogs(
  trx: LogContext['trx'],
  logs: readonly ClaimedLog[],
  context: (log: HistoryLog, extra: Partial<LogContext>) => LogContext,
  fork: HistoryLog,
): Promise<void> {
  const losers: NonNullable<LogContext['losers']> = [];
  for (const l of logs) {
    const { _undo, _order: _o, ...args } = l.args as Args & { _undo?: string };
    await deleteHistoryOf(trx, l.log);
    const handler = HANDLERS[l.event];
    if (!handler) continue;
    await handler.undo(context(l.log, { losers }), args, decodeUndo(handler, _undo));
  }
  for (const { itemIdx, holder } of losers) {
    const item = await trx
      .selectFrom('items')
      .select(['item_idx', 'collection_idx'])
      .where('item_idx', '=', itemIdx)
      .executeTakeFirstOrThrow();
    await endUnbackedListings(context(fork, {}), item, holder, false);
  }
}
