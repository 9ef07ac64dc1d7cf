/**
 * The alert outbox (SQL only), its one writer. Producers call `enqueueAlert` with their own transaction, so an alert
 * exists exactly when the event that causes it was committed; `retractAlertsOf` marks the alerts of a chain event a
 * reorg undid and writes a correction for each one already numbered for sending. Both notify ALERTS_WAKE_CHANNEL in
 * that transaction. The dispatcher takes pending rows in id order and numbers them (one statement), publishes them
 * and marks them dispatched.
 */
import {
  ALERT_KINDS,
  AlertType,
  type AlertFlag,
  type AlertFloorMove,
  type AlertTopBid,
  type AlertTypeValue,
  type TokenSymbol,
} from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../schema';
import { aboutColumns, aboutJoin, aboutOf, type AboutColumns } from './alert-about';

export interface AlertSource {
  chainId: number;
  txHash: string;
  logIndex: number;
}

export interface NewAlert {
  /** The member it is for: by address, or by id (`memberIdx`, when the producer knows only that). */
  address?: string;
  memberIdx?: number;
  type: AlertTypeValue;
  productIdx?: number;
  inquiryIdx?: number;
  /** The chain event that caused it, when one did. */
  source?: AlertSource;
  /** MinOffer only: the offer's price per piece, sent only to a member whose minimum in that token it reaches. */
  offer?: { symbol: TokenSymbol; unitPrice: bigint };
  /** Outbid only: the new top bid that outbid the member (shown with the alert). */
  topBid?: AlertTopBid;
  /** At most one live alert per key: a second one with the same key is not written. */
  dedupKey?: string;
  /** FloorMove only: the collection's move. */
  floorMove?: AlertFloorMove;
}

/**
 * The notification channel a transaction that wrote alerts notifies (delivered when it commits, to every instance
 * listening on the database): the dispatcher's wake-up, so it need not wait for its poll.
 */
export const ALERTS_WAKE_CHANNEL = 'att_alerts';
/**
 * The notification channel of items' public events: a transaction that writes (or, for a reorg, deletes) an item's
 * trade history notifies the item's id (trading's history writer), delivered at its commit only; the alerts plugin
 * tells the sockets watching that item. Repeats of one id in one transaction are folded into one.
 */
export const ITEM_EVENTS_CHANNEL = 'att_item_events';

/** The members column of each alert flag (accounts' table; the alerts module only reads it). */
const FLAG_COLUMN: Record<AlertFlag, string> = {
  flagItemSell: 'flag_item_sell',
  flagBid: 'flag_bid',
  flagAcceptOffer: 'flag_accept_offer',
  flagExpiredSell: 'flag_expired_sell',
  flagOverOffer: 'flag_over_offer',
  flagMinOffer: 'flag_min_offer',
  flagFloorMove: 'flag_floor_move',
};
const MIN_OFFER_COLUMN: Record<TokenSymbol, string> = { ATT: 'min_offer_price_att', KLAY: 'min_offer_price_klay' };

/**
 * Writes the alert in the caller's transaction, for a member whose settings at this moment want it: an account at
 * that address (only a member can subscribe, so nobody else could ever be told), not deleted, with the type's flag
 * on (spec 1, notification settings) and, for an offer received, the offer at or above their minimum in its token;
 * with a mail to follow when their flagEmail is on.
 * Returns whether it was written.
 */
