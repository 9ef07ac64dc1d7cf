/**
 * Who an auction tells what, through the API and a real chain: a bid tells the seller (Bid) and the bidder it
 * outbid (Outbid, whose mail names the new top bid and links to the item to bid again, never the seller's words);
 * the settlement tells the seller (ItemSold) and the winner (AuctionWon); an end with no bid tells the seller
 * (SaleExpired, as an expired fixed-price listing does). A reorg of the end retracts its alerts exactly.
 */
import { AlertType, type AlertTypeValue } from '@att/shared';
import { describe, expect, it, vi } from 'vitest';
import type { AlertMessage } from '../../alerts';
import { publish } from '../../../../test/chain';
import { bid, startAuction, testKeeper, travel } from './auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

const ALL_ON = {
  flagItemSell: 1,
  flagBid: 1,
  flagAcceptOffer: 1,
  flagExpiredSell: 1,
  flagOverOffer: 1,
  flagMinOffer: 1,
  minOfferPriceKlay: '0',
  minOfferPriceAtt: '0',
  flagEmail: 1,
};

/** The live (not retracted) alerts of an item: [type, address], oldest first. */
async function alertsOf(productId: number): Promise<[AlertTypeValue, string][]> {
  const rows = await c.t.db
    .selectFrom('alerts')
    .select(['type', 'address'])
    .where('product_idx', '=', productId)
    .where('retracted_at', 'is', null)
    .where('retracts', 'is', null)
    .orderBy('alert_id')
    .execute();
  return rows.map((r) => [r.type as AlertTypeValue, r.address]);
}

async function allOn() {
  for (const who of [alice, bob, carol])
    expect((await c.t.post('/user/alarm/update', { ...who.auth, ...ALL_ON })).returnCode).toBe(0);
}

describe('auction alerts', () => {
  it('an outbid bidder is told they were outbid, with the new top bid and a link to bid again; the seller of the bid', async () => {
    await allOn();
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 60 });
    const heard: AlertMessage[] = [];
    const unsubscribe = c.t.app.alerts.subscribe(bob.address, { send: (_t, m) => heard.push(m), close() {} }, 'x');
    expect(await bid(bob, id, TOKEN)).toBe(0);
    expect(await bid(carol, id, (3n * TOKEN) / 2n)).toBe(0);
    await indexer.catchUp();
    expect(await alertsOf(item.productId)).toEqual([
      [AlertType.Bid, alice.address],
      [AlertType.Bid, alice.address],
      [AlertType.Outbid, bob.address],
    ]);
    // The socket's alert and the alert list carry the new top bid (integer wei and its token).
    const topBid = { price: ((3n * TOKEN) / 2n).toString(), symbol: 'KLAY' };
    await c.t.app.jobs.runNow('alerts.dispatch');
    await vi.waitUntil(() => heard.some((m) => m.type === AlertType.Outbid), { timeout: 20_000, interval: 20 });
    unsubscribe();
    expect(heard.find((m) => m.type === AlertType.Outbid)!.data).toEqual({
      productIdx: item.productId,
      itemName: expect.any(String),
      topBid,
    });
    const list = await c.t.post('/alert/list', bob.auth);
    expect(list.body.list).toEqual([expect.objectContaining({ type: AlertType.Outbid, topBid })]);
    const before = c.t.mails.length;
    await c.t.app.jobs.runNow('alerts.mail');
    const outbid = c.t.mails.slice(before).find((m) => m.to === bob.email)!;
    expect(outbid.meta?.template).toBe('alert-outbid');
    expect(outbid.subject).toBe('[ATT NFT 마켓] 더 높은 입찰이 들어와 회원님의 입찰이 최고 입찰이 아니게 되었습니다.');
    expect(outbid.text).toContain('현재 최고 입찰가: 1.5 KLAY');
    expect(outbid.text).toContain(`다시 입찰하기: http://localhost:8080/NftInfo/${item.productId}`);
    expect(outbid.text).not.toContain('새로운 입찰');
  });

  it('the settlement tells the winner; an end with no bid tells the seller; a reorg of the ends retracts both', async () => {
    await allOn();
    const sold = await publish(c, alice, 1);
    const unsold = await publish(c, carol, 1);
    const id = await startAuction(alice, sold.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    await startAuction(carol, unsold.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await indexer.catchUp();
    const snapshot = await c.rpc<string>('evm_snapshot');
    const snapshotTime = Number((await c.client.getBlock()).timestamp);

    await travel(31 * 60);
    expect(await (await testKeeper()).run(new Date())).toHaveLength(2);
    await indexer.catchUp();
    expect(await alertsOf(sold.productId)).toEqual([
      [AlertType.Bid, alice.address],
      [AlertType.ItemSold, alice.address],
      [AlertType.AuctionWon, bob.address],
    ]);
    expect(await alertsOf(unsold.productId)).toEqual([[AlertType.SaleExpired, carol.address]]);
    const before = c.t.mails.length;
    await c.t.app.jobs.runNow('alerts.mail');
    const mails = c.t.mails.slice(before);
    expect(mails.find((m) => m.to === bob.email)).toMatchObject({
      meta: { template: 'alert-auction-won', page: `http://localhost:8080/NftInfo/${sold.productId}` },
    });
    expect(mails.find((m) => m.to === carol.email)).toMatchObject({
      meta: { template: 'alert-sale-expired', page: `http://localhost:8080/NftInfo/${unsold.productId}` },
    });

    // The ends are orphaned: their alerts are retracted, the bid's stays.
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_setNextBlockTimestamp', [snapshotTime + 1]);
    for (let i = 0; i < 4; i++) await c.rpc('evm_mine');
    await indexer.catchUp();
    expect(await alertsOf(sold.productId)).toEqual([[AlertType.Bid, alice.address]]);
    expect(await alertsOf(unsold.productId)).toEqual([]);
  });
});
