/** Sign-in nonces (single use) and tickets (sessions, stored as a SHA-256 of the ticket). */
import type { Db } from '../schema';
import { sha256 } from '../../platform/secrets';
import { repositoryOf } from '../../platform/db/repository';

export type NonceConsumeResult = 'ok' | 'unknown' | 'expired';

export interface TicketRow {
  memberIdx: number;
  address: string;
  expiresAt: Date;
  revokedAt: Date | null;
  userName: string;
  state: 'active' | 'blocked' | 'deleted';
}

export function createSessionsRepository(db: Db) {
  return {
    async saveNonce(nonce: string, address: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .insertInto('sign_in_nonces')
        .values({ nonce, address: address.toLowerCase(), expires_at: expiresAt, created_at: now })
        .execute();
    },

    /**
     * Marks the nonce used, atomically: only one caller can win the UPDATE ... WHERE used_at IS NULL.
     * 'expired' when it was issued to this address, unused, but too old; 'unknown' for everything else.
     */
    async consumeNonce(nonce: string, address: string, now: Date): Promise<NonceConsumeResult> {
      const used = await db
        .updateTable('sign_in_nonces')
        .set({ used_at: now })
        .where('nonce', '=', nonce)
        .where('address', '=', address.toLowerCase())
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('nonce')
        .executeTakeFirst();
      if (used) return 'ok';
      const row = await db
        .selectFrom('sign_in_nonces')
        .select(['address', 'used_at', 'expires_at'])
        .where('nonce', '=', nonce)
        .executeTakeFirst();
      if (row && row.address === address.toLowerCase() && row.used_at === null && row.expires_at <= now) {
        return 'expired';
      }
      return 'unknown';
    },

    async createTicket(ticket: string, memberIdx: number, address: string, expiresAt: Date, now: Date) {
      await db
        .insertInto('tickets')
        .values({
          ticket_hash: sha256(ticket),
          member_idx: memberIdx,
          address: address.toLowerCase(),
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
    },

    async findTicket(ticket: string): Promise<TicketRow | undefined> {
      return db
        .selectFrom('tickets')
        .innerJoin('members', 'members.member_idx', 'tickets.member_idx')
        .select([
          'tickets.member_idx as memberIdx',
          'tickets.address',
          'tickets.expires_at as expiresAt',
          'tickets.revoked_at as revokedAt',
          'members.user_name as userName',
          'members.state',
        ])
        .where('tickets.ticket_hash', '=', sha256(ticket))
        .executeTakeFirst();
    },

    async revokeTicket(ticket: string, now: Date): Promise<void> {
      await db
        .updateTable('tickets')
        .set({ revoked_at: now })
        .where('ticket_hash', '=', sha256(ticket))
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live ticket of the member except `keep`; returns how many. */
    async revokeOtherTickets(memberIdx: number, keep: string, now: Date): Promise<number> {
      const rows = await db
        .updateTable('tickets')
        .set({ revoked_at: now })
        .where('member_idx', '=', memberIdx)
        .where('ticket_hash', '<>', sha256(keep))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('ticket_hash')
        .execute();
      return rows.length;
    },

    /** Housekeeping: drops nonces that ended over an hour ago and tickets that ended over a day ago. */
    async purgeExpired(now: Date): Promise<void> {
      const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      await db.deleteFrom('sign_in_nonces').where('expires_at', '<', hourAgo).execute();
      await db.deleteFrom('tickets').where('expires_at', '<', dayAgo).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

/** The sessions repository of a database (built once per handle). */
export const sessionsRepo = repositoryOf(createSessionsRepository);
