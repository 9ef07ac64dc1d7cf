/**
 * The owner's key for the operator commands: `DEPLOYER_KEY` (0x-prefixed hex) or a keystore file (`--keystore
 * FILE`, its password in `DEPLOYER_KEYSTORE_PASSWORD` or typed at the terminal). Never a command-line flag: a flag
 * is kept in the shell history and shown by `ps` to every user of the machine.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { chainFor } from '@att/contracts';
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient, type WalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { decryptKeystore } from '@att/contracts/keystore';
import { CommandError } from './command';

/** Reads a line from the terminal without echoing it (`unset`: the variable that would have spared the question). */
export async function askHidden(question: string, unset = 'DEPLOYER_KEYSTORE_PASSWORD'): Promise<string> {
  if (!process.stdin.isTTY) throw new CommandError(`${unset} is not set and there is no terminal to ask for it`);
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  process.stderr.write(question);
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

export async function ownerKey(env: NodeJS.ProcessEnv, keystore: string | undefined): Promise<Hex> {
  if (keystore) {
    let json: string;
    try {
      json = readFileSync(keystore, 'utf8');
    } catch {
      throw new CommandError(`keystore ${keystore}: cannot read the file`);
    }
    const password = env.DEPLOYER_KEYSTORE_PASSWORD ?? (await askHidden(`Password of ${keystore}: `));
    try {
      return decryptKeystore(json, password);
    } catch (err) {
      throw new CommandError(`keystore ${keystore}: ${(err as Error).message}`);
    }
  }
  const key = env.DEPLOYER_KEY?.trim();
  if (!key)
    throw new CommandError('no owner key: set DEPLOYER_KEY or pass --keystore FILE (a key is never taken as a flag)');
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new CommandError('DEPLOYER_KEY must be a 0x-prefixed 32-byte hex key');
  return key as Hex;
}

export interface Clients {
  chainId: number;
  pub: PublicClient;
  wallet: WalletClient;
}

/** Clients for `rpcUrl`, the chain id asked from the node (and checked against `expected` when given). */
export async function connect(rpcUrl: string, key: Hex, expected?: number): Promise<Clients> {
  const probe = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) });
  let chainId: number;
  try {
    chainId = await probe.getChainId();
  } catch (err) {
    throw new CommandError(`chain ${rpcUrl}: not reachable (${(err as Error).message.split('\n')[0]})`);
  }
  if (expected !== undefined && chainId !== expected)
    throw new CommandError(`chain ${rpcUrl}: chain id ${chainId}, expected ${expected}`);
  const chain = chainFor(rpcUrl, chainId);
  const transport = http(rpcUrl, { retryCount: 2, timeout: 60_000 });
  return {
    chainId,
    pub: createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 250 }) as PublicClient,
    wallet: createWalletClient({ account: privateKeyToAccount(key), chain, transport }),
  };
}
