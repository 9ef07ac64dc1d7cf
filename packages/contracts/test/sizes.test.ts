// Every deployed contract stays at most 22,118 bytes of runtime code (90 % of EIP-170's 24,576), measured on
// the chain; the build (scripts/compile.ts) prints the same figures and refuses to write a larger contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type Fixture } from './helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());

describe('contract sizes', () => {
  it('every deployed contract has at most 22,118 bytes of runtime code', async () => {
    const sizes: Record<string, number> = {};
    for (const [name, address] of Object.entries({
      Att: f.d.att,
      Items: f.d.items,
      Market: f.d.market,
      MarketAuctions: f.d.marketAuctions!,
      MarketCollectionOffers: f.d.marketCollectionOffers!,
    })) {
      const code = await f.pub.getCode({ address });
      sizes[name] = ((code?.length ?? 2) - 2) / 2;
    }
    console.log(`runtime sizes: ${JSON.stringify(sizes)}`);
    for (const size of Object.values(sizes)) {
      expect(size).toBeGreaterThan(0);
      expect(size).toBeLessThanOrEqual(22_118);
    }
  });
});
