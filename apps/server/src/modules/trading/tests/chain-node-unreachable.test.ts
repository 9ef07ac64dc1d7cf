/**
 * A chain node that takes the connection and never answers (a plain TCP server): a call that needs the chain (a
 * listing, an offer, a purchase read again, an auction's registration: it signs from the block time) answers 133
 * within 5 s instead of waiting on it, a call that does not (an item's page) answers at once; with a second URL
 * after the silent one, every call goes through.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEV_ROLE_KEYS } from '@att/contracts';
import { DEV_CHAIN_ID, ReturnCode } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../test/chain';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { offerReq } from './offer-helpers';

const LIMIT_MS = 5_000;

/** A TCP node in front of anvil: passes bytes through, or (`silent`) takes connections and never answers. */
function tcpNode() {
  const state = { silent: false, anvilPort: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.silent) return;
    const upstream = net.connect(state.anvilPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    socket.pipe(upstream).pipe(socket);
  });
  return {
    server,
    state,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** From now on silent; the connections open through it (kept alive by the app's client) are cut. */
    silence() {
      state.silent = true;
      for (const s of sockets) s.destroy();
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function timed<T>(call: () => Promise<T>): Promise<{ r: T; ms: number }> {
  const t0 = Date.now();
  const r = await call();
  return { r, ms: Date.now() - t0 };
}

const node = tcpNode();
const silent = tcpNode();
let c: ChainTest;
/** A second app on the same chain whose CHAIN_RPC_URL lists the silent node first, anvil second. */
let t2: TestApp;
beforeAll(async () => {
  silent.state.silent = true;
  await Promise.all([node, silent].map((n) => new Promise<void>((r) => n.server.listen(0, '127.0.0.1', r))));
  // The Market's fee read on every call (a cached one would let an offer through without the node).
  const trading = {
    startBlock: 0,
    confirmations: 0,
    indexer: false,
    pollMs: 50,
    reservationSeconds: 600,
    feeCacheMs: 0,
  };
  c = await chainTest({ config: { trading } }, (anvilUrl) => {
    node.state.anvilPort = Number(new URL(anvilUrl).port);
    return node.url();
  });
  t2 = await buildTestApp({
    config: {
      chainId: DEV_CHAIN_ID,
      chainRpcUrls: [silent.url(), c.anvil.rpcUrl],
      contracts: c.t.config.contracts,
      validatorKey: DEV_ROLE_KEYS.validator,
      trading: c.t.config.trading,
    },
  });
}, 180_000);
afterAll(async () => {
  await t2?.close();
  await c?.close();
  node.close();
  silent.close();
});

describe('a chain node that never answers', () => {
  it('makes the calls that need the chain answer 133 within 5 s; reads and calls that need no chain read answer at once', async () => {
    const [alice, bob] = [await trader(c, 4), await trader(c, 5)];
    await alice.approveAll();
    const item = await publish(c, alice, 3);
    const other = await publish(c, alice, 1);
    const lazy = { editionSize: 3, royaltyBps: 500 };
    const { res } = await list(c, alice, item, { quantity: 2, price: 10n ** 18n, lazy });
    expect(res.returnCode).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect((await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);

    node.silence();
    const listing = await timed(async () => (await list(c, alice, item, { quantity: 1, price: 10n ** 18n, lazy })).res);
    expect(listing.r.returnCode).toBe(ReturnCode.Erc20ApiError);
    expect(listing.ms).toBeLessThan(LIMIT_MS);
    const offer = await timed(() => offerReq(c, bob, item.productId, { amount: 1, price: 10n ** 18n }));
    expect(offer.r.returnCode).toBe(ReturnCode.Erc20ApiError);
    expect(offer.ms).toBeLessThan(LIMIT_MS);
    // A reload of the purchase asks the chain whether its Buy id was spent.
    const reload = await timed(() => c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 }));
    expect(reload.r.returnCode).toBe(ReturnCode.Erc20ApiError);
    expect(reload.ms).toBeLessThan(LIMIT_MS);

    // An auction's end and deadline are signed from the chain's block time (when it runs ahead of the server's).
    const auction = await timed(() =>
      c.t.post('/nft/all/sale', {
        ...alice.auth,
        productId: other.productId,
        saleQuantity: 1,
        saleType: 2,
        saleSymbol: 'KLAY',
        salePrice: String(10n ** 18n),
        expireMinute: 60,
      }),
    );
    expect(auction.r.returnCode).toBe(ReturnCode.Erc20ApiError);
    expect(auction.ms).toBeLessThan(LIMIT_MS);
    // The item's listings come from the database.
    const read = await timed(() => c.t.post('/nft/instance/list/item', { productId: item.productId }));
    expect(read.r.returnCode).toBe(0);
    expect(read.ms).toBeLessThan(LIMIT_MS);
  }, 120_000);

  it('is passed over when CHAIN_RPC_URL lists another node after it: the same calls go through', async () => {
    const c2: ChainTest = { ...c, t: t2 };
    const [alice, bob] = [await trader(c2, 6), await trader(c2, 7)];
    const item = await publish(c2, alice, 3);
    const lazy = { editionSize: 3, royaltyBps: 500 };
    const { res } = await list(c2, alice, item, { quantity: 2, price: 10n ** 18n, lazy });
    expect(res.returnCode).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect((await t2.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);
    const reload = await timed(() => t2.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 }));
    expect(reload.r.returnCode).toBe(0);
    expect(reload.ms).toBeLessThan(LIMIT_MS);
    const offer = await timed(() => offerReq(c2, bob, item.productId, { amount: 1, price: 10n ** 18n }));
    expect(offer.r.returnCode).toBe(0);
    expect(offer.ms).toBeLessThan(LIMIT_MS);
    expect((await list(c2, alice, item, { quantity: 1, price: 10n ** 18n, lazy })).res.returnCode).toBe(0);
  }, 120_000);
});
