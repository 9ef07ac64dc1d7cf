/** Members' idempotency keys of money calls (the store behind platform/http/idempotency.ts): claim, read, answer, release, purge. */
import { sql } from 'kysely';
import type { IdempotencyRow, IdempotencyStore } from '../../platform/http/idempotency';
import { repositoryOf } from '../../platform/db/repository';
import type { Db } from '../schema';

export function createIdempotencyKeysRepository(db: Db) {
  return {
    /** One conditional INSERT: of any number of simultaneous claims of one key, exactly one makes the row. */
    async claim(memberIdx: number, key: string, requestHash: string, now: Date, expiresAt: Date): Promise<boolean> {
      const made = await db
        .insertInto('idempotency_keys')
        .values({
          member_idx: memberIdx,
          idem_key: key,
          request_hash: requestHash,
          reply: null,
          created_at: now,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.columns(['member_idx', 'idem_key']).doNothing())
        .returning('member_idx')
        .executeTakeFirst();
      return made !== undefined;
    },

    async read(memberIdx: number, key: string): Promise<IdempotencyRow | undefined> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'reply', 'expires_at'])
        .where('member_idx', '=', memberIdx)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      return row && { requestHash: row.request_hash, reply: row.reply, expiresAt: new Date(row.expires_at) };
    },

    async finish(memberIdx: number, key: string, reply: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ reply })
        .where('member_idx', '=', memberIdx)
        .where('idem_key', '=', key)
        .where('reply', 'is', null)
        .execute();
    },

    /** Drops a claim still without an answer, or (with `onlyExpiredAt`) the row when it expired by then. */
    async release(memberIdx: number, key: string, onlyExpiredAt?: Date): Promise<void> {
      let q = db.deleteFrom('idempotency_keys').where('member_idx', '=', memberIdx).where('idem_key', '=', key);
      q = onlyExpiredAt ? q.where('expires_at', '<=', onlyExpiredAt) : q.where('reply', 'is', null);
      await q.execute();
    },

    /** Removes the keys that expired by `now`. */
    async purgeExpired(now: Date): Promise<number> {
      const r = await sql`DELETE FROM idempotency_keys WHERE expires_at <= ${now}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
  } satisfies IdempotencyStore & { purgeExpired(now: Date): Promise<number> };
}

export const idempotencyKeysRepo = repositoryOf(createIdempotencyKeysRepository);
