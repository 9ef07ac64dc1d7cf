/**
 * Offers and their accepts (SQL only; use cases decide return codes). An offer is inserted pending when the
 * validator signs it (its id is the `Offer`'s single-use id), becomes valid when the indexer sees `OfferMade`, and
 * loses pieces to `OfferAccepted` and `OfferCancelled`. An accept holds part of a valid offer (`reserved`) and the
 * seller's pieces (their inventory `reserved`) by ONE conditional UPDATE of the offer (never past remaining minus
 * reserved), so parallel accepts can never hold more than the offer has. Callers hold the offer's lock
 * (the order book's `lockInOrder`) for every change but that UPDATE, which is safe on its own.
 */
import { OfferAcceptState, OfferState, type OfferStateValue, type TokenSymbol } from '@att/shared';
import { sql, type Kysely } from 'kysely';
import { addReserved } from '../../../items';
import { refreshOfferSummary } from '../trade-summary';
import type { Database } from '../../../schema';
import { sweep } from '../sweep';

type Trx = Kysely<Database>;

export type OfferRow = NonNullable<Awaited<ReturnType<typeof offerById>>>;
export function offerById(db: Trx, offerIdx: string) {
  return db.selectFrom('offers').selectAll().where('offer_idx', '=', offerIdx).executeTakeFirst();
}

/** A pending offer (its pieces are escrowed only by the offerer's `makeOffer`); returns its id. */
export async function insertOffer(
  trx: Trx,
  o: {
    itemIdx: number;
    buyer: string;
    symbol: TokenSymbol;
    token: string;
    unitPrice: string;
    quantity: number;
    feeBps: number;
    expiry: number;
  },
): Promise<string> {
  const r = await trx
    .insertInto('offers')
    .values({
      item_idx: o.itemIdx,
      buyer_address: o.buyer,
      symbol: o.symbol,
      token_address: o.token,
      unit_price: o.unitPrice,
      quantity: o.quantity,
      remaining: o.quantity,
      fee_bps: o.feeBps,
      expiry: String(o.expiry),
      expires_at: new Date(o.expiry * 1000),
    })
    .returning('offer_idx')
    .executeTakeFirstOrThrow();
  return String(r.offer_idx);
}

/** Holds `amount` of a valid, unexpired offer for a new accept: one conditional UPDATE; undefined when it does not fit. */
export async function reserveOffer(
  trx: Trx,
  offerIdx: string,
  amount: number,
  now: Date,
): Promise<OfferRow | undefined> {
  return trx
    .updateTable('offers')
    .set((eb) => ({ reserved: eb('reserved', '+', amount), updated_at: now }))
    .where('offer_idx', '=', offerIdx)
    .where('state', '=', OfferState.Valid)
    .where('expires_at', '>', now)
    .where(sql<boolean>`remaining - reserved >= ${amount}`)
    .returningAll()
    .executeTakeFirst();
}

/** The accept of a reserved part of an offer; holds the seller's pieces. Returns its id (the `Accept`'s id). */
export async function insertAccept(
  trx: Trx,
  a: { offerIdx: string; itemIdx: number; seller: string; amount: number; mintAmount: number; expiresAt: Date },
): Promise<string> {
  await addReserved(trx, a.itemIdx, a.seller, a.amount);
  const r = await trx
    .insertInto('offer_accepts')
    .values({
      offer_idx: a.offerIdx,
      seller_address: a.seller,
      amount: a.amount,
      mint_amount: a.mintAmount,
      expires_at: a.expiresAt,
    })
    .returning('accept_id')
    .executeTakeFirstOrThrow();
  return String(r.accept_id);
}

/** The seller's open accept of the offer, if one waits to be sent (`now`: before its deadline). */
export async function openAcceptOf(trx: Trx, offerIdx: string, seller: string, now: Date) {
  return trx
    .selectFrom('offer_accepts')
    .select(['accept_id', 'amount', 'mint_amount', 'expires_at'])
    .where('offer_idx', '=', offerIdx)
    .where('seller_address', '=', seller)
    .where('state', '=', OfferAcceptState.Open)
    .where('expires_at', '>', now)
    .orderBy('accept_id', 'desc')
    .executeTakeFirst();
}

