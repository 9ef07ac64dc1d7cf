/** Publishing (/nft/register), editing (/nft/update) and deleting (/nft/delete) an item, with the codes for each refusal. */
import { ItemType } from '@att/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { jpeg, mp4, png, uploaded, webm } from '../../../../test/media';
import { tokenIdHex } from '../metadata';
import { alice, aliceCollection, bob, bobCollection, detail, newItem, register, setUpItems, t } from './items-fixture';

setUpItems();

describe('/nft/register', () => {
  it('publishes an image item: token id bound to the creator, the creator holds the edition', async () => {
    const r = await register({ totalSupply: 1 });
    expect(r.returnCode).toBe(0);
    const { productId, tokenId } = r.body.data as { productId: number; tokenId: string };
    expect(BigInt(tokenId) >> 96n).toBe(BigInt(alice.wallet.address));
    expect(BigInt(tokenId) & ((1n << 96n) - 1n)).toBe(BigInt(productId));
    const d = await detail(productId, alice.auth);
    expect(d).toMatchObject({
      productId,
      tokenId,
      collectionIdx: aliceCollection,
      name: '첫 작품',
      description: 'line 1\nline 2',
      resourceType: 1,
      fileFormat: 'png',
      thumbnailFileName: null,
      itemType: ItemType.Single,
      totalItemCount: 1,
      ownerCount: 1,
      hideState: 0,
      flagMint: 0,
      creatorId: alice.id,
      royalty: 5,
      itemCountMine: 1,
      editable: true,
      deletable: true,
      isExistUnlockedContent: 0,
      contractAddress: '0x2222222222222222222222222222222222222222',
    });
    expect(d.metadataUrl).toBe(`http://localhost:8080/attnftmarket/api/v1/nft/metadata/${tokenIdHex(tokenId)}`);
    const anon = await detail(productId);
    expect(anon).toMatchObject({ itemCountMine: 0, editable: false, deletable: false });
  });

  it('publishes a video item with a thumbnail (multi-edition: itemType 1); requires the thumbnail (5)', async () => {
    const video = await uploaded(t, alice.auth, 'resource', mp4());
    const noThumb = await t.post('/nft/register', {
      ...alice.auth,
      fileName: video,
      category: 2,
      productName: 'clip',
      totalSupply: 10,
      collectionIdx: aliceCollection,
    });
    expect(noThumb.returnCode).toBe(5);
    const thumbnailFileName = await uploaded(t, alice.auth, 'thumbnail', await jpeg());
    const ok = await t.post('/nft/register', {
      ...alice.auth,
      fileName: video,
      thumbnailFileName,
      category: 2,
      productName: 'clip',
      totalSupply: 10,
      collectionIdx: aliceCollection,
    });
    expect(ok.returnCode).toBe(0);
    const d = await detail((ok.body.data as { productId: number }).productId, alice.auth);
    expect(d).toMatchObject({
      resourceType: 2,
      fileFormat: 'mp4',
      thumbnailFileName,
      itemType: ItemType.Multi,
      itemCountMine: 10,
    });
  });

  it('validates the payload (5/6) and refuses foreign collections (250), unknown ones (254)', async () => {
    expect((await register({ productName: 'x'.repeat(46) })).returnCode).toBe(5);
    expect((await register({ productName: ' ' })).returnCode).toBe(5);
    expect((await register({ productDesc: '1\n2\n3\n4\n5\n6' })).returnCode).toBe(5);
    expect((await register({ productDesc: 'x'.repeat(1001) })).returnCode).toBe(5);
    expect((await register({ totalSupply: 0 })).returnCode).toBe(5);
    expect((await register({ totalSupply: 1.5 })).returnCode).toBe(5);
    expect((await register({ category: 99 })).returnCode).toBe(5);
    expect((await register({ category: -1 })).returnCode).toBe(5);
    expect((await register({ flagFreezeMetadata: 1 })).returnCode).toBe(5);
    expect((await register({ isExistUnlockedContent: 1, unlockedContent: '' })).returnCode).toBe(5);
    expect((await register({ collectionIdx: undefined })).returnCode).toBe(6);
    expect((await register({ collectionIdx: bobCollection })).returnCode).toBe(250);
    expect((await register({ collectionIdx: 999999 })).returnCode).toBe(254);
  });

  it('answers 81 for a resource of another member, a thumbnail used as resource, or a second use', async () => {
    const bobs = await uploaded(t, bob.auth, 'resource', await png());
    expect(
      (
        await t.post('/nft/register', {
          ...alice.auth,
          fileName: bobs,
          category: 1,
          productName: 'x',
          totalSupply: 1,
          collectionIdx: aliceCollection,
        })
      ).returnCode,
    ).toBe(81);
    const thumb = await uploaded(t, alice.auth, 'thumbnail', await png());
    expect(
      (
        await t.post('/nft/register', {
          ...alice.auth,
          fileName: thumb,
          category: 1,
          productName: 'x',
          totalSupply: 1,
          collectionIdx: aliceCollection,
        })
      ).returnCode,
    ).toBe(81);
    const mine = await uploaded(t, alice.auth, 'resource', await png());
    const body = {
      ...alice.auth,
      fileName: mine,
      category: 1,
      productName: 'x',
      totalSupply: 1,
      collectionIdx: aliceCollection,
    };
    const both = await Promise.all([t.post('/nft/register', body), t.post('/nft/register', body)]);
    expect(both.map((b) => b.returnCode).sort()).toEqual([0, 81]);
  });
});

