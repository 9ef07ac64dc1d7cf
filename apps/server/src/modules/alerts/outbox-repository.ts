/**
 * The alert outbox as its dispatcher, mail job, socket replay and alert list read and mark it (SQL only). The
 * dispatcher reads pending rows in id order, numbers them, publishes them and marks them dispatched. Producers write
 * through outbox-producers.ts.
 */
import type { AlertListItem, AlertTypeValue } from '@att/shared';
import { offsetOf } from '../../platform/db/paginate';
import { sql } from 'kysely';
import type { Db } from '../schema';

export interface PendingAlert {
  alertId: string;
  /** Its place in the order alerts are sent (set by `sequence`); the id clients see. */
  seq: string | null;
  address: string;
  type: AlertTypeValue;
  productIdx: number | null;
  inquiryIdx: number | null;
  /** A reorg undid its event: it is marked dispatched without being sent. */
  retracted: boolean;
  /** A correction: the id (`seq`) the member was sent the alert it takes back with. */
  retracts: string | null;
}

/** An alert whose mail is due, with what the mail needs; `send` false: retracted, or the member no longer wants mail. */
export interface MailDue {
  alertId: string;
  type: AlertTypeValue;
  productIdx: number | null;
  address: string;
  email: string;
  lang: 'ko' | 'en';
  userName: string;
  itemName: string | null;
  send: boolean;
}

/** An alert as a replay sends it. */
export interface SentAlert {
  seq: string;
  type: AlertTypeValue;
  productIdx: number | null;
  inquiryIdx: number | null;
  /** A correction: the id of the alert it takes back. */
  retracts: string | null;
}

