/**
 * The servers' keys in encrypted keystores, run as an operator runs the commands: `npm run keystore` writes one (a
 * given key or a fresh one; the password from a file or the environment, never a flag), the server reads it back
 * with its password file, and `npm run rotate-keys -- --validator-keystore` makes a fresh keystore's account the
 * Market's validator (a real anvil as chain 1001).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANVIL_KEYS, chainFor, deployAll, marketAbi, startAnvil, type AnvilInstance } from '@att/contracts';
import { decryptKeystore } from '@att/contracts/keystore';
import { loadConfig } from '@att/server/platform/config';
import { KAIROS_CHAIN_ID } from '@att/shared';
import { createPublicClient, getAddress, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNpm } from './run-command';

const [ownerKey, validatorKey, feeKey, keeperKey] = ANVIL_KEYS.slice(0, 4) as Hex[];
const address = (k: Hex) => privateKeyToAccount(k).address;

let dir: string;
let anvil: AnvilInstance;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'att-ops-keys-'));
  anvil = await startAnvil({ chainId: KAIROS_CHAIN_ID });
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run keystore', () => {
  it("writes a given key's keystore for its owner alone, which the server opens with its password file", async () => {
    const out = path.join(dir, 'keeper.json');
    const passwordFile = path.join(dir, 'keeper-password');
    writeFileSync(passwordFile, 'keeper password\n');
    const made = await runNpm('keystore', ['--out', out, '--password-file', passwordFile], { PRIVATE_KEY: keeperKey });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout.trim()).toBe(`${address(keeperKey!)} ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const config = loadConfig({ KEEPER_KEYSTORE: out, KEEPER_KEYSTORE_PASSWORD_FILE: passwordFile });
    expect(config.keeperKey).toBe(keeperKey!.toLowerCase());
    // Never over an existing file; a key given as a flag is refused; no password and no terminal: one line.
    const again = await runNpm('keystore', ['--out', out, '--password-file', passwordFile], { PRIVATE_KEY: keeperKey });
    expect([again.code, again.stderr.trim()]).toEqual([1, `error: ${out} exists: nothing written (name another file)`]);
    const flag = await runNpm('keystore', ['--out', path.join(dir, 'x.json'), '--key', keeperKey!], {});
    expect(flag.code).not.toBe(0);
    expect(flag.stderr).toMatch(/Unknown option '--key'/);
    const noPassword = await runNpm('keystore', ['--out', path.join(dir, 'y.json')], { PRIVATE_KEY: keeperKey });
    expect(noPassword.stderr.trim()).toBe('error: KEYSTORE_PASSWORD is not set and there is no terminal to ask for it');
  });

  it('--new makes a fresh validator key; rotate-keys --validator-keystore makes it the Market validator', async () => {
    const d = await deployAll({
      rpcUrl: anvil.rpcUrl,
      chainId: KAIROS_CHAIN_ID,
      deployerKey: ownerKey!,
      validator: address(validatorKey!),
      feeReceiver: address(feeKey!),
    });
    const file = path.join(dir, 'deployment.json');
    writeFileSync(file, JSON.stringify(d));
    const out = path.join(dir, 'validator-2.json');
    const made = await runNpm('keystore', ['--new', '--out', out], { KEYSTORE_PASSWORD: 'next validator' });
    expect(made.code, made.stderr).toBe(0);
    const fresh = decryptKeystore(readFileSync(out, 'utf8'), 'next validator');
    expect(made.stdout.trim()).toBe(`${address(fresh)} ${out}`);

    const rotated = await runNpm(
      'rotate-keys',
      ['--rpc', anvil.rpcUrl, '--deployment', file, '--validator-keystore', out, '--yes'],
      { DEPLOYER_KEY: ownerKey },
    );
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain(`-> ${getAddress(address(fresh))}`);
    expect(rotated.stdout).toContain(`VALIDATOR_KEYSTORE=${out}`);
    const pub = createPublicClient({ chain: chainFor(anvil.rpcUrl, KAIROS_CHAIN_ID), transport: http(anvil.rpcUrl) });
    expect(await pub.readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })).toBe(
      address(fresh),
    );
    // The server's key is now the keystore's, the Market's validator.
    const config = loadConfig({ VALIDATOR_KEYSTORE: out, VALIDATOR_KEYSTORE_PASSWORD: 'next validator' });
    expect(address(config.validatorKey!)).toBe(address(fresh));
  });
});
