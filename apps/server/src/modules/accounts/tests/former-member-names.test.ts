/**
 * A former member's row holds the one marker FORMER_MEMBER_NAME instead of a name: every route that answers member
 * names, asked about a withdrawn member's collection, item, history and profile, answers it (nothing of their old
 * name, nothing rewritten); their public info and every list of their profile are found by address with
 * `former: true`; their old name is free for a new member; the marker never matches a name look-up.
 */
import { FORMER_MEMBER_NAME } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCollection, apiItem } from '../../../../test/items';
import { buildTestApp, loggedIn, newWallet, signedBody, type TestApp } from '../../../../test/helper';

let t: TestApp;
let op: Awaited<ReturnType<typeof loggedIn>>;
let former: Awaited<ReturnType<typeof loggedIn>>;
let collectionIdx: number;
let productId: number;
let memberIdx: number;

beforeAll(async () => {
  const opWallet = newWallet();
  t = await buildTestApp({ config: { operatorAddresses: new Set([opWallet.address]) } });
  op = await loggedIn(t, opWallet);
  former = await loggedIn(t);
  collectionIdx = await apiCollection(t, former.auth, `F ${process.pid}`);
  productId = await apiItem(t, former.auth, collectionIdx, 'former item');
  const row = await t.db
    .selectFrom('members')
    .select('member_idx')
    .where('address', '=', former.wallet.address)
    .executeTakeFirstOrThrow();
  memberIdx = row.member_idx;
  const w = await t.post('/user/withdraw', { ...former.auth, ...(await signedBody(t, former.wallet)) });
  expect(w.returnCode).toBe(0);
});
afterAll(async () => t?.close());

describe('a former member is shown as FORMER_MEMBER_NAME by every route that names members', () => {
  it('no reply carries the old name; the routes naming the creator answer FORMER_MEMBER_NAME', async () => {
    const calls: [string, Record<string, unknown>, boolean][] = [
      ['/user/info/id', { userId: former.wallet.address }, true],
      ['/nft/detail', { productId }, true],
      ['/nft/collection/info', { collectionIdx }, true],
      ['/nft/collection/marketplace/list', { searchText: '' }, false],
      ['/nft/info/searchList', { searchText: 'former' }, false],
      ['/nft/info/allList/other', { memberIdx }, false],
      ['/nft/info/collection/Item', { collectionIdx }, false],
      ['/nft/info/transaction/all', {}, false],
      ['/nft/ranking/list', {}, false],
      ['/nft/curation/all', {}, false],
      ['/admin/member/list', { ...op.auth }, true],
      ['/admin/audit/list', { ...op.auth }, false],
    ];
    for (const [path, body, names] of calls) {
      const r = await t.post(path, body);
      const text = JSON.stringify(r.body);
      expect(r.returnCode, `${path} ${text.slice(0, 300)}`).toBe(0);
      expect(text, path).not.toContain(former.id);
      if (names) expect(text, path).toContain(`"${FORMER_MEMBER_NAME}"`);
    }
  });

  it('the public info by address says former; the marker is no name to look up', async () => {
    const byAddress = await t.post('/user/info/id', { userId: former.wallet.address });
    expect(byAddress.body.data).toMatchObject({ former: true, id: FORMER_MEMBER_NAME, aboutMe: '', profile: null });
    expect((await t.post('/user/info/id', { userId: FORMER_MEMBER_NAME })).returnCode).toBe(255);
    expect((await t.post('/user/info/id', { userId: former.id })).returnCode).toBe(255);
    expect((await t.post('/nft/collection/userPage/list', { memberId: FORMER_MEMBER_NAME })).returnCode).toBe(255);
    // A live member's address is not a public key to their profile (names are).
    expect((await t.post('/user/info/id', { userId: op.wallet.address })).returnCode).toBe(255);
  });

  it('two former members share the marker; a new member takes the old name, and it names only them', async () => {
    const second = await loggedIn(t);
    const w = await t.post('/user/withdraw', { ...second.auth, ...(await signedBody(t, second.wallet)) });
    expect(w.returnCode).toBe(0);
    const rows = await t.db
      .selectFrom('members')
      .select('user_name')
      .where('address', 'in', [former.wallet.address, second.wallet.address])
      .execute();
    expect(rows.map((r) => r.user_name)).toEqual([FORMER_MEMBER_NAME, FORMER_MEMBER_NAME]);
    expect((await t.post('/user/available', { id: former.id })).returnCode).toBe(0);
    const newcomer = await loggedIn(t, newWallet(), { id: former.id });
    expect(newcomer.id).toBe(former.id);
    const info = await t.post('/user/info/id', { userId: former.id });
    expect(info.body.data).toMatchObject({ id: former.id, erc20Address: newcomer.wallet.address });
    expect(info.body.data).not.toHaveProperty('former');
    expect((await t.post('/user/available', { id: former.id })).returnCode).not.toBe(0);
  });

  it("every list of a former member's profile loads by address (collection filter, items, likes, history, offers)", async () => {
    const a = former.wallet.address;
    const filter = await t.post('/nft/collection/userPage/list', { memberId: a, searchText: '' });
    expect(filter.returnCode).toBe(0);
    expect((filter.body.list as { collectionIdx: number }[]).map((c) => c.collectionIdx)).toContain(collectionIdx);
    const liked = await t.post('/nft/collection/userPage/list', { memberId: a, searchText: '', type: 2 });
    expect(liked.returnCode).toBe(0);
    const byMember = { memberIdx, pageNo: 1, pageSize: 20 };
    for (const path of [
      '/nft/info/allList/other',
      '/nft/like/list/other',
      '/nft/info/transaction/other',
      '/nft/offer/member/list/other',
      '/nft/offer/member/participation/list/other',
    ]) {
      expect((await t.post(path, byMember)).returnCode, path).toBe(0);
    }
    // A live member's address is not a key to their lists (names are), and an unknown address is 255.
    expect((await t.post('/nft/collection/userPage/list', { memberId: op.wallet.address })).returnCode).toBe(255);
    expect((await t.post('/nft/collection/userPage/list', { memberId: `0x${'12'.repeat(20)}` })).returnCode).toBe(255);
  });
});
