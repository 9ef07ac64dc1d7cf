/**
 * The migration that gives items their escrowed piece and outbid alerts their top bid fills the rows written before
 * it from the auctions and their bids: taken back and run again (in one transaction, beside the running app), it
 * gives the live auction's item and the outbid alert what the order book wrote.
 */
import { AlertType } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { migrations } from '../../../../platform/db/migrations';
import { bid, escrowOf, startAuction } from '../auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

const facts = async (productId: number) => ({
  item: await escrowOf(productId),
  outbid: await c.t.db
    .selectFrom('alerts')
    .select(['address', 'top_bid', 'top_symbol'])
    .where('type', '=', AlertType.Outbid)
    .where('product_idx', '=', productId)
    .execute(),
});

describe('the rows written before the escrow and outbid facts', () => {
  it('are filled from the auctions and their bids', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await indexer.catchUp();
    const written = await facts(item.productId);
    expect(written).toEqual({
      item: { escrow_owner: alice.address, escrow_kind: 'auction' },
      outbid: [{ address: bob.address, top_bid: String(2n * TOKEN), top_symbol: 'KLAY' }],
    });

    const m = migrations['0031_escrow_and_outbid_facts']!;
    await c.t.db.transaction().execute(async (trx) => {
      await m.down!(trx);
      await m.up(trx);
    });
    expect(await facts(item.productId)).toEqual(written);
  });
});
