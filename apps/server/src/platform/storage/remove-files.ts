import type { Uses } from '../deps';
/** Removes stored files that a write replaced or dropped; a failure is logged, never thrown (the write stands). */

export async function removeFiles(deps: Uses<'log' | 'storage'>, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((err: unknown) => deps.log.warn({ err, key }, 'old file not removed'));
  }
}
