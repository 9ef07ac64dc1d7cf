/**
 * A holder cannot keep an offer's pieces from other holders with accepts they never send (real chain): asking again
 * gives back the one accept that waits (never a second hold), another amount is refused with 271 while it waits, and
 * once it lapses unsent the same seller may not accept that offer again for ACCEPT_LIMITS.relapseCooldownSeconds
 * (108), its pieces free for the other holders meanwhile.
 */
import { ACCEPT_LIMITS, ReturnCode } from '@att/shared';
import { expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { sweepOffers } from '../../order-book/offers/offer-sweep';
import { acceptReq, makeOffer, offerRow, type AcceptData } from '../offer-helpers';
import { TOKEN, alice, bob, c, indexer, setUpChain } from '../trading-fixture';

setUpChain();

it('an unsent accept is given back, not doubled; once it lapses its seller waits out the cooldown', async () => {
  const item = await publish(c, alice, 6);
  const id = await makeOffer(c, bob, item.productId, { amount: 3, price: TOKEN });
  await indexer.catchUp();
  const first = await acceptReq(c, alice, id, 2);
  expect(first.returnCode).toBe(0);
  const again = await acceptReq(c, alice, id, 2);
  expect(again.returnCode).toBe(0);
  expect((again.body.data as AcceptData).aodId).toBe((first.body.data as AcceptData).aodId);
  expect((await acceptReq(c, alice, id, 1)).returnCode).toBe(ReturnCode.InstanceAwaitingTrade);
  expect(await offerRow(c, id)).toMatchObject({ remaining: 3, reserved: 2 });

  // The accept's deadline passes unsent (the chain's clock, which the server signs by, moves on) and the sweep frees it.
  const ahead = c.t.config.trading.reservationSeconds + 120;
  expect(ACCEPT_LIMITS.relapseCooldownSeconds).toBeGreaterThan(120);
  await c.rpc('evm_increaseTime', [ahead]);
  await c.rpc('evm_mine');
  expect((await sweepOffers(c.t.db, new Date(Date.now() + (ahead - 60) * 1000))).acceptsExpired).toBe(1);
  expect(await offerRow(c, id)).toMatchObject({ remaining: 3, reserved: 0 });
  expect((await acceptReq(c, alice, id, 2)).returnCode).toBe(ReturnCode.ApiLimited);
  expect(await offerRow(c, id)).toMatchObject({ reserved: 0 });
});