describe('/nft/update', () => {
  const update = (productId: number, overrides: Record<string, unknown> = {}, who = alice) =>
    t.post('/nft/update', {
      ...who.auth,
      productId,
      fileName: null,
      productThumbnailFileName: null,
      category: 3,
      productName: '고친 이름',
      productDesc: 'edited',
      isExistUnlockedContent: 1,
      unlockedContent: 'secret',
      ...overrides,
    });

  it('lets the creator edit while the only owner; supply is read-only; files can be replaced', async () => {
    const id = await newItem({ totalSupply: 3 });
    const resource = await uploaded(t, alice.auth, 'resource', await jpeg());
    expect((await update(id, { fileName: resource, totalSupply: 3 })).returnCode).toBe(0);
    expect(await detail(id, alice.auth)).toMatchObject({
      name: '고친 이름',
      category: 3,
      fileName: resource,
      fileFormat: 'jpg',
      isExistUnlockedContent: 1,
    });
    expect((await update(id, { totalSupply: 4 })).returnCode).toBe(5);
    const video = await uploaded(t, alice.auth, 'resource', webm());
    expect((await update(id, { fileName: video })).returnCode).toBe(5);
  });

  it('answers 274 to others and when the creator is no longer the only owner, 273 on sale, 282 traded, 258 unknown', async () => {
    const id = await newItem({ totalSupply: 2 });
    expect((await update(id, {}, bob)).returnCode).toBe(274);
    expect((await update(999999)).returnCode).toBe(258);
    // States trading creates, simulated in the tables it writes.
    await sql`UPDATE inventory SET on_sale = 1 WHERE item_idx = ${id}`.execute(t.db);
    expect((await update(id)).returnCode).toBe(273);
    expect((await t.post('/nft/delete', { ...alice.auth, productId: id })).returnCode).toBe(273);
    await sql`UPDATE inventory SET on_sale = 0 WHERE item_idx = ${id}`.execute(t.db);
    await sql`UPDATE items SET last_price = 1000, trade_count = 1 WHERE item_idx = ${id}`.execute(t.db);
    expect((await update(id)).returnCode).toBe(282);
    await sql`UPDATE items SET last_price = NULL, trade_count = 0 WHERE item_idx = ${id}`.execute(t.db);
    await sql`UPDATE inventory SET amount = 1 WHERE item_idx = ${id}`.execute(t.db);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${id}, ${bob.wallet.address}, 1)`.execute(
      t.db,
    );
    expect((await update(id)).returnCode).toBe(274);
    expect((await detail(id, alice.auth)).editable).toBe(false);
    expect((await detail(id, bob.auth)).itemCountMine).toBe(1);
  });
});

describe('/nft/delete', () => {
  it('deletes an untraded item; its metadata still answers; 274 for others, 282 once minted', async () => {
    const id = await newItem();
    const tokenId = (await detail(id)).tokenId;
    expect((await t.post('/nft/delete', { ...bob.auth, productId: id })).returnCode).toBe(274);
    const r = await t.post('/nft/delete', { ...alice.auth, productId: id });
    expect(r).toMatchObject({ returnCode: 0, body: { data: { collectionIdx: aliceCollection } } });
    expect((await t.post('/nft/detail', { productId: id })).returnCode).toBe(258);
    expect((await t.post('/nft/delete', { ...alice.auth, productId: id })).returnCode).toBe(258);
    const meta = await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(tokenId)}` });
    expect(meta.statusCode).toBe(200);
    const minted = await newItem();
    await sql`UPDATE items SET flag_mint = 1 WHERE item_idx = ${minted}`.execute(t.db);
    expect((await t.post('/nft/delete', { ...alice.auth, productId: minted })).returnCode).toBe(282);
  });
});
