/**
 * The server's keys (validator, keeper, payout): from an encrypted keystore file (`NAME_KEYSTORE`, the standard
 * Ethereum v3 JSON: scrypt or PBKDF2, AES-128-CTR, as `npm run keystore`, geth, Foundry's `cast wallet` and ethers
 * write them) with its password in a file (`NAME_KEYSTORE_PASSWORD_FILE`, e.g. a systemd credential) or the
 * environment (`NAME_KEYSTORE_PASSWORD`), never a flag; or the plain key (`NAME_KEY`). A file that cannot be read
 * or opened stops the start with one line naming the variable.
 */
import { readFileSync } from 'node:fs';
import { decryptKeystore } from '@att/contracts/keystore';
import { ConfigError } from './config-error';

type Hex = `0x${string}`;

const read = (name: string, file: string, what: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `Invalid environment:\n  ${name}: cannot read the ${what} ${file} (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')})`,
    );
  }
};

/** `NAME_KEY` (already checked by the schema, lowercase) or the key in `NAME_KEYSTORE`; undefined when neither. */
export function keyFromEnv(env: Record<string, string | undefined>, name: string, plain?: string): Hex | undefined {
  const get = (suffix: string) => env[`${name}${suffix}`]?.trim() || undefined;
  const file = get('_KEYSTORE');
  if (!file) return plain?.toLowerCase() as Hex | undefined;
  const fail = (message: string) => new ConfigError(`Invalid environment:\n  ${message}`);
  if (plain) throw fail(`${name}_KEY and ${name}_KEYSTORE are both set: keep one (the keystore)`);
  const passwordFile = get('_KEYSTORE_PASSWORD_FILE');
  // A password file's one line: its end of line is not part of the password.
  const password = passwordFile
    ? read(`${name}_KEYSTORE_PASSWORD_FILE`, passwordFile, 'password file').replace(/\r?\n$/, '')
    : env[`${name}_KEYSTORE_PASSWORD`];
  if (password === undefined)
    throw fail(`${name}_KEYSTORE: no password (set ${name}_KEYSTORE_PASSWORD_FILE or ${name}_KEYSTORE_PASSWORD)`);
  const json = read(`${name}_KEYSTORE`, file, 'keystore');
  try {
    return decryptKeystore(json, password).toLowerCase() as Hex;
  } catch (err) {
    const why = err instanceof SyntaxError ? 'not a JSON keystore' : (err as Error).message.replace(/^keystore: /, '');
    throw fail(`${name}_KEYSTORE ${file}: ${why}`);
  }
}
