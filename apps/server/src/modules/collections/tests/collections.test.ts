import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';
import { gif, html, jpeg, png, svg, upload, uploaded } from '../../../../test/media';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
let bob: Awaited<ReturnType<typeof loggedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
  bob = await loggedIn(t);
});
afterAll(async () => t?.close());

let counter = 0;
const uniqueName = (prefix = 'Collection') => `${prefix} ${process.pid}-${++counter}`;

async function register(who = alice, overrides: Record<string, unknown> = {}) {
  const logoFileName = await uploaded(t, who.auth, 'logo', await png());
  return t.post('/nft/collection/register', {
    ...who.auth,
    collectionName: uniqueName(),
    collectionDesc: '설명',
    royalty: 5,
    logoFileName,
    ...overrides,
  });
}

async function newCollection(who = alice, overrides: Record<string, unknown> = {}): Promise<number> {
  const r = await register(who, overrides);
  expect(r.returnCode).toBe(0);
  return (r.body.data as { collectionIdx: number }).collectionIdx;
}

async function publish(who: typeof alice, collectionIdx: number) {
  const fileName = await uploaded(t, who.auth, 'resource', await png());
  const r = await t.post('/nft/register', {
    ...who.auth,
    fileName,
    category: 1,
    productName: 'item',
    productDesc: '',
    totalSupply: 1,
    collectionIdx,
  });
  expect(r.returnCode).toBe(0);
  return (r.body.data as { productId: number }).productId;
}

