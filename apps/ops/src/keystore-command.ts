/**
 * `npm run keystore -- --out FILE [--new] [--password-file FILE]`
 *
 * Writes an encrypted keystore (the standard Ethereum v3 JSON, scrypt 2^17, which `npm run serve` reads from
 * VALIDATOR_KEYSTORE / KEEPER_KEYSTORE / PAYOUT_KEYSTORE and `npm run deploy --keystore` from its owner) and prints
 * its address. The key: a fresh one (`--new`, e.g. the next validator's), else `PRIVATE_KEY` from the environment or
 * typed at the terminal. The password: the first line of `--password-file`, else `KEYSTORE_PASSWORD`, else typed
 * twice. Neither the key nor the password is ever a flag (a flag is kept in the shell history and shown by `ps`).
 * The file is written for its owner alone (mode 600) and never over an existing one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { encryptKeystore } from '@att/contracts/keystore';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CommandError, runCommand } from './command';
import { askHidden } from './owner-wallet';

async function password(file: string | undefined): Promise<string> {
  if (file) {
    try {
      return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new CommandError(`--password-file ${file}: cannot read the file`);
    }
  }
  if (process.env.KEYSTORE_PASSWORD !== undefined) return process.env.KEYSTORE_PASSWORD;
  const first = await askHidden('Password of the new keystore: ', 'KEYSTORE_PASSWORD');
  if ((await askHidden('The same password again: ', 'KEYSTORE_PASSWORD')) !== first)
    throw new CommandError('the two passwords differ: nothing written');
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      new: { type: 'boolean', default: false },
      'password-file': { type: 'string' },
    },
    strict: true,
  });
  if (!values.out) throw new CommandError('usage: npm run keystore -- --out FILE [--new] [--password-file FILE]');
  if (existsSync(values.out)) throw new CommandError(`${values.out} exists: nothing written (name another file)`);
  const key = values.new
    ? generatePrivateKey()
    : (process.env.PRIVATE_KEY?.trim() ?? (await askHidden('Private key (0x…): ', 'PRIVATE_KEY')).trim());
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new CommandError('the private key must be 0x and 64 hex digits');
  const pass = await password(values['password-file']);
  if (pass.length < 8) throw new CommandError('the password must have at least 8 characters: nothing written');
  writeFileSync(values.out, encryptKeystore(key as Hex, pass), { mode: 0o600, flag: 'wx' });
  console.log(`${privateKeyToAccount(key as Hex).address} ${values.out}`);
}

runCommand(main);
