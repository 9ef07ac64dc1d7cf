import { itemsAbi, marketAbi } from '@att/contracts';
import { HistoryEvent, ReturnCode } from '@att/shared';
import { createPublicClient, custom, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, testIndexer, list, publish, trader, type ChainTest, type Trader } from '../../../../test/chain';
import type { Indexer } from '../indexer/sync';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;
const indexer = (batchBlocks?: number, client: PublicClient = c.client): Indexer =>
  testIndexer(c, { batchBlocks, client });
/** Alerts queued in the outbox (and not retracted) for a seller; a correction the dispatcher's timing causes is not one. */
const queuedAlerts = async (address: string) =>
  (
    await c.t.db
      .selectFrom('alerts')
      .select('alert_id')
      .where('address', '=', address)
      .where('retracted_at', 'is', null)
      .where('retracts', 'is', null)
      .execute()
  ).length;

beforeAll(async () => {
  c = await chainTest();
  [alice, bob] = [await trader(c, 4), await trader(c, 5)];
}, 120_000);
afterAll(async () => c?.close());

const counters = async (seller: string) =>
  (
    await c.t.db
      .selectFrom('seller_counters')
      .select(['block_number', 'counter'])
      .where('seller_address', '=', seller)
      .orderBy('block_number')
      .execute()
  ).map((r) => ({
    block_number: String(r.block_number),
    counter: String(r.counter),
  }));
const storedCounterLogs = async () =>
  (await c.t.db.selectFrom('chain_logs').select('block_number').where('event', '=', 'CounterIncremented').execute())
    .length;
/** Sends `n` incrementCounter transactions of each trader into one block. */
async function counterBlock(per: [Trader, number][]): Promise<bigint> {
  await c.rpc('evm_setAutomine', [false]);
  for (const [who, n] of per) {
    for (let i = 0; i < n; i++)
      await who.wallet.writeContract({ address: c.d.market, abi: marketAbi, functionName: 'incrementCounter' });
  }
  await c.rpc('evm_mine');
  await c.rpc('evm_setAutomine', [true]);
  return c.client.getBlockNumber();
}

