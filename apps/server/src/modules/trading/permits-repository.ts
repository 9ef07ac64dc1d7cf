/**
 * Transfer permits: a validator-signed `Transfer` of a holder's free pieces (the creator's unminted ones are minted
 * on the way), holding the pieces in the holder's `reserved` count until it is used on chain (`TransferredWithMint`)
 * or its deadline passes (the sweep).
 */
import { PermitState } from '@att/shared';
import type { Kysely } from 'kysely';
import { addReserved } from '../items';
import { sweep } from './order-book';
import type { Database, Db } from '../schema';

type Trx = Kysely<Database>;

/** Holds `amount` of the sender's pieces for a new permit (the caller checked they are free, under the lock). */
export async function insertPermit(
  trx: Trx,
  p: { itemIdx: number; from: string; to: string; amount: number; mintAmount: number; expiresAt: Date },
): Promise<string> {
  await addReserved(trx, p.itemIdx, p.from, p.amount);
  const r = await trx
    .insertInto('transfer_permits')
    .values({
      item_idx: p.itemIdx,
      from_address: p.from,
      to_address: p.to,
      amount: p.amount,
      mint_amount: p.mintAmount,
      expires_at: p.expiresAt,
    })
    .returning('transfer_id')
    .executeTakeFirstOrThrow();
  return String(r.transfer_id);
}

/** The permit `transferId` was used on chain: its pieces are no longer held. Returns its id when it was open. */
export async function usePermit(trx: Trx, transferId: string): Promise<string | undefined> {
  const permit = await trx
    .selectFrom('transfer_permits')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
  if (permit?.state !== PermitState.Open) return undefined;
  await trx
    .updateTable('transfer_permits')
    .set({ state: PermitState.Used })
    .where('transfer_id', '=', permit.transfer_id)
    .execute();
  await addReserved(trx, permit.item_idx, permit.from_address, -permit.amount);
  return String(permit.transfer_id);
}

/** Undoes `usePermit`. */
export async function reopenPermit(trx: Trx, transferId: string): Promise<void> {
  const p = await trx
    .selectFrom('transfer_permits')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('transfer_permits')
    .set({ state: PermitState.Open })
    .where('transfer_id', '=', p.transfer_id)
    .execute();
  await addReserved(trx, p.item_idx, p.from_address, p.amount);
}

/** Expires open permits past `graced` (a sweep; SKIP LOCKED) and frees their pieces. Returns how many. */
export async function expirePermits(db: Db, graced: Date, batch: number): Promise<number> {
  const due = { table: 'transfer_permits', id: 'transfer_id', states: [PermitState.Open], before: graced } as const;
  return sweep(db, { lock: 'self', due, end: expireLocked, none: 0 }, batch);
}

async function expireLocked(trx: Trx, locked: string[]): Promise<number> {
  const rows = await trx
    .updateTable('transfer_permits')
    .set({ state: PermitState.Expired })
    .where('transfer_id', 'in', locked)
    .where('state', '=', PermitState.Open)
    .returning(['item_idx', 'from_address', 'amount'])
    .execute();
  const held = new Map<string, { itemIdx: number; holder: string; n: number }>();
  for (const r of rows) {
    const key = `${r.item_idx}:${r.from_address}`;
    const h = held.get(key) ?? { itemIdx: r.item_idx, holder: r.from_address, n: 0 };
    h.n += r.amount;
    held.set(key, h);
  }
  for (const h of [...held.values()].sort((a, b) => a.itemIdx - b.itemIdx || (a.holder < b.holder ? -1 : 1)))
    await addReserved(trx, h.itemIdx, h.holder, -h.n);
  return rows.length;
}
