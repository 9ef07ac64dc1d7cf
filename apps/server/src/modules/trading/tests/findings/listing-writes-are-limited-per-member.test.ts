/**
 * List-and-withdraw cycles cost nothing and flooded the global feed (40 cycles in 1.8 s filled its first page):
 * a member may list and withdraw LISTING_WRITES_PER_MEMBER_PER_MINUTE times a minute each (108 past it, nothing
 * written), while another member on the same address still lists.
 */
import { HistoryEvent, ReturnCode } from '@att/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chainTest, list, publish, trader, type ChainTest } from '../../../../../test/chain';
import { LISTING_WRITES_PER_MEMBER_PER_MINUTE as N } from '../../routes';

let c: ChainTest;
beforeAll(async () => {
  // Rate limits on (the suite runs with RATE_LIMIT_MAX=0); every call comes from 127.0.0.1.
  c = await chainTest({ config: { rateLimitMax: 10_000 } });
}, 120_000);
afterAll(async () => c?.close());

it(`a member lists and withdraws at most ${N} times a minute each; the feed gets no more`, async () => {
  const [flooder, other] = [await trader(c, 4), await trader(c, 5)];
  const item = await publish(c, flooder, 2);
  const lazy = { editionSize: 2, royaltyBps: 500 };
  const feedRows = async () =>
    (
      await c.t.db
        .selectFrom('trade_history')
        .select('history_idx')
        .where('item_idx', '=', item.productId)
        .where('event_type', 'in', [HistoryEvent.List, HistoryEvent.ListCancel])
        .execute()
    ).length;
  for (let i = 0; i < N; i++) {
    const { res } = await list(c, flooder, item, { quantity: 1, price: 10n ** 18n, lazy });
    expect(res.returnCode).toBe(0);
    const cancel = await c.t.post('/nft/cancel/sale', {
      ...flooder.auth,
      instanceId: (res.body.data as { instanceId: number }).instanceId,
    });
    expect(cancel.returnCode).toBe(0);
  }
  expect(await feedRows()).toBe(2 * N);
  const { res } = await list(c, flooder, item, { quantity: 1, price: 10n ** 18n, lazy });
  expect(res.returnCode).toBe(ReturnCode.ApiLimited);
  expect((await c.t.post('/nft/cancel/sale', { ...flooder.auth, instanceId: 1 })).returnCode).toBe(
    ReturnCode.ApiLimited,
  );
  expect(await feedRows()).toBe(2 * N);

  const own = await publish(c, other, 1);
  expect(
    (await list(c, other, own, { quantity: 1, price: 10n ** 18n, lazy: { editionSize: 1, royaltyBps: 500 } })).res
      .returnCode,
  ).toBe(0);
});