export function createOutboxRepository(db: Db) {
  return {
    /** The oldest alerts not yet dispatched (retracted ones are skipped), in id order. */
    async pending(limit: number): Promise<PendingAlert[]> {
      const rows = await db
        .selectFrom('alerts as a')
        .leftJoin('alerts as o', 'o.alert_id', 'a.retracts')
        .select([
          'a.alert_id',
          'a.address',
          'a.type',
          'a.product_idx',
          'a.inquiry_idx',
          'a.retracted_at',
          sql<string | null>`a.dispatch_seq::text`.as('seq'),
          sql<string | null>`o.dispatch_seq::text`.as('retracts'),
        ])
        .where('a.dispatched_at', 'is', null)
        .orderBy('a.alert_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        alertId: String(r.alert_id),
        seq: r.seq,
        address: r.address,
        type: r.type as AlertTypeValue,
        productIdx: r.product_idx,
        inquiryIdx: r.inquiry_idx,
        retracted: r.retracted_at !== null,
        retracts: r.retracts,
      }));
    },

    /** Alerts committed and not yet dispatched, and the age of the oldest in seconds (0 when none). */
    async backlog(): Promise<{ count: number; oldestSeconds: number }> {
      const r = await db
        .selectFrom('alerts')
        .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8`.as('age')])
        .where('dispatched_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), oldestSeconds: Number(r.age) };
    },

    /**
     * Gives the alerts of a batch that have none their place in the send order, in alert id order (a batch the
     * dispatcher crashed after numbering keeps its numbers); a retracted alert gets none. Returns alert id -> seq of
     * the alerts to send now: numbered and not retracted. The condition is also in the SET, which is evaluated on
     * the row the update locks (a retraction committed meanwhile is seen there; in the WHERE it made the planner
     * join badly: a burst of 5,000 took seconds per batch): an alert is numbered before its retraction (which then
     * writes a correction) or not at all.
     */
    async sequence(alertIds: readonly string[]): Promise<Map<string, string>> {
      if (alertIds.length === 0) return new Map();
      const ids = sql.join([...alertIds]);
      await sql`
        UPDATE alerts a SET dispatch_seq = CASE WHEN a.dispatch_seq IS NULL AND a.retracted_at IS NULL THEN s.seq ELSE a.dispatch_seq END
        FROM (SELECT o.alert_id, nextval('alerts_dispatch_seq') AS seq
              FROM (SELECT alert_id FROM alerts WHERE alert_id IN (${ids}) AND dispatch_seq IS NULL AND retracted_at IS NULL ORDER BY alert_id) o) s
        WHERE a.alert_id = s.alert_id`.execute(db);
      const rows = await sql<{ id: string; seq: string }>`
        SELECT alert_id::text AS id, dispatch_seq::text AS seq FROM alerts
        WHERE alert_id IN (${ids}) AND dispatch_seq IS NOT NULL AND retracted_at IS NULL`.execute(db);
      return new Map(rows.rows.map((r) => [r.id, r.seq]));
    },

    /**
     * The alerts of `address` sent (or numbered to be sent) after `afterSeq`, oldest first: a reconnect's replay.
     * A retracted alert is left out, and so is the correction of one the client never saw (sent after `afterSeq`).
     */
    async after(address: string, afterSeq: string, limit: number): Promise<SentAlert[]> {
      const rows = await sql<{ seq: string; type: number; product_idx: number | null; inquiry_idx: number | null; retracts: string | null }>`
        SELECT a.dispatch_seq::text AS seq, a.type, a.product_idx, a.inquiry_idx, o.dispatch_seq::text AS retracts
        FROM alerts a LEFT JOIN alerts o ON o.alert_id = a.retracts
        WHERE a.address = ${address.toLowerCase()} AND a.dispatch_seq > ${afterSeq}::bigint AND a.retracted_at IS NULL
          AND (a.retracts IS NULL OR o.dispatch_seq <= ${afterSeq}::bigint)
        ORDER BY a.dispatch_seq LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => ({ seq: r.seq, type: r.type as AlertTypeValue, productIdx: r.product_idx, inquiryIdx: r.inquiry_idx, retracts: r.retracts }));
    },

    /**
     * The oldest alerts whose mail is still to be sent, with what the mail needs as it is now: the member's address,
     * language, name and whether they still want mail (flagEmail on, account not deleted), the item's name. A
     * correction's mail goes only if the mail of the alert it takes back went (that one comes first, in id order).
     */
    async mailsDue(limit: number): Promise<MailDue[]> {
      const rows = await sql<{ alert_id: string; type: number; product_idx: number | null; retracted: boolean; email: string; lang: 'ko' | 'en'; user_name: string; wants: boolean; item_name: string | null; address: string }>`
        SELECT a.alert_id::text AS alert_id, a.type, a.product_idx, a.address,
               a.retracted_at IS NOT NULL OR (a.retracts IS NOT NULL AND o.mailed_at IS NULL) AS retracted,
               m.email, m.lang, m.user_name, (m.flag_email = 1 AND m.state <> 'deleted') AS wants, i.name AS item_name
        FROM alerts a JOIN members m ON m.address = a.address LEFT JOIN items i ON i.item_idx = a.product_idx
             LEFT JOIN alerts o ON o.alert_id = a.retracts
        WHERE a.mail_pending ORDER BY a.alert_id LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => ({
        alertId: r.alert_id,
        type: r.type as AlertTypeValue,
        productIdx: r.product_idx,
        address: r.address,
        email: r.email,
        lang: r.lang,
        userName: r.user_name,
        itemName: r.item_name,
        send: r.wants && !r.retracted,
      }));
    },

    /** The mail of an alert went out (`sent`), or is no longer wanted: it is not tried again. */
    async markMailed(alertId: string, sent: boolean, now: Date): Promise<void> {
      await db.updateTable('alerts').set({ mail_pending: false, mailed_at: sent ? now : null }).where('alert_id', '=', alertId).execute();
    },

    /** Keeps an unsubscribe token's hash for `address`; tokens older than `before` are dropped. */
    async saveUnsubscribe(tokenHash: string, address: string, before: Date): Promise<void> {
      await db.insertInto('mail_unsubscribes').values({ token_hash: tokenHash, address }).execute();
      await db.deleteFrom('mail_unsubscribes').where('created_at', '<', before).execute();
    },

    /** The address an unsubscribe token was sent to (undefined for an unknown one); `use` marks it used. */
    async unsubscribeAddress(tokenHash: string, use?: Date): Promise<string | undefined> {
      if (use) {
        const r = await db.updateTable('mail_unsubscribes').set({ used_at: use }).where('token_hash', '=', tokenHash).returning('address').executeTakeFirst();
        return r?.address;
      }
      const r = await db.selectFrom('mail_unsubscribes').select('address').where('token_hash', '=', tokenHash).executeTakeFirst();
      return r?.address;
    },

    /** A member's alert list, newest first (retracted alerts and corrections left out), its size and how many are unread. */
    async listOf(address: string, pageNo: number, pageSize: number): Promise<{ rows: AlertListItem[]; total: number; unread: number }> {
      const mine = db.selectFrom('alerts').where('address', '=', address.toLowerCase()).where('retracted_at', 'is', null).where('retracts', 'is', null);
      const counts = await mine
        .select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) FILTER (WHERE read_at IS NULL))::int`.as('unread')])
        .executeTakeFirstOrThrow();
      const rows = await mine
        .leftJoin('items', 'items.item_idx', 'alerts.product_idx')
        .select([
          sql<string>`alerts.alert_id::text`.as('alertIdx'),
          'alerts.type',
          'alerts.product_idx',
          'alerts.inquiry_idx',
          'items.name',
          sql<boolean>`alerts.read_at IS NOT NULL`.as('read'),
          'alerts.created_at',
        ])
        .orderBy('alerts.alert_id', 'desc')
        .limit(pageSize)
        .offset(offsetOf({ pageNo, pageSize }))
        .execute();
      return {
        rows: rows.map((r) => ({
          alertIdx: r.alertIdx,
          type: r.type,
          productIdx: r.product_idx,
          inquiryIdx: r.inquiry_idx,
          itemName: r.name ?? null,
          read: r.read ? 1 : 0,
          createDate: new Date(r.created_at).toISOString(),
        })),
        total: Number(counts.total),
        unread: Number(counts.unread),
      };
    },

    /** Marks the member's alerts up to `upTo` (all without it) read; returns how many stay unread. */
    async markRead(address: string, upTo: string | undefined, now: Date): Promise<number> {
      let q = db.updateTable('alerts').set({ read_at: now }).where('address', '=', address.toLowerCase()).where('read_at', 'is', null);
      if (upTo !== undefined) q = q.where('alert_id', '<=', upTo);
      await q.execute();
      const r = await db
        .selectFrom('alerts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('address', '=', address.toLowerCase())
        .where('retracted_at', 'is', null)
        .where('retracts', 'is', null)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async markDispatched(alertIds: readonly string[], now: Date): Promise<void> {
      if (alertIds.length === 0) return;
      await db.updateTable('alerts').set({ dispatched_at: now }).where('alert_id', 'in', [...alertIds]).execute();
    },
  };
}
