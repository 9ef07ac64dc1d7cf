/**
 * A purchase reads the chain (is this reservation's Buy id spent?) before its database transaction opens. With a
 * chain node that takes seconds to answer, an unrelated request must not wait for it: on PGlite (the default) an
 * open transaction holds the only connection, so a chain read inside it would stall every request behind it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../test/chain';

/** A chain read the proxy holds: pending until the test lets it through or the app gives up on it. */
interface Held {
  pending: boolean;
  release: () => void;
}

/**
 * A JSON-RPC proxy in front of anvil; while `hold`, every eth_call waits in `held` until the test lets it through:
 * a chain node as slow as the test wants, with no timer in the way.
 */
function holdingProxy() {
  let target: (url: string) => void = () => undefined;
  const anvilUrl = new Promise<string>((r) => (target = r));
  const state = { hold: false, delayed: 0, held: [] as Held[] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (state.hold && body.includes('"eth_call"')) {
      state.delayed += 1;
      await new Promise<void>((resolve) => {
        const h: Held = { pending: true, release: () => ((h.pending = false), resolve()) };
        // The app gave up waiting (its client's own timeout): no longer pending.
        res.once('close', () => (h.pending = false));
        state.held.push(h);
      });
    }
    const upstream = await fetch(await anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(await upstream.text());
  });
  const releaseAll = () => {
    state.hold = false;
    for (const h of state.held.splice(0)) h.release();
  };
  return { server, state, target, releaseAll };
}

let c: ChainTest;
const proxy = holdingProxy();
beforeAll(async () => {
  await new Promise<void>((r) => proxy.server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
  c = await chainTest({}, (anvilUrl) => {
    proxy.target(anvilUrl);
    return url;
  });
}, 180_000);
afterAll(async () => {
  proxy.releaseAll();
  await c?.close();
  proxy.server.close();
});

describe('a slow chain node during a purchase', () => {
  it('does not delay an unrelated request: the Buy-id read happens before the transaction opens', async () => {
    const [alice, bob] = [await trader(c, 4), await trader(c, 5)];
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, {
      quantity: 2,
      price: 10n ** 18n,
      lazy: { editionSize: 2, royaltyBps: 500 },
    });
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect((await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);

    // The same purchase again (a reload): the server asks the chain whether the open reservation's Buy is spent.
    // Every chain read it makes is held while unrelated requests and queries go through beside it: each must be done
    // while the read is still unanswered. (One that waited for the read would be done only once the app's client
    // gave up on it; the watchdog, far longer than any request takes, only ends a hang.)
    proxy.state.hold = true;
    let done = false;
    const again = c.t
      .post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })
      .finally(() => (done = true));
    let asked = 0;
    for (;;) {
      await vi.waitUntil(() => done || proxy.state.held.length > 0, { timeout: 60_000, interval: 10 });
      const read = proxy.state.held.shift();
      if (!read) break;
      const watchdog = setTimeout(() => {
        read.release();
        proxy.releaseAll();
      }, 60_000);
      const unrelated = await c.t.post('/nft/instance/list/item', { productId: item.productId });
      await c.t.db.selectFrom('members').select('member_idx').limit(1).execute();
      clearTimeout(watchdog);
      expect(unrelated.returnCode).toBe(0);
      expect(read.pending, 'an unrelated request or query waited for the chain').toBe(true);
      asked += 1;
      read.release();
    }
    const reloaded = await again;
    proxy.releaseAll();

    expect(proxy.state.delayed).toBeGreaterThan(0);
    expect(asked).toBe(proxy.state.delayed);
    expect(reloaded.returnCode).toBe(0);
  }, 180_000);
});
