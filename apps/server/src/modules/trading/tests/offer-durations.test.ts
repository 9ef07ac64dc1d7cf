/**
 * An offer's period (real PGlite, real anvil, real contracts): each period the web offers (1, 3, 7, 14, 30 days) is
 * signed into the offer and escrowed on chain as chosen; none is 7 days; 0 and 31 days are refused with 5 and
 * write nothing.
 */
import { OFFER_DURATION_DAYS, OfferState, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../test/chain';
import { makeOffer, offerReq, offerRow, type OfferData } from './offer-helpers';
import { TOKEN, alice, bob, c, indexer, setUpChain } from './trading-fixture';

setUpChain();

const DAY_S = 86_400;
const offerCount = async (productId: number) =>
  (await c.t.db.selectFrom('offers').select('offer_idx').where('item_idx', '=', productId).execute()).length;
/** The chain's latest block time, seconds: the server signs from it (or its own clock when later). */
const chainNow = async () => Number((await c.client.getBlock()).timestamp);

describe('/nft/offer periods', () => {
  it('signs each allowed period into the offer, and the chain escrows it with that expiry', async () => {
    const item = await publish(c, alice, 10);
    for (const days of OFFER_DURATION_DAYS) {
      const before = await chainNow();
      const r = await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN, expireMinute: days * 1440 });
      expect(r.returnCode, `${days} days`).toBe(ReturnCode.Success);
      const d = r.body.data as OfferData & { osdExpired: string };
      const expiry = Number(d.offer.expiry);
      expect(expiry - before, `${days} days`).toBeGreaterThanOrEqual(days * DAY_S);
      expect(expiry - before, `${days} days`).toBeLessThan(days * DAY_S + 120);
      expect(new Date(d.osdExpired).getTime()).toBe(expiry * 1000);
    }
    const id = await makeOffer(c, bob, item.productId, { amount: 1, price: TOKEN, expireMinute: 30 * 1440 });
    await indexer.catchUp();
    expect(await offerRow(c, id)).toMatchObject({ state: OfferState.Valid });
  });

  it('runs 7 days when the request names no period', async () => {
    const item = await publish(c, alice, 2);
    const before = await chainNow();
    const r = await offerReq(c, bob, item.productId, { amount: 1, price: TOKEN });
    const expiry = Number((r.body.data as OfferData).offer.expiry);
    expect(expiry - before).toBeGreaterThanOrEqual(7 * DAY_S);
    expect(expiry - before).toBeLessThan(7 * DAY_S + 120);
  });

  it('refuses 0 and 31 days with 5 and writes nothing', async () => {
    const item = await publish(c, alice, 2);
    const base = { ...bob.auth, productId: item.productId, pricePerOne: String(TOKEN), amount: 1, symbol: 'ATT' };
    for (const expireMinute of [0, 31 * 1440, 30 * 1440 + 1]) {
      const r = await c.t.post('/nft/offer', { ...base, expireMinute });
      expect(r.returnCode, String(expireMinute)).toBe(ReturnCode.ValidationFailed);
    }
    expect(await offerCount(item.productId)).toBe(0);
  });
});