/**
 * The seller's open accepts on other offers and the accepts they let lapse since `since` (read under their lock), of
 * item offers or (`table`) of collection offers.
 */
export async function sellerAccepts(
  trx: Trx,
  seller: string,
  offerIdx: string,
  now: Date,
  since: Date,
  table: 'offer_accepts' | 'collection_offer_accepts' = 'offer_accepts',
) {
  const r = await sql<{ other_offers: number; lapsed: number; last_lapse_here: Date | string | null }>`
    SELECT count(DISTINCT offer_idx) FILTER (WHERE open AND offer_idx <> ${offerIdx})::int AS other_offers,
           count(*) FILTER (WHERE NOT open)::int AS lapsed,
           max(expires_at) FILTER (WHERE NOT open AND offer_idx = ${offerIdx}) AS last_lapse_here
    FROM (SELECT offer_idx, expires_at, expires_at > ${now} AS open FROM ${sql.table(table)}
          WHERE seller_address = ${seller} AND state IN (${OfferAcceptState.Open}, ${OfferAcceptState.Expired}) AND expires_at > ${since}
            AND (state = ${OfferAcceptState.Open} OR expires_at <= ${now})) a`.execute(trx);
  const row = r.rows[0]!;
  return {
    otherOffers: row.other_offers,
    lapsed: row.lapsed,
    lastLapseHere: row.last_lapse_here === null ? null : new Date(row.last_lapse_here),
  };
}

/** What an offer was before a chain event changed it (the event's undo puts it back). */
export interface OfferBefore {
  offerIdx: string;
  prevState: number;
  prevRemaining: number;
  prevReserved: number;
  prevMadeTx: string | null;
}

/** What an offer's open accepts hold, capped at what it has left (an accept that lapsed and was mined late may
 * have sold pieces open ones hold: the chain refuses those past what is left). */
const heldSql = (remaining: unknown) =>
  sql<number>`least(${remaining}, (SELECT coalesce(sum(a.amount), 0) FROM offer_accepts a WHERE a.offer_idx = offers.offer_idx AND a.state = ${OfferAcceptState.Open}))::int`;

