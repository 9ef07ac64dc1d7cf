import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest, type Trader } from '../../../../test/chain';
import { RELEASE_GRACE_MS, runScheduler } from '../scheduler';

let c: ChainTest;
beforeAll(async () => {
  c = await chainTest();
}, 120_000);
afterAll(async () => c?.close());

/** A live lazy listing of `pieces` with one open reservation of 1 piece; its id. */
let traders: [Trader, Trader] | undefined;
async function reservedListing(pieces: number): Promise<string> {
  traders ??= [await trader(c, 4), await trader(c, 5)];
  const [alice, bob] = traders;
  const item = await publish(c, alice, pieces);
  const { res } = await list(c, alice, item, {
    quantity: pieces,
    price: 10n ** 18n,
    lazy: { editionSize: pieces, royaltyBps: 500 },
  });
  const instanceId = (res.body.data as { instanceId: number }).instanceId;
  expect((await c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 })).returnCode).toBe(0);
  return String(instanceId);
}

const later = () => new Date(Date.now() + c.t.config.trading.reservationSeconds * 1000 + RELEASE_GRACE_MS + 1000);
const row = (id: string) =>
  c.t.db.selectFrom('listings').select(['state', 'reserved']).where('listing_idx', '=', id).executeTakeFirstOrThrow();

describe('scheduler lock order', () => {
  it(
    process.env.DATABASE_URL
      ? 'skips a listing a cancel holds (listing lock first, as cancelSale and NftBought): no wait, no deadlock; takes it on the next run'
      : 'PGlite: releases the expired reservations of several listings in one run, each listing’s reserved count once',
    async () => {
      if (!process.env.DATABASE_URL) {
        const ids = [await reservedListing(2), await reservedListing(2)];
        expect((await runScheduler(c.t.db, later())).released).toBeGreaterThanOrEqual(2);
        for (const id of ids) expect(await row(id)).toEqual({ state: 1, reserved: 0 });
        return;
      }
      const id = await reservedListing(2);
      let release: () => void = () => undefined;
      const go = new Promise<void>((r) => (release = r));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((r) => (locked = r));
      // A cancelSale-like transaction on its own connection: the listing, then (after the scheduler ran) its reservations.
      const cancel = c.t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('listings').select('listing_idx').where('listing_idx', '=', id).forUpdate().execute();
        locked();
        await go;
        await trx
          .updateTable('reservations')
          .set({ state: 3 })
          .where('listing_idx', '=', id)
          .where('state', '=', 1)
          .execute();
        await trx.updateTable('listings').set({ reserved: 0 }).where('listing_idx', '=', id).execute();
      });
      await isLocked;
      // The scheduler must neither wait for the held listing nor lock its reservations (the old order locked the
      // reservation, then waited for the listing: here it would hang until the test's timeout, and with a cancel
      // that does not wait for it, the cancel's UPDATE of reservations would deadlock with it).
      const first = await runScheduler(c.t.db, later());
      release();
      await cancel;
      expect(first.released).toBe(0);
      expect(await row(id)).toEqual({ state: 1, reserved: 0 });
      const id2 = await reservedListing(2);
      expect((await runScheduler(c.t.db, later())).released).toBe(1);
      expect(await row(id2)).toEqual({ state: 1, reserved: 0 });
    },
  );
});
