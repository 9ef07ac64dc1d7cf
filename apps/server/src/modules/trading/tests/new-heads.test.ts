/** The indexer hears of new blocks by `eth_subscribe newHeads` (anvil's websocket on its RPC port), not only by its poll. */
import { describe, expect, it, vi } from 'vitest';
import { chainTest } from '../../../../test/chain';
import { newHeadsUrl } from '../indexer/new-heads';

describe('indexer: new blocks by subscription', () => {
  it("the websocket URL: a ws RPC URL itself, an http one's twin on the same port, none when off", () => {
    expect(newHeadsUrl('auto', 'http://127.0.0.1:8545')).toBe('ws://127.0.0.1:8545/');
    expect(newHeadsUrl('auto', 'https://node.example/rpc')).toBe('wss://node.example/rpc');
    expect(newHeadsUrl('auto', 'ws://127.0.0.1:8546')).toBe('ws://127.0.0.1:8546');
    expect(newHeadsUrl('wss://other.example/ws', 'http://127.0.0.1:8545')).toBe('wss://other.example/ws');
    expect(newHeadsUrl('off', 'http://127.0.0.1:8545')).toBeUndefined();
    expect(newHeadsUrl(undefined, 'http://127.0.0.1:8545')).toBeUndefined();
  });

  it('with a poll of a minute, a new block on anvil is indexed at once: the subscription wakes the indexer', async () => {
    const c = await chainTest({
      config: {
        trading: {
          startBlock: 0,
          confirmations: 0,
          indexer: true,
          pollMs: 60_000,
          reservationSeconds: 600,
          ws: 'auto',
        },
      },
    });
    try {
      const cursor = async () =>
        Number(
          (await c.t.db.selectFrom('indexer_cursor').select('block_number').executeTakeFirst())?.block_number ?? -1,
        );
      // The start's first pass indexes up to the head; then the subscription opens.
      const head = Number(await c.client.getBlockNumber());
      await vi.waitUntil(async () => (await cursor()) >= head && c.t.app.trading.newHeads?.listening() === true, {
        timeout: 20_000,
        interval: 20,
      });
      await c.rpc('evm_mine');
      // Far below the poll: only the subscription can have woken the indexer this soon.
      await vi.waitUntil(async () => (await cursor()) >= head + 1, { timeout: 10_000, interval: 20 });
      expect(await cursor()).toBe(head + 1);
    } finally {
      await c.close();
    }
  }, 120_000);
});
