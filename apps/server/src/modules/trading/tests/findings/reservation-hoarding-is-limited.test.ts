/**
 * Holding pieces away from other buyers costs the hoarder: one member who reserves every piece of a listing and
 * lets the reservation lapse cannot take that listing again for RESERVATION_LIMITS.relistCooldownSeconds (the 20
 * other members get it), holds at most `openListings` listings and `openPieces` pieces at once (parallel requests
 * included), and after `lapsedMax` lapses within the window reserves nothing. Every refusal is 108 and reserves
 * nothing; a buyer who buys is never refused.
 */
import { buyNftsCall, listingFromWire, reservationFromWire } from '@att/contracts';
import { RESERVATION_LIMITS as L, ReturnCode, type CartPurchaseData } from '@att/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, testIndexer, trader, type ChainTest, type Trader } from '../../../../../test/chain';
import { loggedIn } from '../../../../../test/helper';
import { RELEASE_GRACE_MS, runScheduler } from '../../scheduler';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let hoarder: Trader;
let buyer: Trader;
let members: { auth: Record<string, string> }[];
/** The app's clock, moved by the test. */
let clock = Date.now();
const HOLD_MS = 600_000;

beforeAll(async () => {
  c = await chainTest({
    deps: { now: () => new Date(clock) },
    config: {
      trading: { startBlock: 0, confirmations: 0, indexer: false, pollMs: 50, reservationSeconds: HOLD_MS / 1000 },
    },
  });
  [alice, hoarder, buyer] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
  await Promise.all([alice.approveAll(), buyer.approveAll()]);
  members = [];
  for (let i = 0; i < 20; i += 5) members.push(...(await Promise.all(Array.from({ length: 5 }, () => loggedIn(c.t)))));
}, 240_000);
afterAll(async () => c?.close());

const purchase = (who: { auth: Record<string, string> }, instanceId: number, quantity: number) =>
  c.t.post('/nft/instance/purchase', { ...who.auth, instanceId, quantity });
/** A lazy listing of Alice's of `pieces` pieces (one each: `listings`), on a new item. */
async function listings(n: number, pieces = 1): Promise<number[]> {
  const item = await publish(c, alice, n * pieces);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { res } = await list(c, alice, item, {
      quantity: pieces,
      price: 2n * TOKEN,
      lazy: { editionSize: n * pieces, royaltyBps: 500 },
    });
    expect(res.returnCode).toBe(0);
    ids.push((res.body.data as { instanceId: number }).instanceId);
  }
  return ids;
}
/**
 * Moves the clock past every open reservation's deadline and its grace, and runs the sweep. Deadlines are signed
 * from the later of the app's clock and the chain's (which goes on with real time while the app's stands still).
 */
async function lapse() {
  const chainMs = Number((await c.client.getBlock({ blockTag: 'latest' })).timestamp) * 1000;
  clock = Math.max(clock, chainMs) + HOLD_MS + RELEASE_GRACE_MS + 1000;
  await runScheduler(c.t.db, new Date(clock));
}
const held = async (address: string) =>
  (
    await c.t.db
      .selectFrom('reservations')
      .select('amount')
      .where('buyer_address', '=', address)
      .where('state', '=', 1)
      .where('expires_at', '>', new Date(clock))
      .execute()
  ).reduce((n, r) => n + r.amount, 0);