/** Sets an offer's state and remaining (its held pieces recounted from its open accepts); returns what it was. */
export async function setOffer(
  trx: Trx,
  offer: OfferRow,
  to: { state: OfferStateValue | number; remaining: number; madeTx?: string | null },
): Promise<OfferBefore> {
  await trx
    .updateTable('offers')
    .set({
      state: to.state,
      remaining: to.remaining,
      reserved: heldSql(to.remaining),
      ...(to.madeTx !== undefined ? { made_tx: to.madeTx } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('offer_idx', '=', offer.offer_idx)
    .execute();
  await refreshOfferSummary(trx, offer.item_idx);
  return {
    offerIdx: String(offer.offer_idx),
    prevState: offer.state,
    prevRemaining: offer.remaining,
    prevReserved: offer.reserved,
    prevMadeTx: offer.made_tx,
  };
}

/** Puts an offer back as `setOffer` found it. */
export async function restoreOffer(trx: Trx, b: OfferBefore): Promise<void> {
  const o = await trx
    .updateTable('offers')
    .set({
      state: b.prevState,
      remaining: b.prevRemaining,
      reserved: b.prevReserved,
      made_tx: b.prevMadeTx,
      updated_at: sql<Date>`now()`,
    })
    .where('offer_idx', '=', b.offerIdx)
    .returning('item_idx')
    .executeTakeFirst();
  if (o) await refreshOfferSummary(trx, o.item_idx);
}

/**
 * The accept `acceptId` of `offerIdx` was used on chain: it is settled and the seller's pieces are no longer held by
 * it (the offer's held count is recounted by `setOffer`). Returns its state before (null: no such accept).
 */
export async function useAccept(
  trx: Trx,
  acceptId: string,
  offerIdx: string,
  itemIdx: number,
  txHash: string,
): Promise<number | null> {
  const a = await trx
    .selectFrom('offer_accepts')
    .selectAll()
    .where('accept_id', '=', acceptId)
    .where('offer_idx', '=', offerIdx)
    .executeTakeFirst();
  if (!a) return null;
  await trx
    .updateTable('offer_accepts')
    .set({ state: OfferAcceptState.Used, tx_hash: txHash })
    .where('accept_id', '=', a.accept_id)
    .execute();
  if (a.state === OfferAcceptState.Open) await addReserved(trx, itemIdx, a.seller_address, -a.amount);
  return a.state;
}

/** Undoes `useAccept`. */
export async function unuseAccept(trx: Trx, acceptId: string, itemIdx: number, prevState: number): Promise<void> {
  const a = await trx
    .updateTable('offer_accepts')
    .set({ state: prevState, tx_hash: null })
    .where('accept_id', '=', acceptId)
    .returning(['seller_address', 'amount'])
    .executeTakeFirst();
  if (a && prevState === OfferAcceptState.Open) await addReserved(trx, itemIdx, a.seller_address, a.amount);
}

/**
 * Expires open accepts past `graced` (a sweep): their part of the offer and the seller's pieces are free again. The
 * offers are locked first (SKIP LOCKED: one another transaction holds is taken on the next run). Returns how many.
 */
export async function expireAccepts(db: Kysely<Database>, graced: Date, batch: number): Promise<number> {
  const due = { table: 'offer_accepts', id: 'offer_idx', states: [OfferAcceptState.Open], before: graced } as const;
  return sweep(db, { lock: 'offers', due, end: expireLockedAccepts(graced), none: 0 }, batch);
}

const expireLockedAccepts = (graced: Date) => async (trx: Trx, locked: string[]) => {
  const rows = await trx
    .updateTable('offer_accepts')
    .set({ state: OfferAcceptState.Expired })
    .where('offer_idx', 'in', locked)
    .where('state', '=', OfferAcceptState.Open)
    .where('expires_at', '<', graced)
    .returning(['offer_idx', 'seller_address', 'amount'])
    .execute();
  await trx
    .updateTable('offers')
    .set({ reserved: heldSql(sql.ref('remaining')) })
    .where('offer_idx', 'in', locked)
    .execute();
  const items = new Map(
    (await trx.selectFrom('offers').select(['offer_idx', 'item_idx']).where('offer_idx', 'in', locked).execute()).map(
      (o) => [String(o.offer_idx), o.item_idx],
    ),
  );
  const held = rows
    .map((r) => ({ itemIdx: items.get(String(r.offer_idx))!, holder: r.seller_address, n: r.amount }))
    .sort((a, b) => a.itemIdx - b.itemIdx || (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0));
  for (const h of held) await addReserved(trx, h.itemIdx, h.holder, -h.n);
  return rows.length;
};

/** Removes an offer from a member's own list (idempotent). */
export async function deleteFromList(db: Trx, offerIdx: string, memberIdx: number): Promise<void> {
  await db
    .insertInto('offer_list_deletions')
    .values({ offer_idx: offerIdx, member_idx: memberIdx })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A rebuild from the chain (reindex) takes the chain's effect on offers back before it replays the chain: every
 * escrowed offer waits pending with all its pieces (an expired one stays expired: the sweep wrote its history
 * once), and accepts hold nothing (used ones are marked used again by the replay; open ones lapse, as the
 * pieces they held were given back).
 */
export async function parkOffers(trx: Trx): Promise<void> {
  await trx
    .updateTable('offers')
    .set((eb) => ({
      state: eb.case().when('state', '=', OfferState.Expired).then(OfferState.Expired).else(OfferState.Pending).end(),
      remaining: eb.ref('quantity'),
      reserved: 0,
      made_tx: null,
    }))
    .where('made_tx', 'is not', null)
    .execute();
  await trx.updateTable('offers').set({ reserved: 0 }).where('reserved', '>', 0).execute();
  await trx
    .updateTable('offer_accepts')
    .set({ state: OfferAcceptState.Expired, tx_hash: null })
    .where('state', 'in', [OfferAcceptState.Open, OfferAcceptState.Used])
    .execute();
}
