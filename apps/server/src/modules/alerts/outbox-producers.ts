/**
 * What producers write to the alert outbox (SQL only), each in their own transaction: `enqueueAlert` with the event
 * that causes the alert, so an alert exists exactly when its event was committed; `retractAlertsOf` with the undo of
 * a chain event a reorg undid (and a correction for each of its alerts already numbered for sending); a rebuild's
 * watermark and drop.
 */
import { ALERT_KINDS, AlertType, type AlertFlag, type AlertTypeValue, type TokenSymbol } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export interface AlertSource {
  chainId: number;
  txHash: string;
  logIndex: number;
}

export interface NewAlert {
  address: string;
  type: AlertTypeValue;
  productIdx?: number;
  inquiryIdx?: number;
  /** The chain event that caused it, when one did. */
  source?: AlertSource;
  /** MinOffer only: the offer's price per piece, sent only to a member whose minimum in that token it reaches. */
  offer?: { symbol: TokenSymbol; unitPrice: bigint };
}

/** The members column of each alert flag (accounts' table; the alerts module only reads it). */
const FLAG_COLUMN: Record<AlertFlag, string> = {
  flagItemSell: 'flag_item_sell',
  flagBid: 'flag_bid',
  flagAcceptOffer: 'flag_accept_offer',
  flagExpiredSell: 'flag_expired_sell',
  flagOverOffer: 'flag_over_offer',
  flagMinOffer: 'flag_min_offer',
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
  const address = a.address.toLowerCase();
  const flag = ALERT_KINDS[a.type].flag;
  const wants = [sql`m.address = ${address}`, sql`m.state <> 'deleted'`];
  if (flag) wants.push(sql`${sql.ref(`m.${FLAG_COLUMN[flag]}`)} = 1`);
  if (a.type === AlertType.MinOffer) {
    if (!a.offer) throw new Error('a MinOffer alert needs the offer');
    wants.push(sql`${sql.ref(`m.${MIN_OFFER_COLUMN[a.offer.symbol]}`)} <= ${a.offer.unitPrice.toString()}::numeric`);
  }
  // A mail follows when the member wants alerts by e-mail now and their address is verified (the mail job sends it).
  const r = await sql`
    INSERT INTO alerts (address, type, product_idx, inquiry_idx, chain_id, tx_hash, log_index, mail_pending)
    SELECT m.address, ${a.type}::int, ${a.productIdx ?? null}::int, ${a.inquiryIdx ?? null}::int, ${a.source?.chainId ?? null}::int,
           ${a.source?.txHash ?? null}::text, ${a.source?.logIndex ?? null}::int, (m.flag_email = 1 AND m.email_verified_at IS NOT NULL)
    FROM members m WHERE ${sql.join(wants, sql` AND `)}`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
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
  const sent = undone.filter((a) => a.dispatch_seq !== null).sort((a, b) => (BigInt(String(a.alert_id)) < BigInt(String(b.alert_id)) ? -1 : 1));
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
}

/** The newest alert's id ('0' when none): a rebuild's watermark. */
export async function lastAlertId(db: Kysely<Database>): Promise<string> {
  const r = await db.selectFrom('alerts').select(sql<string>`coalesce(max(alert_id), 0)::text`.as('id')).executeTakeFirstOrThrow();
  return r.id;
}

/** Deletes the alerts chain events of `chainId` queued after `afterId`: a rebuild replays events members were told of long ago. */
export async function dropReplayedAlerts(db: Kysely<Database>, chainId: number, afterId: string): Promise<number> {
  const r = await db.deleteFrom('alerts').where('alert_id', '>', afterId).where('chain_id', '=', chainId).where('tx_hash', 'is not', null).executeTakeFirst();
  return Number(r.numDeletedRows);
}