export async function enqueueAlert(trx: Kysely<Database>, a: NewAlert): Promise<boolean> {
  const flag = ALERT_KINDS[a.type].flag;
  const who =
    a.address !== undefined ? sql`m.address = ${a.address.toLowerCase()}` : sql`m.member_idx = ${a.memberIdx}`;
  if (a.address === undefined && a.memberIdx === undefined) throw new Error('an alert needs its member');
  const wants = [who, sql`m.state <> 'deleted'`];
  if (flag) wants.push(sql`${sql.ref(`m.${FLAG_COLUMN[flag]}`)} = 1`);
  if (a.type === AlertType.MinOffer) {
    if (!a.offer) throw new Error('a MinOffer alert needs the offer');
    wants.push(sql`${sql.ref(`m.${MIN_OFFER_COLUMN[a.offer.symbol]}`)} <= ${a.offer.unitPrice.toString()}::numeric`);
  }
  // A mail follows when the member wants alerts by e-mail now and their address is verified (the mail job sends it).
  // The same statement wakes the dispatcher when a row went in: PostgreSQL delivers the notification at commit
  // (never on a rollback; repeats in one transaction are folded into one).
  const r = await sql`
    WITH ins AS (
      INSERT INTO alerts (address, type, product_idx, inquiry_idx, chain_id, tx_hash, log_index, mail_pending, top_bid, top_symbol, dedup_key, floor_move)
      SELECT m.address, ${a.type}::int, ${a.productIdx ?? null}::int, ${a.inquiryIdx ?? null}::int, ${a.source?.chainId ?? null}::int,
             ${a.source?.txHash ?? null}::text, ${a.source?.logIndex ?? null}::int, (m.flag_email = 1 AND m.email_verified_at IS NOT NULL),
             ${a.topBid?.price ?? null}::numeric, ${a.topBid?.symbol ?? null}::text, ${a.dedupKey ?? null}::text,
             ${a.floorMove ? JSON.stringify(a.floorMove) : null}::jsonb
      FROM members m WHERE ${sql.join(wants, sql` AND `)}
      ON CONFLICT (dedup_key) WHERE dedup_key IS NOT NULL AND retracted_at IS NULL DO NOTHING
      RETURNING 1
    )
    SELECT pg_notify(${ALERTS_WAKE_CHANNEL}, '') FROM ins LIMIT 1`.execute(trx);
  return r.rows.length > 0;
}

/**
 * Marks the alerts a reorged chain event caused (in the undo's transaction). One not yet numbered for sending is
 * never sent (the dispatcher numbers only alerts not retracted, and the row lock orders the two). One already
 * numbered may be on the member's screen: a correction follows it through the outbox, with a mail when the
 * alert's mail went or may be going out (the mail job sends it only if it did).
 */
export async function retractAlertsOf(trx: Kysely<Database>, source: AlertSource): Promise<void> {
  const undone = await trx
    .updateTable('alerts')
    .set({ retracted_at: sql`now()` })
    .where('chain_id', '=', source.chainId)
    .where('tx_hash', '=', source.txHash)
    .where('log_index', '=', source.logIndex)
    .where('retracted_at', 'is', null)
    .returning(['alert_id', 'address', 'product_idx', 'inquiry_idx', 'dispatch_seq', 'mail_pending', 'mailed_at'])
    .execute();
  const sent = undone
    .filter((a) => a.dispatch_seq !== null)
    .sort((a, b) => (BigInt(String(a.alert_id)) < BigInt(String(b.alert_id)) ? -1 : 1));
  if (sent.length === 0) return;
  await trx
    .insertInto('alerts')
    .values(
      sent.map((a) => ({
        address: a.address,
        type: AlertType.Correction,
        product_idx: a.product_idx,
        inquiry_idx: a.inquiry_idx,
        retracts: String(a.alert_id),
        mail_pending: a.mail_pending || a.mailed_at !== null,
      })),
    )
    .execute();
  await sql`SELECT pg_notify(${ALERTS_WAKE_CHANNEL}, '')`.execute(trx);
}

/** A withdrawal: the member's whole alert inbox goes (sent, unsent and corrections alike). */
export async function forgetAlertsOf(trx: Kysely<Database>, address: string): Promise<void> {
  await trx.deleteFrom('alerts').where('address', '=', address).execute();
}

