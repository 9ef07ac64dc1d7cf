/**
 * The watchlist's routes: auth on every call, follow / unfollow idempotent, the WATCH_MAX limit (also under parallel
 * follows), hostile bodies, and the list with floors, their change since the follow and the best offers.
 */
import { OfferState, WATCH_MAX, WatchKind, type WatchedCollection, type WatchedItem } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, memberIdxOf, type TestApp } from '../../../../test/helper';
import { apiCollection, apiItem } from '../../../../test/items';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;
let collectionIdx: number;
let itemIdx: number;
const ETH = 10n ** 18n;
const C = WatchKind.Collection;
const I = WatchKind.Item;

beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob] = [await loggedIn(t), await loggedIn(t)];
  collectionIdx = await apiCollection(t, alice.auth, `Watch ${process.pid}`);
  itemIdx = await apiItem(t, alice.auth, collectionIdx, '관심 작품');
});
afterAll(async () => t?.close());

const setFloor = (id: number, att: bigint | null) =>
  t.db
    .updateTable('items')
    .set({ floor_att: att === null ? null : att.toString() })
    .where('item_idx', '=', id)
    .execute();

describe('/watchlist routes', () => {
  it('refuses every call without a ticket (27) and answers hostile bodies with their codes', async () => {
    for (const p of ['/watchlist/follow', '/watchlist/unfollow', '/watchlist/state', '/watchlist/list'] as const)
      expect((await t.post(p, { kind: C, targetIdx: collectionIdx })).returnCode, p).toBe(27);
    const hostile: [unknown, number][] = [
      [{ kind: 3, targetIdx: collectionIdx }, 5],
      [{ kind: '1', targetIdx: collectionIdx }, 5],
      [{ kind: C, targetIdx: -1 }, 5],
      [{ kind: C, targetIdx: 2 ** 31 }, 5],
      [{ kind: C, targetIdx: { $ne: null } }, 5],
      [{ kind: C, targetIdx: "1' OR 1=1 --" }, 5],
      [{ kind: C, targetIdx: collectionIdx, alertPercent: 0 }, 5],
      [{ kind: C, targetIdx: collectionIdx, alertPercent: 101 }, 5],
      [{ kind: C, targetIdx: collectionIdx, alertPercent: 1.5 }, 5],
      [{ kind: I, targetIdx: itemIdx, alertPercent: 10 }, 5],
      [{ kind: C }, 6],
      [{ kind: C, targetIdx: 999_999 }, 254],
      [{ kind: I, targetIdx: 999_999 }, 258],
    ];
    for (const [body, code] of hostile)
      expect(
        (await t.post('/watchlist/follow', { ...bob.auth, ...(body as object) })).returnCode,
        JSON.stringify(body),
      ).toBe(code);
    expect((await t.post('/watchlist/list', bob.auth)).body.data).toEqual({ collections: [], items: [] });
  });

  it('follows and unfollows idempotently, and the state says so', async () => {
    const body = { ...bob.auth, kind: I, targetIdx: itemIdx };
    for (let n = 0; n < 2; n++)
      expect(await t.post('/watchlist/follow', body)).toMatchObject({
        returnCode: 0,
        body: { data: { following: 1, count: 1, alertPercent: null } },
      });
    expect((await t.post('/watchlist/state', body)).body.data).toMatchObject({ following: 1 });
    expect((await t.post('/watchlist/state', { ...alice.auth, kind: I, targetIdx: itemIdx })).body.data).toMatchObject({
      following: 0,
      count: 0,
    });
    for (let n = 0; n < 2; n++)
      expect(await t.post('/watchlist/unfollow', body)).toMatchObject({
        returnCode: 0,
        body: { data: { following: 0, count: 0 } },
      });
  });

  it('keeps one follow under parallel follows', async () => {
    const body = { ...bob.auth, kind: C, targetIdx: collectionIdx };
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.post('/watchlist/follow', body)));
    expect(replies.map((r) => r.returnCode)).toEqual(Array(8).fill(0));
    const rows = await t.db.selectFrom('watch_follows').selectAll().where('target_idx', '=', collectionIdx).execute();
    expect(rows).toHaveLength(1);
    await t.post('/watchlist/unfollow', body);
  });

  it('answers 5 past WATCH_MAX follows, also when the last places are taken in parallel', async () => {
    const carol = await loggedIn(t);
    const memberIdx = await memberIdxOf(t, carol);
    // Fill all but 3 places directly (tests may write any table), then race 6 follows of distinct items for them.
    await t.db
      .insertInto('watch_follows')
      .values(
        Array.from({ length: WATCH_MAX - 3 }, (_, n) => ({
          member_idx: memberIdx,
          kind: I,
          target_idx: 1_000_000 + n,
          created_at: new Date(),
        })),
      )
      .execute();
    const items = await Promise.all(
      Array.from({ length: 6 }, (_, n) => apiItem(t, alice.auth, collectionIdx, `w${n}`)),
    );
    const codes = await Promise.all(
      items.map((id) =>
        t.post('/watchlist/follow', { ...carol.auth, kind: I, targetIdx: id }).then((r) => r.returnCode),
      ),
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 5)).toHaveLength(3);
    const { count } = await t.db
      .selectFrom('watch_follows')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_idx', '=', memberIdx)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(WATCH_MAX);
    // A follow already held still answers 0 at the limit; an unfollow frees a place.
    const held = items[codes.indexOf(0)]!;
    expect((await t.post('/watchlist/follow', { ...carol.auth, kind: I, targetIdx: held })).returnCode).toBe(0);
    await t.post('/watchlist/unfollow', { ...carol.auth, kind: I, targetIdx: held });
    const other = items[codes.indexOf(5)]!;
    expect((await t.post('/watchlist/follow', { ...carol.auth, kind: I, targetIdx: other })).returnCode).toBe(0);
  });

  it('lists followed collections with floor, change since the follow and best offer, and items with price', async () => {
    const dave = await loggedIn(t);
    const col = await apiCollection(t, alice.auth, `Watch list ${process.pid}`);
    const piece = await apiItem(t, alice.auth, col, '바닥 작품');
    await setFloor(piece, 10n * ETH);
    expect(
      (await t.post('/watchlist/follow', { ...dave.auth, kind: C, targetIdx: col, alertPercent: 10 })).body.data,
    ).toMatchObject({ following: 1, alertPercent: 10 });
    expect((await t.post('/watchlist/follow', { ...dave.auth, kind: I, targetIdx: piece })).returnCode).toBe(0);
    await setFloor(piece, 9n * ETH);
    await t.db
      .insertInto('offers')
      .values({
        item_idx: piece,
        buyer_address: bob.wallet.address.toLowerCase(),
        symbol: 'ATT',
        token_address: `0x${'1'.repeat(40)}`,
        unit_price: (7n * ETH).toString(),
        quantity: 1,
        remaining: 1,
        state: OfferState.Valid,
        expiry: 1,
        expires_at: new Date(Date.now() + 86_400_000),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const data = (await t.post('/watchlist/list', dave.auth)).body.data as {
      collections: WatchedCollection[];
      items: WatchedItem[];
    };
    expect(data.collections).toEqual([
      expect.objectContaining({
        collectionIdx: col,
        floor: { ATT: (9n * ETH).toString(), KLAY: null },
        change: { ATT: -1000, KLAY: null },
        bestOffer: { ATT: null, KLAY: null },
        alertPercent: 10,
      }),
    ]);
    expect(data.items).toEqual([
      expect.objectContaining({
        productIdx: piece,
        price: { ATT: (9n * ETH).toString(), KLAY: null },
        bestOffer: { ATT: (7n * ETH).toString(), KLAY: null },
      }),
    ]);
  });

  it('counts a collection offer for an item only when the offer covers it (not an item published after it)', async () => {
    const erin = await loggedIn(t);
    const col = await apiCollection(t, alice.auth, `Watch covered ${process.pid}`);
    const covered = await apiItem(t, alice.auth, col, '제안 이전 작품');
    const late = await apiItem(t, alice.auth, col, '제안 이후 작품');
    const { token_id: tokenId } = await t.db
      .selectFrom('items')
      .select('token_id')
      .where('item_idx', '=', covered)
      .executeTakeFirstOrThrow();
    const { offer_idx: offerIdx } = await t.db
      .insertInto('collection_offers')
      .values({
        collection_idx: col,
        criteria: `0x${'ab'.repeat(32)}`,
        buyer_address: bob.wallet.address.toLowerCase(),
        symbol: 'ATT',
        token_address: `0x${'1'.repeat(40)}`,
        unit_price: (8n * ETH).toString(),
        quantity: 2,
        remaining: 2,
        state: OfferState.Valid,
        fee_bps: 250,
        expiry: 1,
        expires_at: new Date(Date.now() + 86_400_000),
        item_count: 1,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('offer_idx')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('collection_offer_items').values({ offer_idx: offerIdx, token_id: tokenId }).execute();
    for (const [kind, targetIdx] of [
      [C, col],
      [I, covered],
      [I, late],
    ] as const)
      expect((await t.post('/watchlist/follow', { ...erin.auth, kind, targetIdx })).returnCode).toBe(0);
    const data = (await t.post('/watchlist/list', erin.auth)).body.data as {
      collections: WatchedCollection[];
      items: WatchedItem[];
    };
    const eight = { ATT: (8n * ETH).toString(), KLAY: null };
    expect(data.collections.find((c) => c.collectionIdx === col)?.bestOffer).toEqual(eight);
    expect(data.items.find((i) => i.productIdx === covered)?.bestOffer).toEqual(eight);
    expect(data.items.find((i) => i.productIdx === late)?.bestOffer).toEqual({ ATT: null, KLAY: null });
  });
});
