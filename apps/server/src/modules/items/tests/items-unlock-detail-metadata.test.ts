/** Unlockable content for holders, the item detail and its view count, and the ERC-1155 metadata endpoint. */
import type { ItemMetadata } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { mp4, png, uploaded } from '../../../../test/media';
import { tokenIdHex } from '../metadata';
import { alice, aliceCollection, bob, detail, newItem, setUpItems, t } from './items-fixture';

setUpItems();

describe('/nft/unlock', () => {
  it('shows unlockable content to holders only (274), 8 when there is none', async () => {
    const id = await newItem({ isExistUnlockedContent: 1, unlockedContent: 'https://secret.example/key' });
    expect(await t.post('/nft/unlock', { ...alice.auth, productId: id })).toMatchObject({
      returnCode: 0,
      body: { data: { unlockedContent: 'https://secret.example/key' } },
    });
    expect((await t.post('/nft/unlock', { ...bob.auth, productId: id })).returnCode).toBe(274);
    expect((await t.post('/nft/unlock', { productId: id })).returnCode).toBe(27);
    const plain = await newItem();
    expect((await t.post('/nft/unlock', { ...alice.auth, productId: plain })).returnCode).toBe(8);
    expect((await t.post('/nft/unlock', { ...alice.auth, productId: 999999 })).returnCode).toBe(258);
    // The detail never carries the content itself.
    expect(JSON.stringify(await detail(id, alice.auth))).not.toContain('secret.example');
  });
});

describe('/nft/detail', () => {
  it('counts a view once per viewer and day, answers 258 for unknown ids, 27/29 for a wrong ticket', async () => {
    const id = await newItem();
    const first = await detail(id);
    expect((await detail(id)).countView).toBe(first.countView);
    expect((await detail(id, bob.auth)).countView).toBe(first.countView + 1);
    expect((await t.post('/nft/detail', { productId: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/detail', { id: alice.id, ticketId: 'bad', productId: id })).returnCode).toBe(27);
    expect((await t.post('/nft/detail', { id: bob.id, ticketId: alice.ticketId, productId: id })).returnCode).toBe(29);
    expect((await t.post('/nft/detail', { productId: '1' })).returnCode).toBe(5);
    // The web sends its session ticket as a header on every call: without an id in the body the call stays anonymous.
    const bearer = { authorization: `Bearer ${alice.ticketId}` };
    expect((await t.post('/nft/detail', { productId: id }, bearer)).body.data).toMatchObject({ itemCountMine: 0 });
    expect((await t.post('/nft/detail', { id: alice.id, productId: id }, bearer)).body.data).toMatchObject({
      itemCountMine: 1,
    });
  });
});

describe('GET /attnftmarket/api/v1/nft/metadata/{id}', () => {
  it('returns ERC-1155 metadata for image and video items, by hex or decimal id; 404 otherwise', async () => {
    const id = await newItem({ productName: 'Meta', productDesc: 'about', totalSupply: 7 });
    const d = await detail(id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(d.tokenId)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const meta = res.json<ItemMetadata>();
    expect(meta).toEqual({
      name: 'Meta',
      description: 'about',
      image: `http://localhost:8080/cdn/item/resource/${d.fileName}`,
      external_url: `http://localhost:8080/NftInfo/${id}`,
      properties: {
        collection: d.collectionName,
        collectionIdx: aliceCollection,
        creator: alice.id,
        creatorAddress: alice.wallet.address,
        editionSize: 7,
        category: 'Art',
        fileFormat: 'png',
      },
    });
    const dec = await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${d.tokenId}` });
    expect(dec.json()).toEqual(meta);

    const video = await uploaded(t, alice.auth, 'resource', mp4());
    const thumb = await uploaded(t, alice.auth, 'thumbnail', await png());
    const v = await t.post('/nft/register', {
      ...alice.auth,
      fileName: video,
      thumbnailFileName: thumb,
      category: 2,
      productName: 'V',
      totalSupply: 1,
      collectionIdx: aliceCollection,
    });
    const vd = await detail((v.body.data as { productId: number }).productId);
    const vm = (
      await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(vd.tokenId)}` })
    ).json<ItemMetadata>();
    expect(vm.image).toBe(`http://localhost:8080/cdn/item/thumbnail/${thumb}`);
    expect(vm.animation_url).toBe(`http://localhost:8080/cdn/item/resource/${video}`);

    expect(
      (await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${'0'.repeat(64)}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/attnftmarket/api/v1/nft/metadata/not-a-number' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${'9'.repeat(79)}` })).statusCode,
    ).toBe(404);
  });
});
