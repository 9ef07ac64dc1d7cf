/**
 * A purchase reads the chain (is this reservation's Buy id spent?) before its database transaction opens. With a
 * chain node that takes seconds to answer, an unrelated request must not wait for it: on PGlite (the default) an
 * open transaction holds the only connection, so a chain read inside it would stall every request behind it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../test/chain';

const SLOW_MS = 5_000;

/** A JSON-RPC proxy in front of anvil; while `slow`, every eth_call answers SLOW_MS late. */
function slowProxy() {
  let target: (url: string) => void = () => undefined;
  const anvilUrl = new Promise<string>((r) => (target = r));
  const state = { slow: false, delayed: 0 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (state.slow && body.includes('"eth_call"')) {
      state.delayed += 1;
      await new Promise((r) => setTimeout(r, SLOW_MS));
    }
    const upstream = await fetch(await anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(await upstream.text());
  });
  return { server, state, target };
}

let c: ChainTest;
const proxy = slowProxy();
beforeAll(async () => {
  await new Promise<void>((r) => proxy.server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
  c = await chainTest({}, (anvilUrl) => {
    proxy.target(anvilUrl);
    return url;
  });
}, 180_000);
afterAll(async () => {
  await c?.close();
  proxy.server.close();
});

describe('a slow chain node during a purchase', () => {
  it('does not delay an unrelated request: the Buy-id read happens before the transaction opens', async () => {
    const [alice, bob] = [await trader(c, 4), await trader(c, 5)];
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, { quantity: 2, price: 10n ** 18n, lazy: { editionSize: 2, royaltyBps: 500 } });
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect((await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);

    // The same purchase again (a reload): the server asks the chain whether the open reservation's Buy is spent.
    proxy.state.slow = true;
    const t0 = Date.now();
    let done = false;
    const again = c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 }).finally(() => (done = true));
    // Unrelated requests and queries all through the purchase (whenever its chain read happens): none may wait for it.
    let slowest = 0;
    let asked = 0;
    while (!done) {
      const t1 = Date.now();
      const unrelated = await c.t.post('/nft/instance/list/item', { productId: item.productId });
      await c.t.db.selectFrom('members').select('member_idx').limit(1).execute();
      expect(unrelated.returnCode).toBe(0);
      slowest = Math.max(slowest, Date.now() - t1);
      asked += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
    const reloaded = await again;
    proxy.state.slow = false;

    expect(proxy.state.delayed).toBeGreaterThan(0);
    expect(reloaded.returnCode).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SLOW_MS);
    expect(asked).toBeGreaterThan(5);
    expect(slowest, 'an unrelated request or query waited for the chain').toBeLessThan(SLOW_MS / 2);
  }, 120_000);
});