/** The newest alert's id ('0' when none): a rebuild's watermark. */
export async function lastAlertId(db: Kysely<Database>): Promise<string> {
  const r = await db
    .selectFrom('alerts')
    .select(sql<string>`coalesce(max(alert_id), 0)::text`.as('id'))
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Deletes the alerts chain events of `chainId` queued after `afterId`: a rebuild replays events members were told of long ago. */
export async function dropReplayedAlerts(db: Kysely<Database>, chainId: number, afterId: string): Promise<number> {
  const r = await db
    .deleteFrom('alerts')
    .where('alert_id', '>', afterId)
    .where('chain_id', '=', chainId)
    .where('tx_hash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface PendingAlert {
  alertId: string;
  /** Its place in the order alerts are sent (set by `claim`); the id clients see; null: retracted, not sent. */
  seq: string | null;
  address: string;
  type: AlertTypeValue;
  productIdx: number | null;
  inquiryIdx: number | null;
  /** A reorg undid its event: it is marked dispatched without being sent. */
  retracted: boolean;
  /** A correction: the id (`seq`) the member was sent the alert it takes back with. */
  retracts: string | null;
  /** Its item's name (null: an inquiry's, or an item gone). */
  itemName: string | null;
  /** An outbid alert: the bid that outbid the member. */
  topBid: AlertTopBid | null;
  /** A floor alert: the collection's move. */
  floorMove: AlertFloorMove | null;
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
  /** An outbid alert: the bid that outbid the member (the bid its chain event placed) in the auction's token. */
  topBid: AlertTopBid | null;
  /** A floor alert: the collection's move. */
  floorMove: AlertFloorMove | null;
  send: boolean;
}

export function createOutboxRepository(db: Db) {
  return {
    /**
     * Takes the oldest alerts not yet dispatched (up to `limit`, in id order) and gives those without a number their
     * place in the send order, in alert id order, in ONE statement: the rows are locked (FOR UPDATE) before they are
     * numbered, so a retraction either committed first (the locked row shows it: that alert gets no number and is
     * only marked) or waits and then sees the number (and writes a correction). A batch the dispatcher crashed after
     * numbering keeps its numbers. Returns the batch in id order; `seq` null: not to be sent (retracted).
     * `afterId`: only alerts after that id (a dispatcher's run goes on after the last batch it took, not yet marked).
     */
    async claim(limit: number, afterId = '0'): Promise<PendingAlert[]> {
      const rows = await sql<
        {
          alert_id: string;
          seq: string | null;
          address: string;
          type: number;
          product_idx: number | null;
          inquiry_idx: number | null;
          retracted: boolean;
          retracts: string | null;
        } & AboutColumns
      >`
        WITH due AS (
          SELECT alert_id, dispatch_seq IS NULL AND retracted_at IS NULL AS fresh FROM alerts
          WHERE dispatched_at IS NULL AND alert_id > ${afterId}::bigint ORDER BY alert_id LIMIT ${limit} FOR UPDATE
        ), numbered AS (
          SELECT alert_id, CASE WHEN fresh THEN nextval('alerts_dispatch_seq') END AS seq FROM (SELECT * FROM due ORDER BY alert_id) d
        ), taken AS (
          UPDATE alerts a SET dispatch_seq = coalesce(a.dispatch_seq, n.seq) FROM numbered n WHERE a.alert_id = n.alert_id
          RETURNING a.alert_id, a.dispatch_seq, a.retracted_at, a.address, a.type, a.product_idx, a.inquiry_idx, a.retracts,
                    a.top_bid, a.top_symbol, a.floor_move
        )
        SELECT t.alert_id::text AS alert_id, CASE WHEN t.retracted_at IS NULL THEN t.dispatch_seq::text END AS seq, t.address, t.type,
               t.product_idx, t.inquiry_idx, t.retracted_at IS NOT NULL AS retracted,
               CASE WHEN t.retracts IS NOT NULL THEN (SELECT o.dispatch_seq::text FROM alerts o WHERE o.alert_id = t.retracts) END AS retracts,
               ${aboutColumns('t')}
        FROM taken t ${aboutJoin('t')} ORDER BY t.alert_id`.execute(db);
      return rows.rows.map(
        ({ alert_id, type, product_idx, inquiry_idx, item_name, top_bid, top_symbol, floor_move, ...r }) => ({
          ...r,
          ...aboutOf({ item_name, top_bid, top_symbol, floor_move }),
          alertId: alert_id,
          type: type as AlertTypeValue,
          productIdx: product_idx,
          inquiryIdx: inquiry_idx,
        }),
      );
    },

    /** Alerts committed and not yet dispatched, and the age of the oldest in seconds (0 when none). */
    async backlog(): Promise<{ count: number; oldestSeconds: number }> {
      const r = await db
        .selectFrom('alerts')
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8`.as('age'),
        ])
        .where('dispatched_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), oldestSeconds: Number(r.age) };
    },

    /**
     * The oldest alerts whose mail is still to be sent, with what the mail needs as it is now: the member's address,
     * language, name and whether they still want mail (flagEmail on, account not deleted), the item's name. A
     * correction's mail goes only if the mail of the alert it takes back went (that one comes first, in id order).
     * An outbid alert's mail names the bid that outbid the member: the bid its chain event placed (trading's table,
     * read only).
     */
    async mailsDue(limit: number): Promise<MailDue[]> {
      const rows = await sql<
        {
          alert_id: string;
          type: number;
          product_idx: number | null;
          retracted: boolean;
          email: string;
          lang: 'ko' | 'en';
          user_name: string;
          wants: boolean;
          address: string;
        } & AboutColumns
      >`
        SELECT a.alert_id::text AS alert_id, a.type, a.product_idx, a.address,
               a.retracted_at IS NOT NULL OR (a.retracts IS NOT NULL AND o.mailed_at IS NULL) AS retracted,
               m.email, m.lang, m.user_name, (m.flag_email = 1 AND m.state <> 'deleted') AS wants,
               ${aboutColumns('a')}
        FROM alerts a JOIN members m ON m.address = a.address
             LEFT JOIN alerts o ON o.alert_id = a.retracts ${aboutJoin('a')}
        WHERE a.mail_pending ORDER BY a.alert_id LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => ({
        alertId: r.alert_id,
        type: r.type as AlertTypeValue,
        productIdx: r.product_idx,
        address: r.address,
        email: r.email,
        lang: r.lang,
        userName: r.user_name,
        ...aboutOf(r),
        send: r.wants && !r.retracted,
      }));
    },

    /** The mail of an alert went out (`sent`), or is no longer wanted: it is not tried again. */
    async markMailed(alertId: string, sent: boolean, now: Date): Promise<void> {
      await db
        .updateTable('alerts')
        .set({ mail_pending: false, mailed_at: sent ? now : null })
        .where('alert_id', '=', alertId)
        .execute();
    },

    /** Keeps an unsubscribe token's hash for `address`; tokens older than `before` are dropped. */
    async saveUnsubscribe(tokenHash: string, address: string, before: Date): Promise<void> {
      await db.insertInto('mail_unsubscribes').values({ token_hash: tokenHash, address }).execute();
      await db.deleteFrom('mail_unsubscribes').where('created_at', '<', before).execute();
    },

    /** The address an unsubscribe token was sent to (undefined for an unknown one); `use` marks it used. */
    async unsubscribeAddress(tokenHash: string, use?: Date): Promise<string | undefined> {
      if (use) {
        const r = await db
          .updateTable('mail_unsubscribes')
          .set({ used_at: use })
          .where('token_hash', '=', tokenHash)
          .returning('address')
          .executeTakeFirst();
        return r?.address;
      }
      const r = await db
        .selectFrom('mail_unsubscribes')
        .select('address')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return r?.address;
    },

    /** Marks the member's alerts up to `upTo`, or the one alert `only`, read (all without either); returns how many stay unread. */
    async markRead(address: string, upTo: string | undefined, now: Date, only?: string): Promise<number> {
      let q = db
        .updateTable('alerts')
        .set({ read_at: now })
        .where('address', '=', address.toLowerCase())
        .where('read_at', 'is', null);
      if (upTo !== undefined) q = q.where('alert_id', '<=', upTo);
      if (only !== undefined) q = q.where('alert_id', '=', only);
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
      await sql`UPDATE alerts SET dispatched_at = ${now} WHERE alert_id = ANY(${[...alertIds]}::bigint[])`.execute(db);
    },
  };
}
