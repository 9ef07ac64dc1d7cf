import { HistoryEvent, type ChainInfo, type ItemCard, type ItemOwner, type TradingStat } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, newWallet, type TestApp } from '../../../../test/helper';
import { png, uploaded } from '../../../../test/media';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;
let collectionIdx: number;
let otherCollectionIdx: number;

async function newCollection(name: string): Promise<number> {
  const logoFileName = await uploaded(t, alice.auth, 'logo', await png());
  const r = await t.post('/nft/collection/register', {
    ...alice.auth,
    collectionName: `${name} ${process.pid}`,
    royalty: 7.5,
    logoFileName,
  });
  expect(r.returnCode).toBe(0);
  return (r.body.data as { collectionIdx: number }).collectionIdx;
}

async function newItem(collection = collectionIdx, totalSupply = 10): Promise<number> {
  const fileName = await uploaded(t, alice.auth, 'resource', await png());
  const r = await t.post('/nft/register', {
    ...alice.auth,
    fileName,
    category: 1,
    productName: '상세 작품',
    productDesc: '',
    totalSupply,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx: collection,
  });
  expect(r.returnCode).toBe(0);
  return (r.body.data as { productId: number }).productId;
}

/** What the indexer would write after alice sent `amount` pieces to `to`. */
async function move(itemIdx: number, to: string, amount: number) {
  await t.db
    .updateTable('inventory')
    .set((eb) => ({ amount: eb('amount', '-', amount) }))
    .where('item_idx', '=', itemIdx)
    .where('holder_address', '=', alice.wallet.address)
    .execute();
  await t.db
    .insertInto('inventory')
    .values({ item_idx: itemIdx, holder_address: to, amount, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['item_idx', 'holder_address']).doUpdateSet((eb) => ({ amount: eb('inventory.amount', '+', amount) })),
    )
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
  bob = await loggedIn(t);
  collectionIdx = await newCollection('Detail');
  otherCollectionIdx = await newCollection('Elsewhere');
});
afterAll(async () => t?.close());

const HOSTILE = [
  {},
  { productIdx: 0 },
  { productIdx: -1 },
  { productIdx: '1' },
  { productIdx: 1.5 },
  { productIdx: 2 ** 40 },
  { productIdx: null },
  [],
  'x',
];

describe('/nft/inventory/list/owner', () => {
  it('lists holders with pieces, most first, members named, outside wallets unnamed, paged', async () => {
    const id = await newItem();
    const stranger = newWallet().address;
    await move(id, bob.wallet.address, 3);
    await move(id, stranger, 5);
    const r = await t.post('/nft/inventory/list/owner', { productIdx: id });
    expect(r.returnCode).toBe(0);
    const list = r.body.list as ItemOwner[];
    expect(list.map((o) => [o.address, o.quantity])).toEqual([
      [stranger, 5],
      [bob.wallet.address, 3],
      [alice.wallet.address, 2],
    ]);
    expect(list[0]).toMatchObject({ memberIdx: null, memberName: null });
    expect(list[1]?.memberName).toBe(bob.id);
    expect(r.body.page).toEqual({ totalRecordSize: 3, pageNo: 1, pageCount: 1 });

    // Someone who sold everything is no owner.
    await move(id, stranger, 2);
    const page = await t.post('/nft/inventory/list/owner', { productIdx: id, pageNo: 1, pageSize: 1 });
    expect((page.body.list as ItemOwner[]).map((o) => o.address)).toEqual([stranger]);
    expect(page.body.page).toEqual({ totalRecordSize: 2, pageNo: 1, pageCount: 2 });
    // The cap holds.
    expect((await t.post('/nft/inventory/list/owner', { productIdx: id, pageSize: 100_000 })).returnCode).toBe(0);
  });

  it('answers 258 for unknown and deleted items and 3/5/6 for hostile bodies', async () => {
    expect((await t.post('/nft/inventory/list/owner', { productIdx: 999_999 })).returnCode).toBe(258);
    const id = await newItem();
    expect((await t.post('/nft/delete', { ...alice.auth, productId: id })).returnCode).toBe(0);
    expect((await t.post('/nft/inventory/list/owner', { productIdx: id })).returnCode).toBe(258);
    for (const body of HOSTILE) {
      const r = await t.post('/nft/inventory/list/owner', body);
      expect(r.statusCode).toBeLessThan(500);
      expect([3, 5, 6]).toContain(r.returnCode);
    }
  });
});