describe('reservation hoarding', () => {
  it('a hoarder who let a listing lapse cannot take it again at once: the 20 other members get its pieces', async () => {
    const [id] = await listings(1, 5);
    expect((await purchase(hoarder, id!, 5)).returnCode).toBe(0);
    const blocked = await Promise.all(members.map((m) => purchase(m, id!, 1)));
    expect(blocked.map((r) => r.returnCode)).toEqual(members.map(() => ReturnCode.InstanceAwaitingTrade));

    await lapse();
    // Right after the release, the hoarder and the others ask at once: the others get every piece.
    const [again, ...others] = await Promise.all([
      purchase(hoarder, id!, 5),
      ...members.map((m) => purchase(m, id!, 1)),
    ]);
    expect(again!.returnCode).toBe(ReturnCode.ApiLimited);
    expect(others.filter((r) => r.returnCode === 0)).toHaveLength(5);
    expect(others.filter((r) => r.returnCode === ReturnCode.InstanceAwaitingTrade)).toHaveLength(15);
    expect(await held(hoarder.address)).toBe(0);

    // The cooldown ends: the listing is open to the hoarder again (once the others' holds lapse too).
    await lapse();
    clock += L.relistCooldownSeconds * 1000;
    expect((await purchase(hoarder, id!, 1)).returnCode).toBe(0);
  });

  it(`holds at most ${L.openListings} listings at once, parallel requests included`, async () => {
    await lapse();
    clock += L.relistCooldownSeconds * 1000;
    const ids = await listings(L.openListings + 3);
    const replies = await Promise.all(ids.map((id) => purchase(hoarder, id, 1)));
    expect(replies.filter((r) => r.returnCode === 0)).toHaveLength(L.openListings);
    expect(replies.filter((r) => r.returnCode === ReturnCode.ApiLimited)).toHaveLength(3);
    expect(await held(hoarder.address)).toBe(L.openListings);
    // Another member takes the listings the hoarder could not.
    const left = ids.filter((_, i) => replies[i]!.returnCode !== 0);
    for (const id of left) expect((await purchase(members[0]!, id, 1)).returnCode).toBe(0);
  });

  it(`after ${L.lapsedMax} lapses within ${L.lapsedWindowSeconds / 60} minutes the hoarder reserves nothing until they age out`, async () => {
    await lapse();
    const [fresh] = await listings(1, 3);
    expect((await purchase(hoarder, fresh!, 1)).returnCode).toBe(ReturnCode.ApiLimited);
    expect((await purchase(members[1]!, fresh!, 1)).returnCode).toBe(0);
    clock += L.lapsedWindowSeconds * 1000;
    expect((await purchase(hoarder, fresh!, 1)).returnCode).toBe(0);
  });

  it(`holds at most ${L.openPieces} pieces at once`, async () => {
    const [a, b] = await listings(2, 80);
    const m = members[2]!;
    expect((await purchase(m, a!, 60)).returnCode).toBe(0);
    expect((await purchase(m, b!, L.openPieces - 60 + 1)).returnCode).toBe(ReturnCode.ApiLimited);
    expect((await purchase(m, b!, L.openPieces - 60)).returnCode).toBe(0);
  });

  it('a buyer who buys is never limited: reservations settled on chain count for nothing', async () => {
    const ix = testIndexer(c);
    await ix.catchUp();
    const ids = await listings(L.openListings + 5);
    // Bought a cart at a time (`buyNfts`), each cart settled before the next is reserved.
    for (let i = 0; i < ids.length; i += 10) {
      const orders = ids.slice(i, i + 10).map((instanceId) => ({ instanceId, quantity: 1 }));
      const r = await c.t.post('/nft/cart/purchase', { ...buyer.auth, symbol: 'ATT', orders });
      const d = r.body.data as CartPurchaseData;
      expect(d.skipped).toEqual([]);
      const args = d.orders.map((o) => ({
        listing: listingFromWire(o.listing),
        sellerSignature: o.sellerSignature as Hex,
        reservation: reservationFromWire(o.reservation),
        validatorSignature: o.signResult as Hex,
      }));
      await buyer.mined(await buyer.wallet.writeContract(buyNftsCall(c.d.market, c.d.att, args)));
      await ix.catchUp();
    }
    expect(await held(buyer.address)).toBe(0);
    const last = await listings(1);
    const p = await purchase(buyer, last[0]!, 1);
    expect(p.returnCode).toBe(0);
  });
});
