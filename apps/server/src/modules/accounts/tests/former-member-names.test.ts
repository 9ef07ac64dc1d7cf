/**
 * A former member's row name (`~former-N`) never leaves the server: every route that answers member names, asked
 * about a withdrawn member's collection, item, history and profile, answers FORMER_MEMBER_NAME instead; their
 * public info is found by address with `former: true`.
 */
import { FORMER_MEMBER_NAME, hideFormerMemberNames } from '@att/shared';
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
  it('no reply carries ~former-N; the routes naming the creator answer FORMER_MEMBER_NAME', async () => {
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
      expect(text, path).not.toMatch(/~former-/);
      if (names) expect(text, path).toContain(`"${FORMER_MEMBER_NAME}"`);
    }
  });

  it('the public info by address says former; the old row name answers the same', async () => {
    const byAddress = await t.post('/user/info/id', { userId: former.wallet.address });
    expect(byAddress.body.data).toMatchObject({ former: true, id: FORMER_MEMBER_NAME, aboutMe: '', profile: null });
    const byRowName = await t.post('/user/info/id', { userId: `~former-${memberIdx}` });
    expect(byRowName.body.data).toMatchObject({ former: true, id: FORMER_MEMBER_NAME });
    // A live member's address is not a public key to their profile (names are).
    expect((await t.post('/user/info/id', { userId: op.wallet.address })).returnCode).toBe(255);
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

  it('hideFormerMemberNames replaces only whole row names, at any depth, and keeps untouched parts as they are', () => {
    const kept = { name: 'alice', note: 'a ~former-3 in text' };
    const input = { list: [{ name: '~former-12', kept }], owner: '~former-7', n: 1, none: null };
    const out = hideFormerMemberNames(input);
    expect(out).toEqual({ list: [{ name: FORMER_MEMBER_NAME, kept }], owner: FORMER_MEMBER_NAME, n: 1, none: null });
    expect(out.list[0]!.kept).toBe(kept);
    expect(input.owner).toBe('~former-7');
    expect(hideFormerMemberNames(kept)).toBe(kept);
  });
});