describe('/nft/trading/list', () => {
  it('gives average, highest and lowest USD price of one piece per UTC trade date, oldest first; other events do not count', async () => {
    const id = await newItem();
    const at = (iso: string) => new Date(iso);
    const row = (event_type: number, amount: number, usd: string | null, created: string) => ({
      event_type,
      item_idx: id,
      collection_idx: collectionIdx,
      amount,
      unit_price: '1000',
      symbol: 'ATT' as const,
      usd_value: usd,
      created_at: at(created),
    });
    await t.db
      .insertInto('trade_history')
      .values([
        row(HistoryEvent.Sale, 2, '20.0000', '2026-03-02T23:59:00Z'), // 10 a piece
        row(HistoryEvent.LazyMintSale, 1, '4.0000', '2026-03-02T01:00:00Z'), // 4
        row(HistoryEvent.Sale, 3, '10.0000', '2026-03-01T12:00:00Z'), // 3.3333...
        row(HistoryEvent.List, 1, '999.0000', '2026-03-01T12:00:00Z'), // a listing is no trade
        row(HistoryEvent.Sale, 1, null, '2026-03-03T12:00:00Z'), // no USD value: left out
      ])
      .execute();
    const r = await t.post('/nft/trading/list', { productId: id });
    expect(r.returnCode).toBe(0);
    expect(r.body.list as TradingStat[]).toEqual([
      { tradeDate: '2026-03-01', avgPrice: '3.3333', maxPrice: '3.3333', minPrice: '3.3333' },
      { tradeDate: '2026-03-02', avgPrice: '8.0000', maxPrice: '10.0000', minPrice: '4.0000' },
    ]);
    expect((await t.post('/nft/trading/list', { productId: await newItem() })).body.list).toEqual([]);
  });

  it('answers 258 for unknown items and 3/5/6 for hostile bodies', async () => {
    expect((await t.post('/nft/trading/list', { productId: 999_999 })).returnCode).toBe(258);
    for (const body of [{}, { productId: 0 }, { productId: 'x' }, { productId: -3 }, []]) {
      expect([3, 5, 6]).toContain((await t.post('/nft/trading/list', body)).returnCode);
    }
  });
});

describe('/nft/info/chain', () => {
  it('gives the Items contract, the token id, ERC-1155, the chain and the royalty in percent', async () => {
    const id = await newItem();
    const r = await t.post('/nft/info/chain', { productId: id });
    expect(r.returnCode).toBe(0);
    const info = r.body.data as ChainInfo;
    const tokenId = (
      await t.db.selectFrom('items').select('token_id').where('item_idx', '=', id).executeTakeFirstOrThrow()
    ).token_id;
    expect(info).toEqual({
      contractAddress: t.config.contracts.items,
      tokenId,
      tokenType: 1,
      blockChain: expect.any(String) as string,
      chainId: t.config.chainId,
      royalty: 7.5,
    });
    expect(info.blockChain.length).toBeGreaterThan(0);
  });

  it('answers 258 for unknown or deleted items and 3/5/6 for hostile bodies', async () => {
    expect((await t.post('/nft/info/chain', { productId: 999_999 })).returnCode).toBe(258);
    const id = await newItem();
    await t.post('/nft/delete', { ...alice.auth, productId: id });
    expect((await t.post('/nft/info/chain', { productId: id })).returnCode).toBe(258);
    for (const body of [{}, { productId: 0 }, { productId: '1' }, { productId: 1e12 }]) {
      expect([3, 5, 6]).toContain((await t.post('/nft/info/chain', body)).returnCode);
    }
  });
});

describe('/nft/info/collection/otherItem', () => {
  it('lists the other shown items of the collection, newest first, never the item itself nor other collections', async () => {
    const c = await newCollection('Slider');
    const a = await newItem(c);
    const b = await newItem(c);
    const hidden = await newItem(c);
    const d = await newItem(c);
    await newItem(otherCollectionIdx);
    expect((await t.post('/nft/hide', { ...alice.auth, productId: hidden })).returnCode).toBe(0);
    const r = await t.post('/nft/info/collection/otherItem', { productIdx: b });
    expect(r.returnCode).toBe(0);
    expect((r.body.list as ItemCard[]).map((i) => i.productId)).toEqual([d, a]);
    const one = await t.post('/nft/info/collection/otherItem', { productIdx: d, pageSize: 1 });
    expect((one.body.list as ItemCard[]).map((i) => i.productId)).toEqual([b]);
    // Logged in: the caller's counts come with the cards.
    const mine = await t.post('/nft/info/collection/otherItem', { ...alice.auth, productIdx: b });
    expect((mine.body.list as ItemCard[])[0]?.itemCountMine).toBe(10);
  });

  it('answers 258 for unknown items, 27/29 for a wrong ticket and 3/5/6 for hostile bodies', async () => {
    expect((await t.post('/nft/info/collection/otherItem', { productIdx: 999_999 })).returnCode).toBe(258);
    const id = await newItem();
    expect([27, 29]).toContain(
      (await t.post('/nft/info/collection/otherItem', { id: alice.auth.id, ticketId: 'forged', productIdx: id }))
        .returnCode,
    );
    for (const body of HOSTILE)
      expect([3, 5, 6]).toContain((await t.post('/nft/info/collection/otherItem', body)).returnCode);
  });
});

describe('/nft/detail of a deleted item', () => {
  it('answers 258 with deleteState 1 for a deleted item and plain 258 for one that never existed', async () => {
    const id = await newItem();
    expect((await t.post('/nft/delete', { ...alice.auth, productId: id })).returnCode).toBe(0);
    expect((await t.post('/nft/detail', { productId: id })).body).toEqual({ returnCode: 258, deleteState: 1 });
    expect((await t.post('/nft/detail', { productId: 999_999 })).body).toEqual({ returnCode: 258 });
  });
});
