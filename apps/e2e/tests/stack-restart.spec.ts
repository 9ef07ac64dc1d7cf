/**
 * `npm start` keeps the chain and the database in the data directory: a restart finds the contracts deployed
 * and reuses them, and what was written before is still there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { attAbi } from '@att/contracts';
import { startStack } from '../../../scripts/lib/stack';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'att-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function post<T>(url: string, p: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/attnftmarket/api/v1${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

describe('the local stack across a restart', () => {
  it('deploys once, keeps chain state and database', async () => {
    const env = { DATABASE_URL: undefined, SMTP_URL: undefined };
    const first = await startStack({ dataDir, persistChain: true, env });
    const holder = first.devAccounts[0]!.address;
    const chain = () => createPublicClient({ transport: http(first.rpcUrl), cacheTime: 0 });
    const balanceBefore = await chain().readContract({
      address: first.deployment.att,
      abi: attAbi,
      functionName: 'balanceOf',
      args: [holder],
    });
    expect(balanceBefore).toBeGreaterThan(0n);
    const front1 = await post<{ returnCode: number; data: { contractAtt: string } }>(first.url, '/config/front', {});
    expect(front1.data.contractAtt.toLowerCase()).toBe(first.deployment.att.toLowerCase());
    const blockBefore = await chain().getBlockNumber();
    await first.stop();

    const second = await startStack({ dataDir, persistChain: true, env, chainPort: 0 });
    try {
      expect(second.deployment).toEqual(first.deployment);
      const client = createPublicClient({ transport: http(second.rpcUrl), cacheTime: 0 });
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(blockBefore);
      const balanceAfter = await client.readContract({
        address: second.deployment.att,
        abi: attAbi,
        functionName: 'balanceOf',
        args: [holder],
      });
      expect(balanceAfter).toBe(balanceBefore);
      // The seeded demo member is in the kept database.
      const exist = await post<{ returnCode: number }>(second.url, '/user/info/id', { userId: 'demo_artist' });
      expect(exist.returnCode).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
