/**
 * Sale -> item detail latency (part of `npm run bench -w @att/server`): a fresh anvil with the contracts, the API
 * listening on a free port with its trading workers on (the indexer polls every INDEXER_POLL_MS, default 500 ms
 * on the dev chain, as `npm start` does). For each of BENCH_SALES (default 50) sales, over the real endpoints: the
 * seller signs a listing (`/nft/all/sale`), the buyer reserves (`/nft/instance/purchase`) and sends `buyNft` with
 * the validator-signed Buy from its own wallet; the clock starts when the buyer's transaction is sent (anvil mines
 * it at once) and stops when `/nft/detail` (over HTTP, as the buyer) shows the buyer holding the piece. Prints p50/p99/max.
 * Target: p99 under 2 s on the local chain. Also, from the buy's receipt: the seller's ItemSold alert on their alert
 * socket (a real `ws` client, subscribed with the seller's ticket) and the API's new owner (p99 < 500 ms),
 * and the reservation's own state settled (`/nft/order/state`, what the web's buy popup reads on the item's event),
 * beside the bare baseline of the same run: the send -> receipt time alone. INDEXER_WS=off: the indexer polls only.
 */
import { ALERT_SOCKET_PATH, API_BASE, AlertType, DEV_CHAIN_ID } from '@att/shared';
import WebSocket from 'ws';
import { chainTest, list, publish, trader, type PurchaseData } from '../test/chain';

const SALES = Number(process.env.BENCH_SALES ?? 50);
const POLL_MS = Number(process.env.INDEXER_POLL_MS ?? 500);
const TOKEN = 10n ** 18n;
/** INDEXER_WS: 'off', polling only; default 'auto', as `npm start` (anvil's websocket on the RPC port). */
const WS = process.env.INDEXER_WS === 'off' ? 'off' : 'auto';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const c = await chainTest({
    config: {
      trading: { startBlock: 0, confirmations: 0, indexer: true, pollMs: POLL_MS, reservationSeconds: 600, ws: WS },
    },
  });
  try {
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = c.t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${API_BASE}`;
    const [seller, buyer] = [await trader(c, 1), await trader(c, 2)];
    await Promise.all([seller.approveAll(), buyer.approveAll()]);
    // Items first (publishing is not what is measured): single editions, unminted (each sale mints).
    const items = [];
    for (let i = 0; i < SALES; i++) items.push(await publish(c, seller, 1));
    const detail = async (productId: number) => {
      const r = await fetch(`${base}/nft/detail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...buyer.auth, productId }),
      });
      return ((await r.json()) as { data?: { itemCountMine: number } }).data?.itemCountMine ?? 0;
    };
    // What the web's buy popup reads to know it is done: the reservation's own state in the order book.
    const orderState = async (psdId: string) => {
      const r = await fetch(`${base}/nft/order/state`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...buyer.auth, kind: 'purchase', orderId: psdId }),
      });
      return ((await r.json()) as { data?: { state: string } }).data?.state;
    };

    // The seller's alert socket: the time each ItemSold alert (by item) arrives.
    const alertAt = new Map<number, number>();
    const ws = new WebSocket(`ws://127.0.0.1:${new URL(base).port}${ALERT_SOCKET_PATH}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () =>
        ws.send(JSON.stringify({ channel: seller.address, id: seller.auth.id, ticket: seller.auth.ticketId })),
      );
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as {
          id?: string;
          type?: number;
          status: number;
          data?: { productIdx?: number };
        };
        if (m.id === undefined) return resolve();
        if (m.type === AlertType.ItemSold && m.data?.productIdx !== undefined)
          alertAt.set(m.data.productIdx, performance.now());
      });
    });

    console.log(
      `Sale -> /nft/detail over ${SALES} sales (chain ${DEV_CHAIN_ID}, indexer polling every ${POLL_MS} ms${WS === 'off' ? '' : ', woken by newHeads where the node offers them'}):`,
    );
    const ms: number[] = [];
    const receipt: number[] = [];
    const toAlert: number[] = [];
    const toOwner: number[] = [];
    const toSettled: number[] = [];
    for (const item of items) {
      const { res } = await list(c, seller, item, {
        quantity: 1,
        price: 2n * TOKEN,
        lazy: { editionSize: 1, royaltyBps: 500 },
      });
      if (res.returnCode !== 0) throw new Error(`listing: ${res.returnCode}`);
      const instanceId = (res.body.data as { instanceId: number }).instanceId;
      const p = await c.t.post('/nft/instance/purchase', { ...buyer.auth, instanceId, quantity: 1 });
      if (p.returnCode !== 0) throw new Error(`purchase: ${p.returnCode}`);
      // On anvil the transaction is mined when it is sent: the clock runs from the send (the receipt wait included).
      const t0 = performance.now();
      await buyer.buy(p.body.data as PurchaseData);
      const t1 = performance.now();
      receipt.push(t1 - t0);
      // Both reads in one loop, each timed when it first shows the sale (neither waits for the other).
      const psdId = (p.body.data as { psdId: string }).psdId;
      let owner = 0;
      let settled = 0;
      while (!owner || !settled) {
        if (performance.now() - t0 > 30_000) throw new Error(`item ${item.productId}: no new owner after 30 s`);
        const [count, state] = await Promise.all([detail(item.productId), orderState(psdId)]);
        if (!owner && count >= 1) owner = performance.now();
        if (!settled && state === 'settled') settled = performance.now();
        if (!owner || !settled) await new Promise((r) => setTimeout(r, 10));
      }
      toSettled.push(settled - t1);
      ms.push(owner - t0);
      toOwner.push(owner - t1);
      while (!alertAt.has(item.productId)) {
        if (performance.now() - t0 > 30_000) throw new Error(`item ${item.productId}: no seller's alert after 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      toAlert.push(alertAt.get(item.productId)! - t1);
    }
    ws.close();
    const line = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `p50 ${pct(s, 50).toFixed(0)} ms  p99 ${pct(s, 99).toFixed(0)} ms  max ${s.at(-1)!.toFixed(0)} ms`;
    };
    console.log(`  send -> API new owner         ${line(ms)} (target p99 < 2000 ms)`);
    console.log(`  receipt -> seller's alert     ${line(toAlert)} (target p99 < 500 ms)`);
    console.log(`  receipt -> API new owner      ${line(toOwner)} (target p99 < 500 ms)`);
    console.log(`  receipt -> order settled      ${line(toSettled)} (/nft/order/state: what the buy popup reads)`);
    console.log(`  bare: send -> receipt alone   ${line(receipt)}`);
  } finally {
    await c.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
