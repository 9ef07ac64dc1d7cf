/**
 * Item traits: published and edited with the item, refused with 5 (3 for an oversized body) when they break a limit,
 * served as the metadata's OpenSea `attributes`, shown on the item page with their share of the collection, counted
 * per collection and used as the collection item list's filter (any value within a type, every type together).
 */
import { describe, expect, it } from 'vitest';
import type { CollectionTraitType, ItemCard, ItemMetadata } from '@att/shared';
import { tokenIdHex } from '../metadata';
import { alice, bob, detail, newCollection, newItem, register, setUpItems, t } from './items-fixture';

setUpItems();

const metadataOf = async (tokenId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(tokenId)}` })
  ).json<ItemMetadata>();

const listIds = async (collectionIdx: number, traits?: unknown) => {
  const r = await t.post('/nft/info/collection/Item', { collectionIdx, pageSize: 100, ...(traits ? { traits } : {}) });
  expect(r.returnCode).toBe(0);
  return ((r.body.list ?? []) as ItemCard[]).map((c) => c.productId).sort((a, b) => a - b);
};

describe('item traits', () => {
  it('publishes traits into the metadata attributes and the item page, with their share of the collection', async () => {
    const coll = await newCollection(alice);
    const a = await newItem({
      collectionIdx: coll,
      traits: [
        { traitType: ' 배경 ', value: ' 파랑 ' },
        { traitType: 'Level', value: 5, maxValue: 10 },
        { traitType: 'Speed', value: 1.5 },
      ],
    });
    const b = await newItem({ collectionIdx: coll, traits: [{ traitType: '배경', value: '파랑' }] });
    await newItem({ collectionIdx: coll, traits: [{ traitType: '배경', value: '빨강' }] });
    await newItem({ collectionIdx: coll });

    const d = await detail(a);
    expect(d.collectionItemCount).toBe(4);
    expect(d.traits).toEqual([
      { traitType: '배경', value: '파랑', maxValue: null, itemCount: 2 },
      { traitType: 'Level', value: 5, maxValue: 10, itemCount: 1 },
      { traitType: 'Speed', value: 1.5, maxValue: null, itemCount: 1 },
    ]);
    expect((await metadataOf(d.tokenId)).attributes).toEqual([
      { trait_type: '배경', value: '파랑' },
      { trait_type: 'Level', value: 5, display_type: 'number', max_value: 10 },
      { trait_type: 'Speed', value: 1.5, display_type: 'number' },
    ]);
    // An item without traits has no attributes key (spec clients see the metadata they knew).
    const plain = await newItem();
    expect((await metadataOf((await detail(plain)).tokenId)).attributes).toBeUndefined();
    expect((await detail(plain)).traits).toEqual([]);

    // Hiding an item takes it out of the counts.
    expect((await t.post('/nft/hide', { ...alice.auth, productId: b })).returnCode).toBe(0);
    expect((await detail(a)).traits![0]).toMatchObject({ itemCount: 1 });
    expect((await t.post('/nft/hideCancel', { ...alice.auth, productId: b })).returnCode).toBe(0);
    expect((await detail(a)).traits![0]).toMatchObject({ itemCount: 2 });
    // So does deleting it.
    expect((await t.post('/nft/delete', { ...alice.auth, productId: b })).returnCode).toBe(0);
    expect((await detail(a)).traits![0]).toMatchObject({ itemCount: 1 });
  });

  it('edits replace the traits, an edit without traits keeps them, and a move takes them along', async () => {
    const from = await newCollection(alice);
    const to = await newCollection(alice);
    const id = await newItem({ collectionIdx: from, traits: [{ traitType: 'Eyes', value: 'Laser' }] });
    const edit = (extra: Record<string, unknown>) =>
      t.post('/nft/update', {
        ...alice.auth,
        productId: id,
        category: 1,
        productName: 'Edited',
        productDesc: '',
        isExistUnlockedContent: 0,
        unlockedContent: '',
        ...extra,
      });
    expect((await edit({})).returnCode).toBe(0);
    expect((await detail(id)).traits!.map((x) => x.value)).toEqual(['Laser']);
    expect(
      (
        await edit({
          traits: [
            { traitType: 'Eyes', value: 'Sleepy' },
            { traitType: 'Hat', value: 'Cap' },
          ],
        })
      ).returnCode,
    ).toBe(0);
    expect((await detail(id)).traits!.map((x) => x.value)).toEqual(['Sleepy', 'Cap']);
    expect((await edit({ collectionIdx: to })).returnCode).toBe(0);
    const listOf = async (c: number) =>
      (await t.post('/nft/info/collection/traits', { collectionIdx: c })).body.list as CollectionTraitType[];
    expect(await listOf(from)).toEqual([]);
    expect(await listOf(to)).toEqual([
      { traitType: 'Eyes', values: [{ value: 'Sleepy', count: 1 }] },
      { traitType: 'Hat', values: [{ value: 'Cap', count: 1 }] },
    ]);
    expect((await edit({ traits: [] })).returnCode).toBe(0);
    expect((await detail(id)).traits).toEqual([]);
    // Another member cannot edit them (the spec's edit rule answers first).
    expect(
      (await t.post('/nft/update', { ...bob.auth, productId: id, category: 1, productName: 'x', traits: [] }))
        .returnCode,
    ).toBe(274);
  });

  it('answers 5 to traits out of their limits, never 101, and writes nothing', async () => {
    const coll = await newCollection(alice);
    const twenty = Array.from({ length: 20 }, (_, i) => ({ traitType: `T${i}`, value: `v${i}` }));
    expect((await register({ collectionIdx: coll, traits: twenty })).returnCode).toBe(0);
    const hostile: unknown[] = [
      [...twenty, { traitType: 'T20', value: 'v' }],
      [{ traitType: '', value: 'x' }],
      [{ traitType: '   ', value: 'x' }],
      [{ traitType: 'x'.repeat(51), value: 'x' }],
      [{ traitType: 'x', value: '' }],
      [{ traitType: 'x', value: 'y'.repeat(101) }],
      [{ traitType: 'x', value: '😀'.repeat(101) }],
      [{ traitType: 'x', value: 'text', maxValue: 3 }],
      [{ traitType: 'x', value: 5, maxValue: 4 }],
      [{ traitType: 'x', value: 1e16 }],
      [{ traitType: 'x', value: 1, maxValue: 1e300 }],
      [{ traitType: 'x', value: true }],
      [{ traitType: 'x', value: null }],
      [{ traitType: 'x', value: { a: 1 } }],
      [{ traitType: 7, value: 'x' }],
      [{ value: 'x' }],
      [
        { traitType: 'Hat', value: 'a' },
        { traitType: ' hat ', value: 'b' },
      ],
      ['x'],
      [null],
      'traits',
      { traitType: 'x', value: 'y' },
      [{ traitType: 'x'.repeat(100_000), value: 'y' }],
    ];
    for (const traits of hostile) {
      const r = await register({ collectionIdx: coll, traits });
      expect([3, 5, 6], JSON.stringify(traits).slice(0, 80)).toContain(r.returnCode);
    }
    expect(await listIds(coll)).toHaveLength(1);
    // The filter's hostile bodies too.
    for (const traits of [
      [{ traitType: '', values: ['a'] }],
      [{ traitType: 'a', values: [] }],
      [{ traitType: 'a', values: [1] }],
      'x',
    ]) {
      expect([5, 6]).toContain((await t.post('/nft/info/collection/Item', { collectionIdx: coll, traits })).returnCode);
    }
    expect((await t.post('/nft/info/collection/traits', { collectionIdx: 999_999 })).returnCode).toBe(254);
  });

  it('counts values per type and filters the collection: any value within a type, every type together', async () => {
    const coll = await newCollection(alice);
    const item = (bg: string, hat?: string, level?: number) =>
      newItem({
        collectionIdx: coll,
        traits: [
          { traitType: 'Background', value: bg },
          ...(hat ? [{ traitType: 'Hat', value: hat }] : []),
          ...(level !== undefined ? [{ traitType: 'Level', value: level }] : []),
        ],
      });
    const blueCap = await item('Blue', 'Cap', 1);
    const blue = await item('Blue', undefined, 2);
    const redCap = await item('Red', 'Cap');
    const greenCrown = await item('Green', 'Crown', 2);
    const r = await t.post('/nft/info/collection/traits', { collectionIdx: coll });
    expect(r.body.itemCount).toBe(4);
    expect(r.body.list).toEqual([
      {
        traitType: 'Background',
        values: [
          { value: 'Blue', count: 2 },
          { value: 'Green', count: 1 },
          { value: 'Red', count: 1 },
        ],
      },
      {
        traitType: 'Hat',
        values: [
          { value: 'Cap', count: 2 },
          { value: 'Crown', count: 1 },
        ],
      },
      {
        traitType: 'Level',
        values: [
          { value: '1', count: 1 },
          { value: '2', count: 2 },
        ],
      },
    ]);
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
    expect(await listIds(coll, [{ traitType: 'Background', values: ['Blue'] }])).toEqual(sorted(blueCap, blue));
    expect(await listIds(coll, [{ traitType: 'Background', values: ['Blue', ' Red '] }])).toEqual(
      sorted(blueCap, blue, redCap),
    );
    expect(
      await listIds(coll, [
        { traitType: 'Background', values: ['Blue', 'Green'] },
        { traitType: 'Hat', values: ['Cap', 'Crown'] },
      ]),
    ).toEqual(sorted(blueCap, greenCrown));
    expect(await listIds(coll, [{ traitType: 'Level', values: ['2'] }])).toEqual(sorted(blue, greenCrown));
    expect(await listIds(coll, [{ traitType: 'Hat', values: ['Nope'] }])).toEqual([]);
    const page = await t.post('/nft/info/collection/Item', {
      collectionIdx: coll,
      traits: [{ traitType: 'Hat', values: ['Cap'] }],
    });
    expect(page.body.page).toMatchObject({ totalRecordSize: 2 });
    // Another collection's items never match, with the same trait.
    const other = await newCollection(alice);
    await newItem({ collectionIdx: other, traits: [{ traitType: 'Background', value: 'Blue' }] });
    expect(await listIds(coll, [{ traitType: 'Background', values: ['Blue'] }])).toEqual(sorted(blueCap, blue));
  });
});
