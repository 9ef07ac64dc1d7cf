/**
 * Verification mail quotas. A send slot is reserved BEFORE the mail goes out, in one transaction serialized by
 * an advisory lock: count the reservations of the window per address, per mailbox, per client and overall, and
 * insert one only when all are under their limits. Parallel requests therefore cannot all pass the count: the
 * losers get 'refused' and send nothing. Attempts are counted, whether or not a code is stored afterwards.
 */
import { sql } from 'kysely';
import type { Db } from '../schema';
import { mailboxKey } from './mailbox';
import { repositoryOf } from '../../platform/db/repository';

export interface MailQuotaLimits {
  perAddress: number;
  perMailbox: number;
  /** 0 = no per-client limit. */
  perClient: number;
  /** 0 = no global limit. */
  global: number;
  windowMs: number;
}

export interface MailSlotRequest {
  address: string;
  email: string;
  /** The client asking (its IP). */
  client: string;
}

export type ReserveResult = 'ok' | 'address' | 'mailbox' | 'client' | 'global';

export function createMailSendsRepository(db: Db) {
  return {
    async reserve(req: MailSlotRequest, limits: MailQuotaLimits, now: Date): Promise<ReserveResult> {
      const address = req.address.toLowerCase();
      const emailKey = mailboxKey(req.email);
      const since = new Date(now.getTime() - limits.windowMs);
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('mail-sends'))`.execute(trx);
        const c = await trx
          .selectFrom('mail_sends')
          .select([
            sql<number>`count(*) FILTER (WHERE address = ${address})::int`.as('byAddress'),
            sql<number>`count(*) FILTER (WHERE email_key = ${emailKey})::int`.as('byMailbox'),
            sql<number>`count(*) FILTER (WHERE client_key = ${req.client})::int`.as('byClient'),
            sql<number>`count(*)::int`.as('all'),
          ])
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (c.byAddress >= limits.perAddress) return 'address';
        if (c.byMailbox >= limits.perMailbox) return 'mailbox';
        if (limits.perClient > 0 && c.byClient >= limits.perClient) return 'client';
        if (limits.global > 0 && c.all >= limits.global) return 'global';
        await trx
          .insertInto('mail_sends')
          .values({ address, email_key: emailKey, client_key: req.client, created_at: now })
          .execute();
        return 'ok';
      });
    },

    /** Housekeeping: reservations older than a day count for nothing. */
    async purge(now: Date): Promise<void> {
      await db
        .deleteFrom('mail_sends')
        .where('created_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
        .execute();
    },
  };
}

export type MailSendsRepository = ReturnType<typeof createMailSendsRepository>;

/** The mailSends repository of a database (built once per handle). */
export const mailSendsRepo = repositoryOf(createMailSendsRepository);
