import { CATEGORY_CODES, categorySchema, frontConfigSchema, networkSchema, tokenInfoSchema } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
/** The app's clock: the wall clock unless a test sets it. */
let clockAt: Date | undefined;
beforeAll(async () => {
  t = await buildTestApp({
    config: { chainExplorerUrl: 'https://kairos.kaiascan.io' },
    deps: { now: () => clockAt ?? new Date() },
  });
});
afterAll(async () => t?.close());

describe('config endpoints', () => {
  it('/config/front returns CDN, explorer, server time, fee, contracts and chain', async () => {
    // The server's time is its clock's: set, it is that exactly (no wall-clock window to fall out of).
    clockAt = new Date('2031-02-03T04:05:06.789Z');
    const r = await t.post('/config/front').finally(() => (clockAt = undefined));
    expect(r.returnCode).toBe(0);
    const d = frontConfigSchema.parse(r.body.data);
    expect(d).toMatchObject({
      cdnUrl: '/cdn',
      klayScanUrl: 'https://kairos.kaiascan.io',
      platformFee: '2.5',
      contract1155: '0x2222222222222222222222222222222222222222',
      contractJoin: '0x3333333333333333333333333333333333333333',
      contractAtt: '0x1111111111111111111111111111111111111111',
      chainId: 31337,
      devWallet: true,
    });
    expect(d.dateServer).toBe('2031-02-03T04:05:06.789Z');
  });

  it('devWallet is false off the dev chain', async () => {
    const t2 = await buildTestApp({ config: { chainId: 8217 } });
    try {
      expect((await t2.post('/config/front')).body.data).toMatchObject({ devWallet: false, chainId: 8217 });
      const net = (await t2.post('/config/network')).body.list as { name: string }[];
      expect(net[0]!.name).toBe('kaia');
    } finally {
      await t2.close();
    }
  });

  it('/config/network lists the configured chain with its RPC as a JSON string', async () => {
    const r = await t.post('/config/network', {});
    expect(r.returnCode).toBe(0);
    const list = (r.body.list as unknown[]).map((n) => networkSchema.parse(n));
    expect(list).toHaveLength(1);
    expect(list[0]!.chainInt).toBe(31337);
    expect(JSON.parse(list[0]!.data)).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      explorerUrl: 'https://kairos.kaiascan.io',
      currency: 'KLAY',
    });
  });

  it('/config/nft/info describes the item contract', async () => {
    const r = await t.post('/config/nft/info');
    expect(r.body).toEqual({
      returnCode: 0,
      data: {
        contract1155: '0x2222222222222222222222222222222222222222',
        tokenType: 1,
        royaltyMaxPercent: 10,
        platformFee: '2.5',
        blockChain: 'KAIA',
      },
    });
  });

  it('/config/token/info gives ATT with its address and KLAY with the zero address, priced from the table', async () => {
    const r = await t.post('/config/token/info');
    const list = (r.body.list as unknown[]).map((x) => tokenInfoSchema.parse(x));
    expect(list).toEqual([
      { symbol: 'ATT', price: '0.0123', address: '0x1111111111111111111111111111111111111111' },
      { symbol: 'KLAY', price: '0.1532', address: '0x0000000000000000000000000000000000000000' },
    ]);
    await t.db.updateTable('token_prices').set({ usd_price: '0.2' }).where('symbol', '=', 'KLAY').execute();
    const again = (await t.post('/config/token/info')).body.list as { price: string }[];
    expect(again[1]!.price).toBe('0.2');
  });

  it('/nft/category/list gives the 8 categories with Korean and English names', async () => {
    const r = await t.post('/nft/category/list');
    const list = (r.body.list as unknown[]).map((x) => categorySchema.parse(x));
    expect(list.map((c) => c.code)).toEqual([...CATEGORY_CODES]);
    expect(list[0]).toMatchObject({ idx: 1, name: '아트', nameEn: 'Art' });
    expect(list.map((c) => c.name)).toEqual([
      '아트',
      '음악',
      '가상 세계',
      '트레이딩 카드',
      '수집품',
      '스포츠',
      '유틸리티',
      '기타',
    ]);
  });

  it('config endpoints accept a bare POST, an empty JSON body and extra fields, but not a non-object', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/attnftmarket/api/v1/config/front' });
    expect(JSON.parse(bare.body).returnCode).toBe(0);
    expect((await t.post('/config/front', { anything: 1 })).returnCode).toBe(0);
    expect((await t.post('/config/front', [])).returnCode).toBe(3);
    expect((await t.post('/nft/category/list', 'x')).returnCode).toBe(3);
  });
});
