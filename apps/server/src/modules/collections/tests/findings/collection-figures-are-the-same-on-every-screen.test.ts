/**
 * A collection's figures come from one source: with a live listing the floor is its price (per coin and in USD),
 * a sale's volume shows per coin and in USD, and the collection page, the ranking and the home card agree on the
 * USD volume and on the item count (a hidden item counted the same everywhere).
 */
import { usdValue, type Collection, type RankingRow } from '@att/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCurationDemo } from '../../../../demo/seed-curation';
import {
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../../test/chain';
import { png, uploaded } from '../../../../../test/media';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  c = await chainTest();
  [alice, bob] = [await trader(c, 1), await trader(c, 2)];
  await Promise.all([alice.approveAll(), bob.approveAll()]);
}, 120_000);
afterAll(async () => c?.close());

it('floor, volume and item count are the same on the collection page, the ranking and the home card', async () => {
  const ix = testIndexer(c);
  const item = await publish(c, alice, 3);
  const { collection_idx: collectionIdx } = await c.t.db
    .selectFrom('items')
    .select('collection_idx')
    .where('item_idx', '=', item.productId)
    .executeTakeFirstOrThrow();
  // A second item of the collection, hidden by its creator.
  const fileName = await uploaded(c.t, alice.auth, 'resource', await png());
  const second = await c.t.post('/nft/register', {
    ...alice.auth,
    fileName,
    category: 1,
    productName: 'Hidden one',
    productDesc: '',
    totalSupply: 1,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx,
  });
  expect(second.returnCode).toBe(0);
  await c.t.db
    .updateTable('items')
    .set({ hide_state: 1 })
    .where('item_idx', '=', (second.body.data as { productId: number }).productId)
    .execute();

  const primary = await list(c, alice, item, {
    quantity: 3,
    price: 447n * TOKEN,
    lazy: { editionSize: 3, royaltyBps: 500 },
  });
  expect(primary.res.returnCode).toBe(0);
  const p = await c.t.post('/nft/instance/purchase', {
    ...bob.auth,
    instanceId: (primary.res.body.data as { instanceId: number }).instanceId,
    quantity: 1,
  });
  expect(p.returnCode).toBe(0);
  await bob.buy(p.body.data as PurchaseData);
  await ix.catchUp();

  const prices = await c.t.db.selectFrom('token_prices').select(['symbol', 'usd_price']).execute();
  const att = String(prices.find((r) => r.symbol === 'ATT')!.usd_price);
  const info = (await c.t.post('/nft/collection/info', { collectionIdx })).body.data as Collection;
  expect(info.floorPrice).toBe((447n * TOKEN).toString());
  expect(info.volumeTrade).toBe((447n * TOKEN).toString());
  expect(info.stats).toMatchObject({
    floor: { ATT: (447n * TOKEN).toString(), KLAY: null, usd: usdValue(447n * TOKEN, att) },
    volume: { ATT: (447n * TOKEN).toString(), KLAY: '0' },
  });
  expect(info.stats!.volume.usd).not.toBe('0');

  const ranking = (await c.t.post('/nft/ranking/list', {})).body.list as RankingRow[];
  const row = ranking.find((r) => r.collectionIdx === collectionIdx)!;
  expect(row.totalTrade).toBe(info.stats!.volume.usd);
  expect(row.itemCount).toBe(info.itemCount);
  expect(row.owners).toBe(info.ownerCount);

  await seedCurationDemo(c.t.db);
  const home = (await c.t.post('/nft/curation/all', {})).body.list as {
    curationType: number;
    dataList: { collectionIdx: number; itemCount: number }[];
  }[];
  const card = home.find((s) => s.curationType === 1)!.dataList.find((x) => x.collectionIdx === collectionIdx)!;
  expect(card.itemCount).toBe(info.itemCount);
});
