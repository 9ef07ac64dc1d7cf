import { ReturnCode } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../test/chain';
import { PURCHASE_PER_MEMBER_PER_MINUTE } from '../routes';

let c: ChainTest;
beforeAll(async () => {
  // Rate limits on (the suite runs with RATE_LIMIT_MAX=0); every call comes from 127.0.0.1, so the per-client
  // limit is set far above the member limit.
  c = await chainTest({ config: { rateLimitMax: 1000 } });
}, 120_000);
afterAll(async () => c?.close());

describe('/nft/instance/purchase per-member limit', () => {
  it(`answers 108 past ${PURCHASE_PER_MEMBER_PER_MINUTE} purchases a minute of one member, parallel ones included; other members on the same address are not limited`, async () => {
    const [alice, bob, carol] = [await trader(c, 4), await trader(c, 5), await trader(c, 6)];
    const item = await publish(c, alice, 50);
    const { res } = await list(c, alice, item, {
      quantity: 50,
      price: 10n ** 18n,
      lazy: { editionSize: 50, royaltyBps: 500 },
    });
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    const extra = 5;
    const replies = await Promise.all(
      Array.from({ length: PURCHASE_PER_MEMBER_PER_MINUTE + extra }, (_, i) =>
        c.t.post('/nft/instance/purchase', { ...bob.auth, instanceId, quantity: 1 + (i % 3) }),
      ),
    );
    const codes = replies.map((r) => r.returnCode);
    expect(codes.filter((x) => x === ReturnCode.ApiLimited)).toHaveLength(extra);
    expect(codes.filter((x) => x === 0)).toHaveLength(PURCHASE_PER_MEMBER_PER_MINUTE);
    // Bob's refused calls reserved nothing: his pieces are those of his answered calls (1, 2 or 3 each, one
    // reservation per quantity handed back again).
    const held = await c.t.db
      .selectFrom('reservations')
      .select(['amount'])
      .where('listing_idx', '=', String(instanceId))
      .where('state', '=', 1)
      .execute();
    expect(held.map((h) => h.amount).sort()).toEqual([1, 2, 3]);
    // Carol (same client address) still reserves; a caller without a valid ticket is refused before any counting.
    expect((await c.t.post('/nft/instance/purchase', { ...carol.auth, instanceId, quantity: 1 })).returnCode).toBe(0);
    const forged = (
      await c.t.post('/nft/instance/purchase', { ...bob.auth, ticketId: 'forged', instanceId, quantity: 1 })
    ).returnCode;
    expect([0, ReturnCode.ApiLimited]).not.toContain(forged);
  });
});
