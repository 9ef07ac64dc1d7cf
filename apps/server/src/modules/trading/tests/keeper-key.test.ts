/**
 * The auction keeper's key: outside the local dev chain an indexing server does not start without KEEPER_KEY; the
 * keeper is left out with `KEEPER=off` on the local dev chain only.
 */
import { DEV_ROLE_KEYS } from '@att/contracts';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config';
import { buildTestApp } from '../../../../test/helper';

const KAIROS = 1001;
const indexing = { startBlock: 0, confirmations: 1, indexer: true, pollMs: 60_000, reservationSeconds: 300 };

describe('KEEPER_KEY', () => {
  it('is required to start the indexer (and its settlement job) on a real network', async () => {
    await expect(
      buildTestApp({ config: { chainId: KAIROS, chainRpcUrls: ['http://127.0.0.1:9'], trading: indexing } }),
    ).rejects.toThrow(/KEEPER_KEY is not set/);
  });

  it('given, the settlement job is registered from that account; the dev chain uses the dev keeper', async () => {
    const t = await buildTestApp({
      config: {
        chainId: KAIROS,
        chainRpcUrls: ['http://127.0.0.1:9'],
        keeperKey: DEV_ROLE_KEYS.keeper,
        trading: indexing,
      },
      deps: { autoStartJobs: false },
    });
    expect(t.app.trading.keeper?.address).toBe(privateKeyToAccount(DEV_ROLE_KEYS.keeper).address.toLowerCase());
    await t.close();
    const dev = await buildTestApp({
      config: { chainRpcUrls: ['http://127.0.0.1:9'], trading: indexing },
      deps: { autoStartJobs: false },
    });
    expect(dev.app.trading.keeper).toBeDefined();
    await dev.close();
  });

  it('KEEPER=off leaves the settlement job out on the dev chain, and stops the start anywhere else', async () => {
    expect(loadConfig({ KEEPER: 'off' }).trading.keeperOff).toBe(true);
    expect(loadConfig({}).trading.keeperOff).toBe(false);
    const off = { ...indexing, keeperOff: true };
    const dev = await buildTestApp({
      config: { chainRpcUrls: ['http://127.0.0.1:9'], trading: off },
      deps: { autoStartJobs: false },
    });
    expect(dev.app.trading.keeper).toBeUndefined();
    const jobs = dev.app.jobs.stats().map((j) => j.name);
    expect(jobs).toContain('trading.index');
    expect(jobs).not.toContain('trading.keeper');
    await dev.close();
    await expect(
      buildTestApp({
        config: {
          chainId: KAIROS,
          chainRpcUrls: ['http://127.0.0.1:9'],
          keeperKey: DEV_ROLE_KEYS.keeper,
          trading: off,
        },
      }),
    ).rejects.toThrow(/KEEPER=off is for the local dev chain only/);
  });
});
