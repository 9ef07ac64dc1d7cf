/**
 * A 3-block reorg that orphans a bid and the keeper's settlement: the indexer undoes both exactly (auction, bids,
 * inventory, item columns, history and withdrawable balances as before them), and the same bid and settlement
 * mined again on the new branch are applied once, to the same result.
 */
import { AuctionState } from '@att/shared';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../test/chain';
import type { Database } from '../../schema';
import { bid, startAuction, testKeeper, travel } from './auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

/** What the chain decided about one auction and its item (hashes, row ids and write times left out). */
async function state(db: Kysely<Database>, id: number, itemIdx: number) {
  const text = (r: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v === null ? null : String(v)]),
    );
  const auction = await db
    .selectFrom('auctions')
    .selectAll()
    .where('auction_id', '=', String(id))
    .executeTakeFirstOrThrow();
  const { updated_at: _u, ...a } = auction;
  const bids = await db
    .selectFrom('auction_bids')
    .select(['bidder_address', 'amount', 'state'])
    .where('auction_id', '=', String(id))
    .orderBy('bid_idx')
    .execute();
  const holders = [c.d.market, alice.address, bob.address, carol.address].map((h) => h.toLowerCase());
  const inventory = await db
    .selectFrom('inventory')
    .select(['holder_address', 'amount', 'on_sale'])
    .where('item_idx', '=', itemIdx)
    .where('holder_address', 'in', holders)
    .orderBy('holder_address')
    .execute();
  const item = await db
    .selectFrom('items')
    .select([
      'sale_type',
      'price_amount',
      'price_symbol',
      'sale_expires_at',
      'bid_count',
      'bid_max_price',
      'trade_count',
      'last_price',
      'minted_supply',
      'escrow_owner',
      'escrow_kind',
    ])
    .where('item_idx', '=', itemIdx)
    .executeTakeFirstOrThrow();
  const history = await db
    .selectFrom('trade_history')
    .select(['event_type', 'unit_price', 'from_address', 'to_address', 'royalty'])
    .where('item_idx', '=', itemIdx)
    .orderBy('history_idx')
    .execute();
  const withdrawable = await db
    .selectFrom('withdrawable_balances')
    .select(['account_address', 'token_address', 'amount'])
    .orderBy('account_address')
    .execute();
  return {
    auction: text(a),
    bids: bids.map(text),
    inventory: inventory.filter((r) => r.amount > 0).map(text),
    item: text(item),
    history: history.map(text),
    withdrawable: withdrawable.map(text),
  };
}

describe('a reorg of an auction', () => {
  it('undoes an orphaned bid and settlement exactly, and applies them once when mined again', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await indexer.catchUp();
    const before = await state(c.t.db, id, item.productId);
    const snapshot = await c.rpc<string>('evm_snapshot');
    const snapshotTime = Number((await c.client.getBlock()).timestamp);

    // Three blocks: Carol's bid, time past the end, the keeper's settlement.
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await travel(31 * 60);
    expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    const settled = await state(c.t.db, id, item.productId);
    expect(settled.auction).toMatchObject({
      state: String(AuctionState.Ended),
      winner_address: carol.address,
      price: String(2n * TOKEN),
    });
    expect(settled.inventory).toEqual([{ holder_address: carol.address, amount: '1', on_sale: '0' }]);
    expect(before.item).toMatchObject({ escrow_owner: alice.address, escrow_kind: 'auction' });
    expect(settled.item).toMatchObject({ escrow_owner: null, escrow_kind: null });

    // The three blocks are orphaned: the chain goes back and grows past them with empty blocks.
    await c.rpc('evm_revert', [snapshot]);
    // The clock goes back with the chain (whether or not this anvil restores its time offset on a revert).
    await c.rpc('evm_setNextBlockTimestamp', [snapshotTime + 1]);
    for (let i = 0; i < 4; i++) await c.rpc('evm_mine');
    await indexer.catchUp();
    expect(await state(c.t.db, id, item.productId)).toEqual(before);

    // The same bid and settlement on the new branch: applied once, to the same result.
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await travel(31 * 60);
    expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
    await indexer.catchUp();
    await indexer.catchUp();
    expect(await state(c.t.db, id, item.productId)).toEqual(settled);
  });
});
