/** The console's settings and members: marketplace categories, token prices, the platform fee, member search and blocks, and the paged tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, newWallet, type TestApp } from '../../../../test/helper';

let t: TestApp;
let op: Awaited<ReturnType<typeof loggedIn>>;
const opWallet = newWallet();

beforeAll(async () => {
  t = await buildTestApp({ config: { operatorAddresses: new Set([opWallet.address]) } });
  op = await loggedIn(t, opWallet);
});
afterAll(async () => t?.close());

describe('categories, token prices, platform fee', () => {
  it('creates and edits marketplace categories; a taken code answers 10', async () => {
    const r = await t.post('/admin/category/save', {
      ...op.auth,
      code: 'photo',
      name: '사진',
      nameEn: 'Photography',
      sortOrder: 9,
    });
    expect(r.returnCode).toBe(0);
    const idx = (r.body.data as { idx: number }).idx;
    expect(idx).toBe(9);
    const list = await t.post('/nft/category/list', {});
    expect(list.body.list).toContainEqual({
      idx,
      code: 'photo',
      name: '사진',
      nameEn: 'Photography',
      fileName: 'photo.png',
    });
    expect(
      (
        await t.post('/admin/category/save', {
          ...op.auth,
          categoryIdx: idx,
          code: 'photo',
          name: '포토',
          nameEn: 'Photo',
          sortOrder: 9,
        })
      ).returnCode,
    ).toBe(0);
    expect(
      (await t.post('/admin/category/save', { ...op.auth, code: 'art', name: 'x', nameEn: 'x', sortOrder: 1 }))
        .returnCode,
    ).toBe(10);
    expect(
      (
        await t.post('/admin/category/save', {
          ...op.auth,
          categoryIdx: idx,
          code: 'music',
          name: 'x',
          nameEn: 'x',
          sortOrder: 1,
        })
      ).returnCode,
    ).toBe(10);
    expect(
      (
        await t.post('/admin/category/save', {
          ...op.auth,
          categoryIdx: 999,
          code: 'zz',
          name: 'x',
          nameEn: 'x',
          sortOrder: 1,
        })
      ).returnCode,
    ).toBe(8);
    expect(
      (await t.post('/admin/category/save', { ...op.auth, code: 'Bad Code', name: 'x', nameEn: 'x', sortOrder: 1 }))
        .returnCode,
    ).toBe(5);
  });

  it('parallel creates get distinct indexes', async () => {
    const replies = await Promise.all(
      ['p1', 'p2', 'p3'].map((code) =>
        t.post('/admin/category/save', { ...op.auth, code, name: code, nameEn: code, sortOrder: 20 }),
      ),
    );
    expect(replies.map((r) => r.returnCode)).toEqual([0, 0, 0]);
    expect(new Set(replies.map((r) => (r.body.data as { idx: number }).idx)).size).toBe(3);
  });

  it('sets a token USD price that /config/token/info serves', async () => {
    expect((await t.post('/admin/token/price', { ...op.auth, symbol: 'KLAY', price: '0.250000' })).returnCode).toBe(0);
    const info = await t.post('/config/token/info', {});
    expect(info.body.list).toContainEqual(expect.objectContaining({ symbol: 'KLAY', price: '0.25' }));
    const audit = await t.post('/admin/audit/list', { ...op.auth, searchText: 'token.price' });
    expect((audit.body.list as { before: unknown; after: unknown }[])[0]).toMatchObject({
      before: { symbol: 'KLAY', usdPrice: '0.153200000000000000' },
      after: { symbol: 'KLAY', usdPrice: '0.250000' },
    });
    for (const price of ['0', '0.000', '-1', '1e3', 'abc', '1.', '1234567890123.5', 1.5]) {
      expect(
        (await t.post('/admin/token/price', { ...op.auth, symbol: 'KLAY', price })).returnCode,
        String(price),
      ).toBe(5);
    }
    expect((await t.post('/admin/token/price', { ...op.auth, symbol: 'ETH', price: '1' })).returnCode).toBe(5);
  });

  it('sets the platform fee that /config/front and /config/nft/info show', async () => {
    expect((await t.post('/config/front', {})).body.data).toMatchObject({ platformFee: '2.5' });
    expect((await t.post('/admin/config/fee', { ...op.auth, platformFee: '3.25' })).returnCode).toBe(0);
    expect((await t.post('/config/front', {})).body.data).toMatchObject({ platformFee: '3.25' });
    expect((await t.post('/config/nft/info', {})).body.data).toMatchObject({ platformFee: '3.25' });
    for (const platformFee of ['10.01', '11', '-1', 'x', '1.234']) {
      expect((await t.post('/admin/config/fee', { ...op.auth, platformFee })).returnCode, platformFee).toBe(5);
    }
    const audit = await t.post('/admin/audit/list', { ...op.auth, searchText: 'platformFee' });
    expect((audit.body.list as { before: unknown; after: unknown }[])[0]).toMatchObject({
      before: { platformFee: '2.5' },
      after: { platformFee: '3.25' },
    });
  });
});

describe('the won rate', () => {
  it('sets the won-a-dollar rate /config/front shows with the time it was set, audited; refuses bad rates with 5', async () => {
    expect((await t.post('/config/front', {})).body.data).toMatchObject({ krwPerUsd: null, krwRateDate: null });
    expect((await t.post('/admin/config/krw', { ...op.auth, krwPerUsd: '1380.25' })).returnCode).toBe(0);
    const data = (await t.post('/config/front', {})).body.data as { krwPerUsd: string; krwRateDate: string };
    expect(data.krwPerUsd).toBe('1380.25');
    expect(Number.isNaN(Date.parse(data.krwRateDate))).toBe(false);
    for (const krwPerUsd of ['0', '0.0000', '-1', '1e3', 'abc', '1.', '100000.0001', '1.23456', 1380, ''])
      expect((await t.post('/admin/config/krw', { ...op.auth, krwPerUsd })).returnCode, String(krwPerUsd)).toBe(5);
    const audit = await t.post('/admin/audit/list', { ...op.auth, searchText: 'krwPerUsd' });
    expect((audit.body.list as { before: unknown; after: unknown }[])[0]).toMatchObject({
      before: { krwPerUsd: null },
      after: { krwPerUsd: '1380.25' },
    });
  });
});

describe('members', () => {
  it('finds members by name, address or e-mail and blocks them: every logged-in call then answers 43', async () => {
    const target = await loggedIn(t);
    for (const searchText of [target.id, target.wallet.address.slice(2, 12).toUpperCase(), target.email]) {
      const r = await t.post('/admin/member/list', { ...op.auth, searchText });
      expect(r.body.list, searchText).toEqual([expect.objectContaining({ id: target.id, state: 'active' })]);
    }
    const memberIdx = (
      (await t.post('/admin/member/list', { ...op.auth, searchText: target.id })).body.list as { memberIdx: number }[]
    )[0]!.memberIdx;
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx, block: 1 })).returnCode).toBe(0);
    expect((await t.post('/user/info', target.auth)).returnCode).toBe(43);
    expect((await t.post('/support/inquiry/list', target.auth)).returnCode).toBe(43);
    expect((await t.post('/admin/member/list', { ...op.auth, searchText: target.id })).body.list).toEqual([
      expect.objectContaining({ state: 'blocked' }),
    ]);
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx, block: 0 })).returnCode).toBe(0);
    expect((await t.post('/user/info', target.auth)).returnCode).toBe(0);

    const opIdx = (
      (await t.post('/admin/member/list', { ...op.auth, searchText: op.id })).body.list as { memberIdx: number }[]
    )[0]!.memberIdx;
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx: opIdx, block: 1 })).returnCode).toBe(2);
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx: 999_999, block: 1 })).returnCode).toBe(8);
    await t.db.updateTable('members').set({ state: 'deleted' }).where('member_idx', '=', memberIdx).execute();
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx, block: 0 })).returnCode).toBe(20);
    expect((await t.post('/admin/member/block', { ...op.auth, memberIdx, block: 2 })).returnCode).toBe(5);

    const audit = await t.post('/admin/audit/list', { ...op.auth, searchText: 'member.' });
    expect((audit.body.list as { action: string }[]).map((a) => a.action)).toEqual(['member.unblock', 'member.block']);
  });

  it('pages the member and audit tables', async () => {
    const r = await t.post('/admin/member/list', { ...op.auth, pageNo: 1, pageSize: 2 });
    expect((r.body.list as unknown[]).length).toBe(2);
    expect(r.body.page).toMatchObject({
      pageNo: 1,
      pageCount: Math.ceil((r.body.page as { totalRecordSize: number }).totalRecordSize / 2),
    });
    expect((await t.post('/admin/audit/list', { ...op.auth, pageSize: 0 })).returnCode).toBe(5);
  });
});
