import { ItemType, type ItemCard, type ItemDetail, type ItemMetadata } from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../test/helper';
import { gif, html, jpeg, mp3, mp4, ogg, png, svg, upload, uploaded, wav, webm } from '../../test/media';
import { tokenIdHex } from '../services/metadata';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;
let aliceCollection: number;
let bobCollection: number;

let counter = 0;
async function newCollection(who: typeof alice): Promise<number> {
  const logoFileName = await uploaded(t, who.auth, 'logo', await png());
  const r = await t.post('/nft/collection/register', {
    ...who.auth,
    collectionName: `Items ${process.pid} ${++counter}`,
    royalty: 5,
    logoFileName,
  });
  return (r.body.data as { collectionIdx: number }).collectionIdx;
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
  bob = await loggedIn(t);
  aliceCollection = await newCollection(alice);
  bobCollection = await newCollection(bob);
});
afterAll(async () => t?.close());

async function register(overrides: Record<string, unknown> = {}, who = alice, resource?: Buffer) {
  const fileName = await uploaded(t, who.auth, 'resource', resource ?? (await png()));
  return t.post('/nft/register', {
    ...who.auth,
    fileName,
    category: 1,
    productName: '첫 작품',
    productDesc: 'line 1\nline 2',
    totalSupply: 1,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx: who === alice ? aliceCollection : bobCollection,
    ...overrides,
  });
}

async function newItem(overrides: Record<string, unknown> = {}, who = alice): Promise<number> {
  const r = await register(overrides, who);
  expect(r.returnCode).toBe(0);
  return (r.body.data as { productId: number }).productId;
}

const detail = async (productId: number, auth?: { id: string; ticketId: string }) =>
  (await t.post('/nft/detail', { ...auth, productId })).body.data as ItemDetail;

