/**
 * The validator's and the keeper's keys from encrypted keystores (the v3 JSON `npm run keystore` writes): loaded with
 * the password from a file or the environment; a wrong password, a missing file or no password stops the start in
 * one line naming the variable, never with the key or the password in it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_ROLE_KEYS } from '@att/contracts';
import { encryptKeystore } from '@att/contracts/keystore';
import { afterAll, describe, expect, it } from 'vitest';
import { refusals } from '../production';
import { loadConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'att-key-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};
// A low scrypt cost keeps the test quick; the command writes the standard 2^17.
const validatorStore = file('validator.json', encryptKeystore(DEV_ROLE_KEYS.validator, 'validator pass', 1 << 12));
const keeperStore = file('keeper.json', encryptKeystore(DEV_ROLE_KEYS.keeper, 'keeper pass', 1 << 12));
const passwordFile = file('validator-password', 'validator pass\n');

const problemsOf = async (env: Record<string, string>) =>
  (await refusals({ DATA_DIR: dir, WEB_DIST: dir, ...env })).problems;

describe('keys from keystore files', () => {
  it('loads each key with its password from a file or the environment', () => {
    const config = loadConfig({
      VALIDATOR_KEYSTORE: validatorStore,
      VALIDATOR_KEYSTORE_PASSWORD_FILE: passwordFile,
      KEEPER_KEYSTORE: keeperStore,
      KEEPER_KEYSTORE_PASSWORD: 'keeper pass',
    });
    expect(config.validatorKey).toBe(DEV_ROLE_KEYS.validator.toLowerCase());
    expect(config.keeperKey).toBe(DEV_ROLE_KEYS.keeper.toLowerCase());
  });

  it('a wrong password, a missing file, no password or a key given twice: one line naming the variable', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { VALIDATOR_KEYSTORE: validatorStore, VALIDATOR_KEYSTORE_PASSWORD: 'wrong' },
        `VALIDATOR_KEYSTORE ${validatorStore}: wrong password`,
      ],
      [
        { KEEPER_KEYSTORE: path.join(dir, 'absent.json'), KEEPER_KEYSTORE_PASSWORD: 'keeper pass' },
        `KEEPER_KEYSTORE: cannot read the keystore ${path.join(dir, 'absent.json')} (no such file)`,
      ],
      [
        { VALIDATOR_KEYSTORE: validatorStore, VALIDATOR_KEYSTORE_PASSWORD_FILE: path.join(dir, 'nope') },
        `VALIDATOR_KEYSTORE_PASSWORD_FILE: cannot read the password file ${path.join(dir, 'nope')} (no such file)`,
      ],
      [
        { VALIDATOR_KEYSTORE: validatorStore },
        'VALIDATOR_KEYSTORE: no password (set VALIDATOR_KEYSTORE_PASSWORD_FILE or VALIDATOR_KEYSTORE_PASSWORD)',
      ],
      [
        { VALIDATOR_KEYSTORE: passwordFile, VALIDATOR_KEYSTORE_PASSWORD: 'x' },
        `VALIDATOR_KEYSTORE ${passwordFile}: not a JSON keystore`,
      ],
      [
        { KEEPER_KEYSTORE: keeperStore, KEEPER_KEYSTORE_PASSWORD: 'keeper pass', KEEPER_KEY: DEV_ROLE_KEYS.keeper },
        'KEEPER_KEY and KEEPER_KEYSTORE are both set: keep one (the keystore)',
      ],
    ];
    for (const [env, line] of cases) {
      const problems = await problemsOf(env);
      expect(problems, line).toEqual([line]);
      expect(problems.join(' ')).not.toContain(DEV_ROLE_KEYS.validator.slice(2));
    }
  });
});
