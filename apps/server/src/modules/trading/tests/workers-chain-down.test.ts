import { ReservationState } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../test/chain';
import { RELEASE_GRACE_MS } from '../scheduler';

/** The app's clock runs `ahead` ms in front of the wall clock (the chain is gone: its time cannot be moved). */
let ahead = 0;
let c: ChainTest;
beforeAll(async () => {
  c = await chainTest({
    config: { trading: { startBlock: 0, confirmations: 0, indexer: true, pollMs: 50, reservationSeconds: 300 } },
    deps: { now: () => new Date(Date.now() + ahead) },
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

describe('trading workers while the chain is unreachable', () => {
  it('still release expired reservations (only after the Buy deadline plus the grace) and expire listings', async () => {
    const [alice, bob] = [await trader(c, 4), await trader(c, 5)];
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, {
      quantity: 2,
      price: 10n ** 18n,
      symbol: 'KLAY',
      lazy: { editionSize: 2, royaltyBps: 500 },
      expirySeconds: 3600,
    });
    const id = String((res.body.data as { instanceId: number }).instanceId);
    expect(
      (await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId: Number(id), quantity: 1 })).returnCode,
    ).toBe(0);
    const listing = () =>
      c.t.db
        .selectFrom('listings')
        .select(['state', 'reserved'])
        .where('listing_idx', '=', id)
        .executeTakeFirstOrThrow();
    const reservation = () =>
      c.t.db
        .selectFrom('reservations')
        .select(['state', 'expires_at'])
        .where('listing_idx', '=', id)
        .executeTakeFirstOrThrow();
    expect(await listing()).toEqual({ state: 1, reserved: 1 });
    const deadline = new Date((await reservation()).expires_at).getTime();

    // The node goes away: every indexer tick now fails.
    await c.anvil.stop();
    const failedTicks = async () => {
      for (let i = 0; i < 3; i++) await c.t.app.jobs.tick();
    };

    // Past the Buy's deadline but inside the grace the chain may still mine it: the pieces stay held.
    ahead = deadline - Date.now() + RELEASE_GRACE_MS / 2;
    await failedTicks();
    expect(await listing()).toEqual({ state: 1, reserved: 1 });
    expect((await reservation()).state).toBe(1);

    // Past the grace: lapsed (its pieces free again), although the indexer never got through.
    ahead = deadline - Date.now() + RELEASE_GRACE_MS + 1_000;
    expect(await until(listing, (l) => l.reserved === 0)).toEqual({ state: 1, reserved: 0 });
    expect((await reservation()).state).toBe(ReservationState.Lapsed);

    // Past the listing's own expiry (plus the grace): it expires and the seller's pieces are free again.
    ahead = 3600_000 + RELEASE_GRACE_MS + 60_000;
    expect((await until(listing, (l) => l.state === 4)).state).toBe(4);
    const inv = await c.t.db
      .selectFrom('inventory')
      .select('on_sale')
      .where('item_idx', '=', item.productId)
      .where('holder_address', '=', alice.address)
      .executeTakeFirstOrThrow();
    expect(inv.on_sale).toBe(0);
  });
});