describe('indexer: counters, replays, reorgs and two indexers', () => {
  it('a counter that ends nothing keeps one row per seller and block, no claim; replay adds nothing; a reorg takes it back', async () => {
    const ix = indexer();
    const b1 = await counterBlock([
      [alice, 3],
      [bob, 2],
    ]);
    const snapshot = await c.rpc<string>('evm_snapshot');
    const b2 = await counterBlock([[alice, 1]]);
    expect(await ix.catchUp()).toBeGreaterThanOrEqual(6);
    expect(await counters(alice.address)).toEqual([
      { block_number: String(b1), counter: '3' },
      { block_number: String(b2), counter: '4' },
    ]);
    expect(await counters(bob.address)).toEqual([{ block_number: String(b1), counter: '2' }]);
    expect(await storedCounterLogs()).toBe(0);
    // The server refuses a listing signed under a counter the chain has cancelled.
    const item = await publish(c, alice, 2);
    const lazy = { editionSize: 2, royaltyBps: 500 };
    expect((await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 3n })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );

    // Replaying every block from the start (the cursor lost) writes the same rows.
    await c.t.db.deleteFrom('indexer_cursor').execute();
    await ix.catchUp();
    expect(await counters(alice.address)).toHaveLength(2);
    expect(await storedCounterLogs()).toBe(0);

    // The block of Alice's fourth increment is orphaned: her counter is 3 again, and a listing under 3 is fine.
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    await ix.catchUp();
    expect(await counters(alice.address)).toEqual([{ block_number: String(b1), counter: '3' }]);
    expect((await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 3n })).res.returnCode).toBe(0);
  });

  it('a counter that ends a live listing is claimed with its undo; a reorg of its block reopens the listing', async () => {
    const ix = indexer();
    await ix.catchUp();
    const item = await publish(c, bob, 3);
    const { res } = await list(c, bob, item, {
      quantity: 2,
      price: 2n * TOKEN,
      lazy: { editionSize: 3, royaltyBps: 500 },
    });
    expect(res.returnCode).toBe(0);
    const id = String((res.body.data as { instanceId: number }).instanceId);
    const snapshot = await c.rpc<string>('evm_snapshot');
    await counterBlock([[bob, 1]]);
    await ix.catchUp();
    const state = async () =>
      (await c.t.db.selectFrom('listings').select('state').where('listing_idx', '=', id).executeTakeFirstOrThrow())
        .state;
    expect(await state()).toBe(3);
    expect(await storedCounterLogs()).toBe(1);

    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    await ix.catchUp();
    expect(await state()).toBe(1);
    expect(await storedCounterLogs()).toBe(0);
    const inv = await c.t.db
      .selectFrom('inventory')
      .select(['amount', 'on_sale'])
      .where('item_idx', '=', item.productId)
      .where('holder_address', '=', bob.address)
      .executeTakeFirstOrThrow();
    expect(inv).toEqual({ amount: 3, on_sale: 2 });
  });

  it('two indexers stepping at once on one database apply each range once', async () => {
    await indexer().catchUp();
    for (let i = 0; i < 6; i++)
      await counterBlock([
        [alice, 2],
        [bob, 1],
      ]);
    const a = indexer(1);
    const b = indexer(1);
    const [na, nb] = await Promise.all([a.catchUp(), b.catchUp()]);
    // 18 new logs, each applied by exactly one of the two (the other found the cursor moved and applied nothing).
    expect(na + nb).toBe(18);
    const top = await c.t.db
      .selectFrom('seller_counters')
      .select(({ fn }) => fn.max('counter').as('max'))
      .where('seller_address', '=', alice.address)
      .executeTakeFirstOrThrow();
    expect(String(top.max)).toBe(
      String(
        await c.client.readContract({
          address: c.d.market,
          abi: marketAbi,
          functionName: 'counterOf',
          args: [alice.address],
        }),
      ),
    );
  });

  /** A node client through which the test can fail calls, and which can leave `blockTimestamp` out of logs. */
  function flakyNode() {
    const node = { failBlocks: false, noLogTimes: false };
    const client = createPublicClient({
      transport: custom({
        request: async ({ method, params }: { method: string; params?: unknown }) => {
          if (node.failBlocks && method === 'eth_getBlockByNumber') throw new Error('connect ETIMEDOUT');
          const r = await c.client.request({ method, params } as never);
          if (node.noLogTimes && method === 'eth_getLogs')
            return (r as Record<string, unknown>[]).map(({ blockTimestamp: _, ...l }) => l);
          return r;
        },
      }),
    }) as PublicClient;
    return { node, client };
  }
  const soldTo = async (buyer: Trader, beforeBuy?: () => Promise<void>) => {
    const item = await publish(c, alice, 3);
    const { res } = await list(c, alice, item, {
      quantity: 2,
      price: 2n * TOKEN,
      lazy: { editionSize: 3, royaltyBps: 500 },
    });
    const p = await c.t.post('/nft/instance/purchase', {
      ...buyer.auth,
      instanceId: (res.body.data as { instanceId: number }).instanceId,
      quantity: 1,
    });
    expect(p.returnCode).toBe(0);
    await beforeBuy?.();
    const receipt = await buyer.buy(p.body.data as never);
    return { item, receipt };
  };

  it('a failed block read is retried, not taken for a reorg: nothing is undone and no alert is sent twice', async () => {
    await Promise.all([alice.approveAll(), bob.approveAll()]);
    const { node, client } = flakyNode();
    const ix = indexer(undefined, client);
    await ix.catchUp();
    const { item } = await soldTo(bob);
    await ix.catchUp();
    const sent = await queuedAlerts(alice.address);
    expect(sent).toBeGreaterThan(0);
    const inventory = () =>
      c.t.db
        .selectFrom('inventory')
        .select(['holder_address', 'amount'])
        .where('item_idx', '=', item.productId)
        .orderBy('holder_address')
        .execute();
    const history = () =>
      c.t.db
        .selectFrom('trade_history')
        .select(['event_type', 'history_idx'])
        .where('item_idx', '=', item.productId)
        .orderBy('history_idx')
        .execute();
    const [inv, hist, cur] = [await inventory(), await history(), await ix.cursor()];
    expect(inv).toContainEqual({ holder_address: bob.address, amount: 1 });

    node.failBlocks = true;
    await expect(ix.step()).rejects.toThrow(/ETIMEDOUT/);
    await c.rpc('evm_mine');
    // Reading a new range fails too: the step is retried later, with nothing undone.
    const r = await ix.step().catch(() => undefined);
    expect(r?.reorged ?? 0).toBe(0);
    node.failBlocks = false;

    expect(await inventory()).toEqual(inv);
    expect(await history()).toEqual(hist);
    expect((await ix.cursor())?.block_hash).toBe(cur?.block_hash);
    await ix.catchUp();
    expect(await inventory()).toEqual(inv);
    expect(await history()).toEqual(hist);
    expect(await queuedAlerts(alice.address)).toBe(sent);
  });

  it('history rows are dated by their block, whether the node sends the time with the logs or not', async () => {
    const { node, client } = flakyNode();
    const ix = indexer(undefined, client);
    await ix.catchUp();
    for (const noLogTimes of [false, true]) {
      node.noLogTimes = noLogTimes;
      // The sale's block is dated 90 s ahead of the clock (inside the Buy's deadline): the row must carry the
      // block's time, not the time the indexer wrote it.
      const { item, receipt } = await soldTo(bob, async () => {
        const latest = await c.client.getBlock({ blockTag: 'latest' });
        await c.rpc('evm_setNextBlockTimestamp', [
          Math.max(Number(latest.timestamp), Math.floor(Date.now() / 1000)) + 90,
        ]);
      });
      const block = await c.client.getBlock({ blockNumber: receipt.blockNumber });
      await ix.catchUp();
      const rows = await c.t.db
        .selectFrom('trade_history')
        .select(['created_at', 'block_number'])
        .where('item_idx', '=', item.productId)
        .where('tx_hash', '=', receipt.transactionHash.toLowerCase())
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows)
        expect(new Date(r.created_at as unknown as string).getTime()).toBe(Number(block.timestamp) * 1000);
    }
  });

  it("a seller who takes the Market's approval away ends their minted listings (not the lazy ones); a reorg reopens them", async () => {
    await Promise.all([alice.approveAll(), bob.approveAll()]);
    const ix = indexer();
    // Bob owns 2 minted pieces (bought from Alice's lazy listing), lists one; Bob's own lazy listing stays. His
    // second purchase comes right after the first, before any indexing: it gets a new Buy, not the spent one.
    const { item } = await soldTo(bob);
    const first = await c.t.db
      .selectFrom('listings')
      .select('listing_idx')
      .where('item_idx', '=', item.productId)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow();
    const p2 = await c.t.post('/nft/instance/purchase', {
      ...bob.auth,
      instanceId: Number(first.listing_idx),
      quantity: 1,
    });
    expect(p2.returnCode).toBe(0);
    await bob.buy(p2.body.data as never);
    await ix.catchUp();
    const minted = await list(c, bob, item, { quantity: 1, price: 3n * TOKEN });
    expect(minted.res.returnCode).toBe(0);
    const own = await publish(c, bob, 2);
    const lazy = await list(c, bob, own, { quantity: 1, price: 3n * TOKEN, lazy: { editionSize: 2, royaltyBps: 500 } });
    expect(lazy.res.returnCode).toBe(0);
    const state = async (r: typeof minted) =>
      (
        await c.t.db
          .selectFrom('listings')
          .select('state')
          .where('listing_idx', '=', String((r.res.body.data as { instanceId: number }).instanceId))
          .executeTakeFirstOrThrow()
      ).state;

    const snapshot = await c.rpc<string>('evm_snapshot');
    await bob.mined(
      await bob.wallet.writeContract({
        address: c.d.items,
        abi: itemsAbi,
        functionName: 'setApprovalForAll',
        args: [c.d.market, false],
      }),
    );
    await ix.catchUp();
    expect(await state(minted)).toBe(3);
    expect(await state(lazy)).toBe(1);
    const cancels = await c.t.db
      .selectFrom('trade_history')
      .select('event_type')
      .where('item_idx', '=', item.productId)
      .where('event_type', '=', HistoryEvent.ListCancel)
      .execute();
    expect(cancels).toHaveLength(1);

    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    await ix.catchUp();
    expect(await state(minted)).toBe(1);
    expect(
      await c.t.db
        .selectFrom('trade_history')
        .select('event_type')
        .where('item_idx', '=', item.productId)
        .where('event_type', '=', HistoryEvent.ListCancel)
        .execute(),
    ).toHaveLength(0);
  });
});
