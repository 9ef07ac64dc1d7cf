import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../src/accounts';
import { startAnvil } from '../src/anvil';
import { deployAll, isDeployed, readDeployment, writeDeployment } from '../src/deploy';
import { attAbi, itemsAbi, marketAbi } from '../src/generated/contracts';

const dir = mkdtempSync(join(tmpdir(), 'att-contracts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const [deployer, validator, feeReceiver, holder] = ANVIL_KEYS.slice(0, 4).map((k) => privateKeyToAccount(k).address);

describe('startAnvil + deployAll', () => {
  it('has the ten default keys', () => {
    expect(ANVIL_KEYS).toHaveLength(10);
    expect(deployer).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('deploys, wires roles, hands out ATT, and keeps state across a restart with a state file', async () => {
    const stateFile = join(dir, 'chain.json');
    let anvil = await startAnvil({ port: 0, chainId: 31337, stateFile });
    const d = await deployAll({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      deployerKey: ANVIL_KEYS[0],
      validator: validator!,
      feeReceiver: feeReceiver!,
      attInitialHolders: [{ address: holder!, amount: parseEther('1000') }],
    });
    let pub = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
    expect(
      await pub.readContract({ address: d.items, abi: itemsAbi, functionName: 'isMinter', args: [d.market] }),
    ).toBe(true);
    expect(await pub.readContract({ address: d.items, abi: itemsAbi, functionName: 'mintersLocked' })).toBe(true);
    expect(
      await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'isAllowedContract', args: [d.items] }),
    ).toBe(true);
    expect(
      await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'isAllowedToken', args: [d.att] }),
    ).toBe(true);
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'marketFee' })).toBe(250n);
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })).toBe(validator);
    expect(await pub.readContract({ address: d.att, abi: attAbi, functionName: 'balanceOf', args: [holder!] })).toBe(
      parseEther('1000'),
    );
    expect(d.deployBlock).toBeGreaterThan(0);
    // EIP-170: deployed code at most 24,576 bytes
    const code = await pub.getCode({ address: d.market });
    expect((code!.length - 2) / 2).toBeLessThanOrEqual(24_576);

    writeDeployment(dir, d);
    expect(readDeployment(dir, 31337)).toEqual(d);
    expect(readDeployment(dir, 1001)).toBeUndefined();
    expect(await isDeployed(anvil.rpcUrl, d)).toBe(true);

    await anvil.stop();
    anvil = await startAnvil({ port: 0, chainId: 31337, stateFile });
    pub = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
    expect(await isDeployed(anvil.rpcUrl, d)).toBe(true);
    expect(await pub.readContract({ address: d.att, abi: attAbi, functionName: 'balanceOf', args: [holder!] })).toBe(
      parseEther('1000'),
    );
    await anvil.stop();

    // A chain without the state file has no code there: npm start must deploy again.
    anvil = await startAnvil({ port: 0 });
    expect(await isDeployed(anvil.rpcUrl, d)).toBe(false);
    await anvil.stop();
  });
});