describe('/nft/upload/resource and /thumbnail', () => {
  it('accepts every resource type by content and says its format and resource type', async () => {
    const cases = [
      [await png(), 'png', 1],
      [await jpeg(), 'jpg', 1],
      [await gif(), 'gif', 1],
      [svg(), 'svg', 1],
      [mp4(), 'mp4', 2],
      [webm(), 'webm', 2],
      [mp3(), 'mp3', 2],
      [wav(), 'wav', 2],
      [ogg(), 'ogg', 2],
    ] as const;
    for (const [file, format, resourceType] of cases) {
      const r = await upload(t, alice.auth, 'resource', file, { filename: 'whatever.bin' });
      expect(r.returnCode, format).toBe(0);
      expect(r.data).toMatchObject({ fileFormat: format, resourceType });
      expect(r.data!.fileName.endsWith(`.${format}`)).toBe(true);
    }
  });

  it('refuses a disguised file: HTML named .mp4, a script named .png, a zip', async () => {
    expect((await upload(t, alice.auth, 'resource', html(), { filename: 'movie.mp4', type: 'video/mp4' })).returnCode).toBe(5);
    expect((await upload(t, alice.auth, 'resource', Buffer.from('alert(1)'), { filename: 'a.png' })).returnCode).toBe(5);
    expect((await upload(t, alice.auth, 'resource', Buffer.from('PK\u0003\u0004zip'), { filename: 'a.webm' })).returnCode).toBe(5);
    // A Matroska (not WebM) file and an M4A (audio-only MPEG-4) are not in the list either.
    const mkv = webm();
    mkv.write('mkvx', mkv.indexOf('webm'), 'latin1');
    expect((await upload(t, alice.auth, 'resource', mkv)).returnCode).toBe(5);
  });

  it('sanitizes an SVG: scripts, handlers and javascript: links are gone from the stored file', async () => {
    const evil = svg(
      '<script>alert(1)</script><a href="javascript:alert(2)"><circle r="3" onclick="alert(3)"/></a><foreignObject><iframe src="https://x"/></foreignObject>',
    );
    const r = await upload(t, alice.auth, 'resource', Buffer.from(evil.toString().replace('<svg ', '<svg onload="alert(4)" ')));
    expect(r.returnCode).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: `/cdn/item/resource/${r.data!.fileName}` });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(served.body).toContain('<circle');
    expect(served.body).not.toMatch(/script|onload|onclick|javascript:|foreignObject|iframe/i);
    // Text that only mentions svg, and an entity bomb, are refused.
    expect((await upload(t, alice.auth, 'resource', Buffer.from('<p>hello <svg></svg></p>'))).returnCode).toBe(5);
    const bomb = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>';
    expect((await upload(t, alice.auth, 'resource', Buffer.from(bomb))).returnCode).toBe(5);
  });

  it('thumbnails: gif/jpg/png/svg up to 2 MB; not video', async () => {
    expect((await upload(t, alice.auth, 'thumbnail', await png())).returnCode).toBe(0);
    expect((await upload(t, alice.auth, 'thumbnail', svg())).returnCode).toBe(0);
    expect((await upload(t, alice.auth, 'thumbnail', mp4())).returnCode).toBe(5);
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(t, alice.auth, 'thumbnail', big)).returnCode).toBe(5);
  });

  it('checks the ticket (27, 29) and the file part (81)', async () => {
    expect((await upload(t, { id: alice.id, ticketId: 'x' }, 'resource', await png())).returnCode).toBe(27);
    expect((await upload(t, { id: bob.id, ticketId: alice.ticketId }, 'thumbnail', await png())).returnCode).toBe(29);
    expect((await upload(t, alice.auth, 'resource', await png(), { field: 'upload' })).returnCode).toBe(81);
  });

  it('serves byte ranges (video seeking) and 416 past the end', async () => {
    const r = await upload(t, alice.auth, 'resource', mp4(10_000));
    const url = `/cdn/item/resource/${r.data!.fileName}`;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${mp4(10_000).length}`);
    expect(part.rawPayload).toHaveLength(10);
    expect(part.headers['content-type']).toBe('video/mp4');
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999-' } })).statusCode).toBe(416);
    expect((await t.app.inject({ method: 'GET', url: '/cdn/item/resource/..%2f..%2fpackage.json' })).statusCode).toBe(404);
  });
});

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
    expect(d).toMatchObject({ resourceType: 2, fileFormat: 'mp4', thumbnailFileName, itemType: ItemType.Multi, itemCountMine: 10 });
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
    expect((await t.post('/nft/register', { ...alice.auth, fileName: bobs, category: 1, productName: 'x', totalSupply: 1, collectionIdx: aliceCollection })).returnCode).toBe(81);
    const thumb = await uploaded(t, alice.auth, 'thumbnail', await png());
    expect((await t.post('/nft/register', { ...alice.auth, fileName: thumb, category: 1, productName: 'x', totalSupply: 1, collectionIdx: aliceCollection })).returnCode).toBe(81);
    const mine = await uploaded(t, alice.auth, 'resource', await png());
    const body = { ...alice.auth, fileName: mine, category: 1, productName: 'x', totalSupply: 1, collectionIdx: aliceCollection };
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
    expect(await detail(id, alice.auth)).toMatchObject({ name: '고친 이름', category: 3, fileName: resource, fileFormat: 'jpg', isExistUnlockedContent: 1 });
    expect((await update(id, { totalSupply: 4 })).returnCode).toBe(5);
    const video = await uploaded(t, alice.auth, 'resource', webm());
    expect((await update(id, { fileName: video })).returnCode).toBe(5);
  });

  it('answers 274 to others and when the creator is no longer the only owner, 273 on sale, 282 traded, 258 unknown', async () => {
    const id = await newItem({ totalSupply: 2 });
    expect((await update(id, {}, bob)).returnCode).toBe(274);
    expect((await update(999999)).returnCode).toBe(258);
    // States the trading issue will create, simulated in the tables it will write.
    await sql`UPDATE inventory SET on_sale = 1 WHERE item_idx = ${id}`.execute(t.db);
    expect((await update(id)).returnCode).toBe(273);
    expect((await t.post('/nft/delete', { ...alice.auth, productId: id })).returnCode).toBe(273);
    await sql`UPDATE inventory SET on_sale = 0 WHERE item_idx = ${id}`.execute(t.db);
    await sql`UPDATE items SET last_price = 1000, trade_count = 1 WHERE item_idx = ${id}`.execute(t.db);
    expect((await update(id)).returnCode).toBe(282);
    await sql`UPDATE items SET last_price = NULL, trade_count = 0 WHERE item_idx = ${id}`.execute(t.db);
    await sql`UPDATE inventory SET amount = 1 WHERE item_idx = ${id}`.execute(t.db);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${id}, ${bob.wallet.address}, 1)`.execute(t.db);
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

describe('hide, unhide and the collection lists', () => {
  it('the creator hides an item from the collection lists; only the owner sees the hidden list', async () => {
    const coll = await newCollection(alice);
    const make = async (name: string) => newItem({ productName: name, collectionIdx: coll });
    const a = await make('apple');
    const b = await make('banana');
    const c = await make('cherry');
    expect((await t.post('/nft/hide', { ...alice.auth, productId: b })).returnCode).toBe(0);
    const shown = await t.post('/nft/info/collection/Item', { collectionIdx: coll });
    expect((shown.body.list as ItemCard[]).map((i) => i.productId)).toEqual([c, a]);
    const recent = await t.post('/nft/info/list', { collectionIdx: coll, pageNo: 1, pageSize: 100, orderType: 1 });
    expect((recent.body.list as ItemCard[]).map((i) => i.productId)).toEqual([c, a]);
    const hidden = await t.post('/nft/info/collection/hideItem', { ...alice.auth, collectionIdx: coll });
    expect((hidden.body.list as ItemCard[]).map((i) => [i.productId, i.hideState])).toEqual([[b, 1]]);
    expect((await t.post('/nft/info/collection/hideItem', { ...bob.auth, collectionIdx: coll })).returnCode).toBe(250);
    expect((await t.post('/nft/info/collection/hideItem', { collectionIdx: coll })).returnCode).toBe(27);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: a })).returnCode).toBe(274);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: 999999 })).returnCode).toBe(258);
    expect((await t.post('/nft/hideCancel', { ...alice.auth, productId: b })).returnCode).toBe(0);
    const again = await t.post('/nft/info/collection/Item', { collectionIdx: coll, orderType: 4 });
    expect((again.body.list as ItemCard[]).map((i) => i.productId)).toEqual([a, b, c]);
  });

  it('searches, orders by views, filters new/sale status and price, clamps page sizes; 254 for no collection', async () => {
    const coll = await newCollection(alice);
    const ids: number[] = [];
    for (const name of ['Red fox', 'Blue fox', 'Green owl']) ids.push(await newItem({ productName: name, collectionIdx: coll }));
    await detail(ids[0]!);
    await detail(ids[0]!, bob.auth); // a second viewer: one view per viewer and day
    await detail(ids[2]!);
    const list = async (body: Record<string, unknown>) =>
      (await t.post('/nft/info/collection/Item', { collectionIdx: coll, ...body })).body;
    expect(((await list({ searchText: 'FOX' })).list as ItemCard[]).map((i) => i.name)).toEqual(['Blue fox', 'Red fox']);
    expect(((await list({ orderType: 3 })).list as ItemCard[]).map((i) => i.productId)).toEqual([ids[0], ids[2], ids[1]]);
    expect(((await list({ filterStatus: [3] })).list as ItemCard[])).toHaveLength(3);
    expect((await list({ filterStatus: [1, 2] })).list).toEqual([]);
    expect((await list({ startPrice: '1' })).list).toEqual([]);
    const paged = await list({ pageNo: 2, pageSize: 2 });
    expect(paged.page).toEqual({ totalRecordSize: 3, pageNo: 2, pageCount: 2 });
    expect((await list({ pageSize: 100000 })).page).toMatchObject({ pageCount: 1 });
    expect((await t.post('/nft/info/collection/Item', { collectionIdx: 999999 })).returnCode).toBe(254);
    expect((await t.post('/nft/info/collection/Item', { collectionIdx: coll, orderType: 9 })).returnCode).toBe(5);
    // A logged-in caller sees their own counts.
    const mine = (await t.post('/nft/info/collection/Item', { ...alice.auth, collectionIdx: coll })).body.list as ItemCard[];
    expect(mine.every((i) => i.itemCountMine === 1)).toBe(true);
  });

  it('a holder who is not the creator hides the item for themselves only', async () => {
    const id = await newItem({ totalSupply: 2 });
    await sql`UPDATE inventory SET amount = 1 WHERE item_idx = ${id}`.execute(t.db);
    await sql`INSERT INTO inventory (item_idx, holder_address, amount) VALUES (${id}, ${bob.wallet.address}, 1)`.execute(t.db);
    expect((await t.post('/nft/hide', { ...bob.auth, productId: id })).returnCode).toBe(0);
    expect((await detail(id, bob.auth)).hideState).toBe(1);
    expect((await detail(id, alice.auth)).hideState).toBe(0);
  });
});

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
    expect((await t.post('/nft/detail', { id: alice.id, productId: id }, bearer)).body.data).toMatchObject({ itemCountMine: 1 });
  });
});

describe('GET /attnftmarket/api/v1/nft/metadata/{id}', () => {
  it('returns ERC-1155 metadata for image and video items, by hex or decimal id; 404 otherwise', async () => {
    const id = await newItem({ productName: 'Meta', productDesc: 'about', totalSupply: 7 });
    const d = await detail(id);
    const res = await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(d.tokenId)}` });
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
    const v = await t.post('/nft/register', { ...alice.auth, fileName: video, thumbnailFileName: thumb, category: 2, productName: 'V', totalSupply: 1, collectionIdx: aliceCollection });
    const vd = await detail((v.body.data as { productId: number }).productId);
    const vm = (await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${tokenIdHex(vd.tokenId)}` })).json<ItemMetadata>();
    expect(vm.image).toBe(`http://localhost:8080/cdn/item/thumbnail/${thumb}`);
    expect(vm.animation_url).toBe(`http://localhost:8080/cdn/item/resource/${video}`);

    expect((await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${'0'.repeat(64)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/attnftmarket/api/v1/nft/metadata/not-a-number' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/attnftmarket/api/v1/nft/metadata/${'9'.repeat(79)}` })).statusCode).toBe(404);
  });
});
