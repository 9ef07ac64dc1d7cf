/**
 * Twenty parallel accepts of one offer by one seller (real PGlite or PostgreSQL, real chain), of 1 or 2 pieces: the
 * seller holds one open accept of an offer at a time (ACCEPT_LIMITS), so the first one is granted, the requests of
 * the same amount get that same accept back (a second tab), the others 271 and hold nothing; the offer's pieces are
 * held by one conditional UPDATE, never more than it has left. The accept then settles on chain, and what is left
 * can be accepted once more, no further.
 */
import { marketAbi } from '@att/contracts';
import { OfferState, ReturnCode } from '@att/shared';
import { expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { acceptReq, makeOffer, offerRow, sendAccept, type AcceptData } from '../offer-helpers';
import { TOKEN, alice, bob, c, indexer, inventory, setUpChain } from '../trading-fixture';

setUpChain();

it("20 parallel accepts of an offer of 5 by one seller grant one accept, given back to the same amount's repeats; it settles; nothing more than is left can", async () => {
  const item = await publish(c, alice, 30);
  const id = await makeOffer(c, bob, item.productId, { amount: 5, price: TOKEN });
  await indexer.catchUp();
  const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => acceptReq(c, alice, id, i % 2 === 0 ? 1 : 2)));
  const granted = replies.filter((r) => r.returnCode === 0).map((r) => r.body.data as AcceptData);
  const refused = replies.filter((r) => r.returnCode !== 0);
  expect(refused.every((r) => r.returnCode === ReturnCode.InstanceAwaitingTrade)).toBe(true);
  const accepts = [...new Map(granted.map((d) => [d.aodId, d])).values()];
  expect(accepts).toHaveLength(1);
  const held = Number(accepts[0]!.accept.amount);
  expect(granted.every((d) => Number(d.accept.amount) === held)).toBe(true);
  expect(granted).toHaveLength(10);
  expect(await offerRow(c, id)).toMatchObject({ remaining: 5, reserved: held });
  expect((await inventory(item.productId, alice.address))?.reserved).toBe(held);

  for (const d of accepts) await sendAccept(c, alice, d);
  await indexer.catchUp();
  const row = await offerRow(c, id);
  expect(row).toMatchObject({ remaining: 5 - held, reserved: 0 });
  expect(row.state).toBe(held === 5 ? OfferState.Acquired : OfferState.Valid);
  const onChain = await c.client.readContract({
    address: c.d.market,
    abi: marketAbi,
    functionName: 'getOffer',
    args: [BigInt(id)],
  });
  expect(onChain.remaining).toBe(BigInt(5 - held));
  expect(await inventory(item.productId, bob.address)).toEqual({ amount: held, on_sale: 0, reserved: 0 });
  expect(await inventory(item.productId, alice.address)).toEqual({ amount: 30 - held, on_sale: 0, reserved: 0 });
  // Whatever is left can be accepted once more, no further.
  if (held < 5) expect((await acceptReq(c, alice, id, 5 - held + 1)).returnCode).toBe(ReturnCode.NotEnoughRemaining);
  expect((await acceptReq(c, alice, id, 6)).returnCode).not.toBe(0);
});
