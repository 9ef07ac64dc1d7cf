/** Removes stored files that a write replaced or dropped; a failure is logged, never thrown (the write stands). */
import type { FastifyInstance } from 'fastify';

export async function removeFiles(app: FastifyInstance, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await app.storage.remove(key).catch((err: unknown) => app.log.warn({ err, key }, 'old file not removed'));
  }
}
