/**
 * `npm run deploy` and `npm run rotate-keys` against a real anvil as "the network" (chain id 1001), run as an
 * operator runs them: the owner key from DEPLOYER_KEY or a keystore, never a flag; an existing ATT used as it is; a
 * second run against the deployed network sends nothing; the rotation prints its plan and sends only when asked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ANVIL_KEYS,
  attAbi,
  attBytecode,
  chainFor,
  itemsAbi,
  marketAbi,
  startAnvil,
  type AnvilInstance,
} from '@att/contracts';
import { KAIROS_CHAIN_ID } from '@att/shared';
import { createPublicClient, createWalletClient, http, parseEther, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptKeystore } from '@att/contracts/keystore';
import { runNpm } from './run-command';

const [ownerKey, validatorKey, feeKey, otherKey, keeperKey] = ANVIL_KEYS.slice(0, 5) as Hex[];
const address = (k: Hex) => privateKeyToAccount(k).address;
const settingsEnv = {
  VALIDATOR_ADDRESS: address(validatorKey!),
  FEE_RECEIVER: address(feeKey!),
  PUBLIC_ORIGIN: 'https://market.example.com',
};

let anvil: AnvilInstance;
let pub: PublicClient;
let dir: string;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: KAIROS_CHAIN_ID });
  pub = createPublicClient({
    chain: chainFor(anvil.rpcUrl, KAIROS_CHAIN_ID),
    transport: http(anvil.rpcUrl),
    cacheTime: 0,
  }) as PublicClient;
  dir = mkdtempSync(path.join(tmpdir(), 'att-ops-deploy-'));
});
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run deploy', () => {
  it('refuses a key given as a flag, and a deployment without ATT_ADDRESS or --deploy-att', async () => {
    const flag = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--key', ownerKey!], { ...settingsEnv });
    expect(flag.code).not.toBe(0);
    expect(flag.stderr).toMatch(/Unknown option '--key'/);
    const noAtt = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--out', path.join(dir, 'x.json')], {
      ...settingsEnv,
      DEPLOYER_KEY: ownerKey,
    });
    expect(noAtt.code).toBe(1);
    expect(noAtt.stderr.trim()).toBe(
      'error: set ATT_ADDRESS to the existing ATT token, or pass --deploy-att to deploy a new one (never on Kaia mainnet)',
    );
    expect(await pub.getBlockNumber()).toBe(0n);
  });

  it('deploys on an existing ATT with a keystore key; a second run against the same chain changes nothing', async () => {
    // "Kaia's ATT": a token already on the network, deployed by someone else.
    const issuer = createWalletClient({
      account: privateKeyToAccount(otherKey!),
      chain: chainFor(anvil.rpcUrl, KAIROS_CHAIN_ID),
      transport: http(anvil.rpcUrl),
    });
    const tx = await issuer.deployContract({
      abi: attAbi,
      bytecode: attBytecode,
      args: [issuer.account.address, parseEther('1000')],
    });
    const att = (await pub.waitForTransactionReceipt({ hash: tx })).contractAddress!;
    const keystore = path.join(dir, 'owner.json');
    writeFileSync(keystore, encryptKeystore(ownerKey!, 'correct horse', 1 << 12));
    const file = path.join(dir, 'deployment.json');
    const env = { ...settingsEnv, ATT_ADDRESS: att, DEPLOYER_KEYSTORE_PASSWORD: 'correct horse' };

    const wrong = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--keystore', keystore, '--out', file], {
      ...env,
      DEPLOYER_KEYSTORE_PASSWORD: 'wrong',
    });
    expect(wrong.stderr.trim()).toBe(`error: keystore ${keystore}: keystore: wrong password`);

    const first = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--keystore', keystore, '--out', file], env);
    expect(first.code, first.stderr).toBe(0);
    const d = JSON.parse(readFileSync(file, 'utf8')) as {
      chainId: number;
      att: string;
      items: Hex;
      market: Hex;
      marketCollectionOffers: Hex;
      deployBlock: number;
    };
    expect(d.chainId).toBe(KAIROS_CHAIN_ID);
    // The file names the collection offer module the Market runs (through its auction module).
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'collectionOffersModule' })).toBe(
      d.marketCollectionOffers,
    );
    expect(d.att.toLowerCase()).toBe(att.toLowerCase());
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })).toBe(
      settingsEnv.VALIDATOR_ADDRESS,
    );
    expect(
      await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'isAllowedToken', args: [att] }),
    ).toBe(true);
    expect(await pub.readContract({ address: d.items, abi: itemsAbi, functionName: 'mintersLocked' })).toBe(true);
    expect(await pub.readContract({ address: d.items, abi: itemsAbi, functionName: 'uri', args: [1n] })).toBe(
      'https://market.example.com/attnftmarket/api/v1/nft/metadata/{id}',
    );
    expect(first.stdout).toMatch(/verified on chain/);
    expect(first.stdout).toMatch(/keeper: the Market has no keeper role/);

    const blocks = await pub.getBlockNumber();
    const nonce = await pub.getTransactionCount({ address: address(ownerKey!) });
    const fileBefore = readFileSync(file, 'utf8');
    const second = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--out', file], { ...env, DEPLOYER_KEY: ownerKey });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/nothing is deployed/);
    expect(second.stdout).toMatch(/settings: as configured, nothing to change/);
    expect(await pub.getBlockNumber()).toBe(blocks);
    expect(await pub.getTransactionCount({ address: address(ownerKey!) })).toBe(nonce);
    expect(readFileSync(file, 'utf8')).toBe(fileBefore);

    // A changed setting is printed, sent only with --yes, and read back.
    const fee = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--out', file], {
      ...env,
      DEPLOYER_KEY: ownerKey,
      PLATFORM_FEE_BPS: '300',
    });
    expect(fee.code).toBe(1);
    expect(fee.stdout).toMatch(/Market\.feeBps: 250 -> 300 {3}\(setMarketFee\)/);
    expect(await pub.getBlockNumber()).toBe(blocks);
    const feeYes = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--out', file, '--yes'], {
      ...env,
      DEPLOYER_KEY: ownerKey,
      PLATFORM_FEE_BPS: '300',
    });
    expect(feeYes.code, feeYes.stderr).toBe(0);
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'marketFee' })).toBe(300n);

    // The owner rotates the validator: the plan first, nothing sent without yes, then sent and read back.
    const newValidator = address(keeperKey!);
    const dry = await runNpm(
      'rotate-keys',
      ['--rpc', anvil.rpcUrl, '--deployment', file, '--validator', newValidator, '--keeper', newValidator],
      { DEPLOYER_KEY: ownerKey },
    );
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(
      `Market.validator: ${settingsEnv.VALIDATOR_ADDRESS} -> ${newValidator}   (setValidator)`,
    );
    expect(dry.stdout).toMatch(/keeper -> .*no on-chain role/);
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })).toBe(
      settingsEnv.VALIDATOR_ADDRESS,
    );
    const yes = await runNpm(
      'rotate-keys',
      ['--rpc', anvil.rpcUrl, '--deployment', file, '--validator', newValidator, '--yes'],
      { DEPLOYER_KEY: ownerKey },
    );
    expect(yes.code, yes.stderr).toBe(0);
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })).toBe(newValidator);
    // Another key is not the owner: it is told so and sends nothing.
    const notOwner = await runNpm(
      'rotate-keys',
      ['--rpc', anvil.rpcUrl, '--deployment', file, '--validator', settingsEnv.VALIDATOR_ADDRESS, '--yes'],
      { DEPLOYER_KEY: otherKey },
    );
    expect(notOwner.stderr).toMatch(/the Market's owner is .*, not /);
  });
});
