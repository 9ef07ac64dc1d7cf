/** One app per test file for the trade history and ranking tests: two members, two collections, three items and six events. */
import { HistoryEvent, type HistoryRow } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';

export let t: TestApp;
export let alice: Awaited<ReturnType<typeof loggedIn>>;
export let bob: Awaited<ReturnType<typeof loggedIn>>;
export let aliceIdx: number;
export let aliceAddr: string;
export let bobAddr: string;
export const stranger = '0x' + 'ab'.repeat(20);
export let colA: number;
export let colB: number;
export let items: number[];
export const WEI = 10n ** 18n;
export const now = new Date();

export async function newCollection(memberIdx: number, name: string, royaltyBps = 500): Promise<number> {
  const r = await sql<{ idx: number }>`INSERT INTO collections (member_idx, name, royalty_bps, logo_file)
    VALUES (${memberIdx}, ${name}, ${royaltyBps}, 'logo0000.png') RETURNING collection_idx AS idx`.execute(t.db);
  return r.rows[0]!.idx;
}
export async function newItem(
  collectionIdx: number,
  creatorIdx: number,
  name: string,
  royaltyBps = 500,
): Promise<number> {
  const r = await sql<{
    idx: number;
  }>`INSERT INTO items (token_id, collection_idx, creator_idx, name, category_idx, resource_type, file_format, file_name, total_supply, royalty_bps)
    VALUES ((random() * 1e15)::bigint, ${collectionIdx}, ${creatorIdx}, ${name}, 1, 1, 'png', 'file0000.png', 10, ${royaltyBps}) RETURNING item_idx AS idx`.execute(
    t.db,
  );
  return r.rows[0]!.idx;
}
export interface Ev {
  type: number;
  item: number;
  collection: number;
  amount?: number;
  price?: bigint;
  symbol?: 'ATT' | 'KLAY';
  usd?: string;
  from?: string | null;
  to?: string | null;
  royalty?: bigint;
  at?: Date;
  tx?: string;
}
export async function insertEvents(evs: Ev[]): Promise<void> {
  await t.db
    .insertInto('trade_history')
    .values(
      evs.map((e) => ({
        event_type: e.type,
        item_idx: e.item,
        collection_idx: e.collection,
        amount: e.amount ?? 1,
        unit_price: e.price?.toString() ?? null,
        symbol: e.symbol ?? (e.price ? 'ATT' : null),
        usd_value: e.usd ?? null,
        from_address: e.from ?? null,
        to_address: e.to ?? null,
        royalty: e.royalty?.toString() ?? null,
        tx_hash: e.tx ?? null,
        log_index: e.tx ? 0 : null,
        chain_id: e.tx ? 1001 : null,
        created_at: e.at ?? now,
      })),
    )
    .execute();
}

type ListBody = {
  list: HistoryRow[];
  page: { totalRecordSize: number; pageSize: number; listCount: number; nextCursor: string | null };
};
export const feed = async (body: Record<string, unknown>) => {
  const r = await t.post('/nft/info/transaction/all', body);
  return { code: r.returnCode, ...(r.body as unknown as ListBody) };
};

/** Builds the app with the members, collections, items and events before the file's tests; closes it after them. */
export function setUpHistory(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await loggedIn(t);
    bob = await loggedIn(t);
    const a = await t.db
      .selectFrom('members')
      .select(['member_idx', 'address'])
      .where('user_name', '=', alice.id)
      .executeTakeFirstOrThrow();
    const b = await t.db
      .selectFrom('members')
      .select(['member_idx', 'address'])
      .where('user_name', '=', bob.id)
      .executeTakeFirstOrThrow();
    aliceIdx = a.member_idx;
    aliceAddr = a.address;
    bobAddr = b.address;
    colA = await newCollection(aliceIdx, 'Feed A');
    colB = await newCollection(b.member_idx, 'Feed B', 0);
    items = [
      await newItem(colA, aliceIdx, '하늘 Sky #1'),
      await newItem(colA, aliceIdx, 'Sea #2'),
      await newItem(colB, b.member_idx, 'Bob item', 0),
    ];
    const tx = (n: number) => '0x' + n.toString(16).padStart(64, '0');
    await insertEvents([
      { type: HistoryEvent.Mint, item: items[0]!, collection: colA, to: bobAddr, tx: tx(1) },
      { type: HistoryEvent.List, item: items[0]!, collection: colA, price: 100n * WEI, usd: '1.23', from: aliceAddr },
      {
        type: HistoryEvent.LazyMintSale,
        item: items[0]!,
        collection: colA,
        amount: 2,
        price: 100n * WEI,
        usd: '2.46',
        from: aliceAddr,
        to: bobAddr,
        royalty: 10n * WEI,
        tx: tx(2),
      },
      { type: HistoryEvent.Transfer, item: items[0]!, collection: colA, from: bobAddr, to: stranger, tx: tx(3) },
      {
        type: HistoryEvent.Sale,
        item: items[1]!,
        collection: colA,
        price: 5n * WEI,
        symbol: 'KLAY',
        usd: '0.766',
        from: aliceAddr,
        to: stranger,
        royalty: WEI / 4n,
        tx: tx(4),
      },
      {
        type: HistoryEvent.Bid,
        item: items[2]!,
        collection: colB,
        price: 7n * WEI,
        usd: '0.0861',
        from: aliceAddr,
        to: bobAddr,
        tx: tx(5),
      },
    ]);
  });
  afterAll(async () => t?.close());
}
