import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest, type PurchaseData } from '../../../../test/chain';

let c: ChainTest;
beforeAll(async () => {
  // The app starts the indexer and scheduler itself (INDEXER on), as `npm start` does.
  c = await chainTest({
    config: { trading: { startBlock: 0, confirmations: 0, indexer: true, pollMs: 50, reservationSeconds: 600 } },
  });
}, 120_000);
afterAll(async () => c?.close());

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('trading workers in the app', () => {
  it('index a sale on their own and alert the seller', async () => {
    const [alice, bob] = [await trader(c, 4), await trader(c, 5)];
    await bob.approveAll();
    const sent: string[] = [];
    const unsubscribe = c.t.app.alerts.subscribe(
      alice.address,
      { send: (m) => sent.push(m), close: () => undefined },
      'test',
    );
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, {
      quantity: 1,
      price: 10n ** 18n,
      symbol: 'KLAY',
      lazy: { editionSize: 2, royaltyBps: 500 },
    });
    const id = (res.body.data as { instanceId: number }).instanceId;
    const p = await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId: id, quantity: 1 });
    await bob.buy(p.body.data as PurchaseData);
    const inv = await until(
      () =>
        c.t.db
          .selectFrom('inventory')
          .select('amount')
          .where('item_idx', '=', item.productId)
          .where('holder_address', '=', bob.address)
          .executeTakeFirst(),
      (v) => v?.amount === 1,
    );
    expect(inv?.amount).toBe(1);
    await until(
      async () => sent.length,
      (n) => n > 0,
    );
    expect(JSON.parse(sent[0]!)).toMatchObject({ type: 1, data: { productIdx: item.productId } });
    unsubscribe();
    const cursor = await c.t.db.selectFrom('indexer_cursor').selectAll().executeTakeFirst();
    expect(Number(cursor?.block_number)).toBeGreaterThan(0);
  });
});
