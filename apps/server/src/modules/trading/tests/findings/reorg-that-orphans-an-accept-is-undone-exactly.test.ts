/**
 * A reorg orphans the block of an accepted offer: the indexer undoes it exactly (the offer's remaining and the
 * accept's hold back, the pieces back with the seller unminted, no trade, no history, no alert left), so the
 * database is what it was before the accept was mined; the same signed accept, sent again on the new chain,
 * settles as if the first had never been.
 */
import { OfferState } from '@att/shared';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import type { Database } from '../../../schema';
import { acceptReq, makeOffer, offerRow, sendAccept, type AcceptData } from '../offer-helpers';
import { TOKEN, alice, bob, c, indexer, setUpChain } from '../trading-fixture';

setUpChain();

async function state(db: Kysely<Database>, productId: number, offerIdx: string) {
  return {
    offer: await db
      .selectFrom('offers')
      .select(['state', 'remaining', 'reserved'])
      .where('offer_idx', '=', offerIdx)
      .executeTakeFirstOrThrow(),
    accepts: await db
      .selectFrom('offer_accepts')
      .select(['accept_id', 'state', 'tx_hash'])
      .where('offer_idx', '=', offerIdx)
      .orderBy('accept_id')
      .execute(),
    inventory: (
      await db
        .selectFrom('inventory')
        .select(['holder_address', 'amount', 'on_sale', 'reserved'])
        .where('item_idx', '=', productId)
        .orderBy('holder_address')
        .execute()
    ).filter((r) => r.amount > 0),
    item: await db
      .selectFrom('items')
      .select(['minted_supply', 'trade_count', 'last_price', 'offer_count'])
      .where('item_idx', '=', productId)
      .executeTakeFirstOrThrow(),
    history: await db
      .selectFrom('trade_history')
      .select(['event_type', 'amount'])
      .where('item_idx', '=', productId)
      .orderBy('history_idx')
      .execute(),
    // Live alerts: a correction follows the undone one only if the dispatcher (running beside the test) had sent it.
    alerts: await db
      .selectFrom('alerts')
      .select('type')
      .where('product_idx', '=', productId)
      .where('retracted_at', 'is', null)
      .where('retracts', 'is', null)
      .execute(),
  };
}

it('a reorg that orphans an accept restores the offer, the pieces and the accept exactly; the accept can be sent again', async () => {
  const item = await publish(c, alice, 3);
  const id = await makeOffer(c, bob, item.productId, { amount: 3, price: 2n * TOKEN });
  await indexer.catchUp();
  const d = (await acceptReq(c, alice, id, 2)).body.data as AcceptData;
  const before = await state(c.t.db, item.productId, id);
  expect(before.offer).toEqual({ state: OfferState.Valid, remaining: 3, reserved: 2 });

  const snapshot = await c.rpc<string>('evm_snapshot');
  await sendAccept(c, alice, d);
  await indexer.catchUp();
  const accepted = await state(c.t.db, item.productId, id);
  expect(accepted.offer).toEqual({ state: OfferState.Valid, remaining: 1, reserved: 0 });
  expect(accepted.item.minted_supply).toBe(2);
  expect(accepted.alerts.length).toBe(1);

  await c.rpc('evm_revert', [snapshot]);
  await c.rpc('evm_mine');
  await c.rpc('evm_mine');
  for (let i = 0; i < 3; i++) await indexer.step();
  expect(await state(c.t.db, item.productId, id)).toEqual(before);

  await sendAccept(c, alice, d);
  await indexer.catchUp();
  const again = await state(c.t.db, item.productId, id);
  expect(again.offer).toEqual({ state: OfferState.Valid, remaining: 1, reserved: 0 });
  expect(await offerRow(c, id)).toMatchObject({ remaining: 1 });
  expect(again.inventory.find((r) => r.holder_address === bob.address)?.amount).toBe(2);
});