describe('/nft/collection/upload/{logo,banner,featured}', () => {
  it('stores gif, jpg and png by content under a server-made name and serves them safely', async () => {
    for (const [kind, file, ext] of [
      ['logo', await png(), 'png'],
      ['collectionBanner', await jpeg(), 'jpg'],
      ['featured', await gif(), 'gif'],
    ] as const) {
      const r = await upload(t, alice.auth, kind, file, { filename: '../../../etc/passwd' });
      expect(r.returnCode).toBe(0);
      expect(r.data!.fileName).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      const folder = kind === 'collectionBanner' ? 'banner' : kind;
      const served = await t.app.inject({ method: 'GET', url: `/cdn/collection/${folder}/${r.data!.fileName}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('refuses content that is not gif/jpg/png whatever its name (5), and files over 10 MB (5)', async () => {
    expect((await upload(t, alice.auth, 'logo', html(), { filename: 'logo.png', type: 'image/png' })).returnCode).toBe(
      5,
    );
    expect((await upload(t, alice.auth, 'logo', svg(), { filename: 'logo.png' })).returnCode).toBe(5);
    expect((await upload(t, alice.auth, 'logo', Buffer.from('GIF89a not a gif at all'))).returnCode).toBe(5);
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(t, alice.auth, 'logo', big)).returnCode).toBe(5);
  });

  it("checks the ticket first: 27 unknown, 29 another member's id, 81 no file part", async () => {
    const file = await png();
    expect((await upload(t, { id: alice.id, ticketId: 'nope' }, 'logo', file)).returnCode).toBe(27);
    expect((await upload(t, { id: bob.id, ticketId: alice.ticketId }, 'logo', file)).returnCode).toBe(29);
    expect((await upload(t, alice.auth, 'logo', file, { field: 'other' })).returnCode).toBe(81);
  });
});

describe('/nft/collection/register', () => {
  it('creates a collection the owner lists, anyone reads, and user info counts', async () => {
    const banner = await uploaded(t, alice.auth, 'collectionBanner', await jpeg());
    const name = uniqueName('새 컬렉션');
    const r = await register(alice, { collectionName: `  ${name} `, royalty: 2.5, bannerFileName: banner });
    expect(r.returnCode).toBe(0);
    const idx = (r.body.data as { collectionIdx: number }).collectionIdx;
    const info = await t.post('/nft/collection/info', { collectionIdx: idx });
    expect(info.body.data).toMatchObject({
      collectionIdx: idx,
      collectionName: name,
      description: '설명',
      memberId: alice.id,
      royalty: 2.5,
      banner,
      featured: null,
      itemCount: 0,
      ownerCount: 0,
      floorPrice: null,
      volumeTrade: '0',
    });
    const mine = await t.post('/nft/collection/list/mine', { ...alice.auth, pageNo: 1, pageSize: 9999 });
    expect((mine.body.list as { collectionIdx: number }[]).map((c) => c.collectionIdx)).toContain(idx);
    const me = await t.post('/user/info', alice.auth);
    expect((me.body.data as { collectionCount: number }).collectionCount).toBeGreaterThanOrEqual(1);
    const pub = await t.post('/user/info/id', { userId: alice.id });
    expect((pub.body.data as { collectionCount: number }).collectionCount).toBe(
      (me.body.data as { collectionCount: number }).collectionCount,
    );
  });

  it('answers 253 for a live name in any case, also when two requests race', async () => {
    const name = uniqueName('Dup');
    expect((await register(alice, { collectionName: name })).returnCode).toBe(0);
    expect((await register(bob, { collectionName: name.toUpperCase() })).returnCode).toBe(253);
    const raced = uniqueName('Race');
    const codes = await Promise.all([
      register(alice, { collectionName: raced }),
      register(bob, { collectionName: raced }),
    ]);
    expect(codes.map((c) => c.returnCode).sort()).toEqual([0, 253]);
  });

  it('answers 272 over 10 %, 252 for another wrong royalty, 6 when it is missing', async () => {
    expect((await register(alice, { royalty: 10.01 })).returnCode).toBe(272);
    expect((await register(alice, { royalty: 11 })).returnCode).toBe(272);
    expect((await register(alice, { royalty: -1 })).returnCode).toBe(252);
    expect((await register(alice, { royalty: 2.555 })).returnCode).toBe(252);
    expect((await register(alice, { royalty: '5' })).returnCode).toBe(252);
    expect((await register(alice, { royalty: undefined })).returnCode).toBe(6);
    expect((await register(alice, { royalty: 10 })).returnCode).toBe(0);
    expect((await register(alice, { royalty: 0 })).returnCode).toBe(0);
  });

  it('validates name and description (5), requires the logo (6)', async () => {
    expect((await register(alice, { collectionName: '   ' })).returnCode).toBe(5);
    expect((await register(alice, { collectionName: 'ㄱ'.repeat(101) })).returnCode).toBe(5);
    expect((await register(alice, { collectionName: `${'가'.repeat(99)}${counter++}`.slice(0, 100) })).returnCode).toBe(
      0,
    );
    expect((await register(alice, { collectionDesc: 'x'.repeat(1001) })).returnCode).toBe(5);
    expect((await register(alice, { logoFileName: undefined })).returnCode).toBe(6);
    expect((await register(alice, { logoFileName: '../../x.png' })).returnCode).toBe(5);
  });

  it('answers 81 for a file of another member, of another slot, or used twice', async () => {
    const bobsLogo = await uploaded(t, bob.auth, 'logo', await png());
    expect((await register(alice, { logoFileName: bobsLogo })).returnCode).toBe(81);
    const banner = await uploaded(t, alice.auth, 'collectionBanner', await png());
    expect((await register(alice, { logoFileName: banner })).returnCode).toBe(81);
    const logo = await uploaded(t, alice.auth, 'logo', await png());
    expect((await register(alice, { logoFileName: logo })).returnCode).toBe(0);
    expect((await register(alice, { logoFileName: logo })).returnCode).toBe(81);
    // Nothing was half-written: the failed attempts left no collection behind.
    const mine = await t.post('/nft/collection/list/mine', { ...bob.auth });
    expect(mine.returnCode).toBe(0);
  });

  it('answers 27 without a ticket and 3 for a body that is not an object', async () => {
    expect((await t.post('/nft/collection/register', { collectionName: 'x' })).returnCode).toBe(27);
    expect(
      (await t.post('/nft/collection/register', [1, 2], { authorization: `Bearer ${alice.ticketId}` })).returnCode,
    ).toBe(3);
  });
});

describe('/nft/collection/update', () => {
  it('updates fields, replaces the logo (the old file is removed) and keeps unchanged files', async () => {
    const idx = await newCollection();
    const before = (await t.post('/nft/collection/info', { collectionIdx: idx })).body.data as { logo: string };
    const logo = await uploaded(t, alice.auth, 'logo', await jpeg());
    const name = uniqueName('Renamed');
    const r = await t.post('/nft/collection/update', {
      ...alice.auth,
      collectionIdx: idx,
      collectionName: name,
      collectionDesc: 'new',
      royalty: 7,
      logoFileName: logo,
      bannerFileName: null,
    });
    expect(r.returnCode).toBe(0);
    const after = (await t.post('/nft/collection/info', { collectionIdx: idx })).body.data;
    expect(after).toMatchObject({ collectionName: name, description: 'new', royalty: 7, logo });
    expect((await t.app.inject({ method: 'GET', url: `/cdn/collection/logo/${before.logo}` })).statusCode).toBe(404);
  });

  it('answers 250 to another member, 254 for no collection, 253 for a taken name', async () => {
    const idx = await newCollection();
    const other = await newCollection(bob);
    const otherName = (
      (await t.post('/nft/collection/info', { collectionIdx: other })).body.data as { collectionName: string }
    ).collectionName;
    const body = { collectionIdx: idx, collectionName: uniqueName(), collectionDesc: '', royalty: 1 };
    expect((await t.post('/nft/collection/update', { ...bob.auth, ...body })).returnCode).toBe(250);
    expect((await t.post('/nft/collection/update', { ...alice.auth, ...body, collectionIdx: 999999 })).returnCode).toBe(
      254,
    );
    expect(
      (await t.post('/nft/collection/update', { ...alice.auth, ...body, collectionName: otherName })).returnCode,
    ).toBe(253);
    expect((await t.post('/nft/collection/update', { ...alice.auth, ...body, royalty: 12 })).returnCode).toBe(272);
  });
});

describe('/nft/collection/delete', () => {
  it('deletes an empty collection (the name becomes free); 254 afterwards', async () => {
    const name = uniqueName('Gone');
    const idx = await newCollection(alice, { collectionName: name });
    expect((await t.post('/nft/collection/delete', { ...bob.auth, collectionIdx: idx })).returnCode).toBe(250);
    expect((await t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx })).returnCode).toBe(0);
    expect((await t.post('/nft/collection/info', { collectionIdx: idx })).returnCode).toBe(254);
    expect((await t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx })).returnCode).toBe(254);
    expect((await register(bob, { collectionName: name })).returnCode).toBe(0);
  });

  it('answers 283 while it has items and 251 once it has sales', async () => {
    const idx = await newCollection();
    const item = await publish(alice, idx);
    expect((await t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx })).returnCode).toBe(283);
    expect((await t.post('/nft/delete', { ...alice.auth, productId: item })).returnCode).toBe(0);
    // A sale recorded by trading (simulated): the collection can no longer be deleted.
    await sql`UPDATE items SET trade_count = 1 WHERE item_idx = ${item}`.execute(t.db);
    expect((await t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx })).returnCode).toBe(251);
    await sql`UPDATE items SET trade_count = 0 WHERE item_idx = ${item}`.execute(t.db);
    expect((await t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx })).returnCode).toBe(0);
  });

  it('never loses an item published while the collection is deleted', async () => {
    const idx = await newCollection();
    const fileName = await uploaded(t, alice.auth, 'resource', await png());
    const [del, pub] = await Promise.all([
      t.post('/nft/collection/delete', { ...alice.auth, collectionIdx: idx }),
      t.post('/nft/register', {
        ...alice.auth,
        fileName,
        category: 1,
        productName: 'x',
        totalSupply: 1,
        collectionIdx: idx,
      }),
    ]);
    const codes = [del.returnCode, pub.returnCode].sort((a, b) => a - b);
    // Either the item landed first (delete refused) or the delete did (publish refused): never both.
    expect([
      [0, 283],
      [0, 254],
    ]).toContainEqual(codes);
  });
});

describe('collection lists', () => {
  it('/nft/collection/list/mine pages and searches; clamps the page size', async () => {
    const tag = `Pg${process.pid}x${counter++}`;
    for (let i = 0; i < 3; i++) await newCollection(bob, { collectionName: `${tag} ${i}` });
    const page = await t.post('/nft/collection/list/mine', {
      ...bob.auth,
      pageNo: 1,
      pageSize: 2,
      searchText: tag.toLowerCase(),
    });
    expect(page.body.list).toHaveLength(2);
    expect(page.body.page).toEqual({ totalRecordSize: 3, pageNo: 1, pageCount: 2 });
    expect((page.body.list as { collectionName: string }[])[0]!.collectionName).toBe(`${tag} 2`);
    const wild = await t.post('/nft/collection/list/mine', { ...bob.auth, searchText: '%' });
    expect(wild.body.list).toEqual([]);
    expect((await t.post('/nft/collection/list/mine', { ...bob.auth, pageSize: 0 })).returnCode).toBe(5);
  });

  it('/nft/collection/userPage/list and /marketplace/list return entries; 255 for an unknown member', async () => {
    const tag = `Ent${process.pid}x${counter++}`;
    const idx = await newCollection(alice, { collectionName: `${tag} A` });
    const own = await t.post('/nft/collection/userPage/list', { memberId: alice.id, searchText: tag });
    expect(own.body.list).toEqual([{ collectionIdx: idx, collectionName: `${tag} A`, logo: expect.any(String) }]);
    expect((await t.post('/nft/collection/userPage/list', { memberId: alice.id, type: 2 })).body.list).toEqual([]);
    expect((await t.post('/nft/collection/userPage/list', { memberId: 'nobody_here_at_all' })).returnCode).toBe(255);
    const market = await t.post('/nft/collection/marketplace/list', { searchText: tag.toLowerCase() });
    expect(market.body.list).toEqual([{ collectionIdx: idx, collectionName: `${tag} A`, logo: expect.any(String) }]);
    expect((await t.post('/nft/collection/marketplace/list', { searchText: 'x'.repeat(101) })).returnCode).toBe(5);
  });
});
