/**
 * What the operator commands share: a refusal is a `CommandError` printed as one line (no stack trace), the
 * deployment file (the one the server reads through `DEPLOYMENT_FILE`), and the yes/no question before a change.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Deployment } from '@att/contracts';
import { getAddress, isAddress, type Address } from 'viem';

export class CommandError extends Error {}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The file named (`--out`/`--deployment`), else `DEPLOYMENT_FILE`, else `deployments/<chainId>.json` under the data
 * directory (`DATA_DIR`, default `.data` beside the repository: git-ignored, on the backup list, where
 * `npm run serve` looks for it), never the working tree.
 */
export function deploymentPath(
  chainId: number,
  file: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const dataDir = env.DATA_DIR || path.join(repoRoot, '.data');
  return path.resolve(file || env.DEPLOYMENT_FILE || path.join(dataDir, 'deployments', `${chainId}.json`));
}

export function readDeploymentFile(file: string): Deployment | undefined {
  if (!existsSync(file)) return undefined;
  let d: Deployment;
  try {
    d = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
  } catch {
    throw new CommandError(`${file}: not a JSON deployment file`);
  }
  for (const k of ['att', 'items', 'market'] as const) {
    if (typeof d[k] !== 'string' || !isAddress(d[k])) throw new CommandError(`${file}: ${k} is not an address`);
  }
  if (!Number.isInteger(d.chainId) || !Number.isInteger(d.deployBlock))
    throw new CommandError(`${file}: chainId and deployBlock must be integers`);
  return d;
}

/** Writes the file when its content changes; true when it did. */
export function writeDeploymentFile(file: string, d: Deployment): boolean {
  const text = `${JSON.stringify(
    {
      chainId: d.chainId,
      att: d.att,
      items: d.items,
      market: d.market,
      marketAuctions: d.marketAuctions,
      marketCollectionOffers: d.marketCollectionOffers,
      deployBlock: d.deployBlock,
    },
    null,
    2,
  )}\n`;
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}

export function addressFrom(name: string, value: string | undefined): Address | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!isAddress(v, { strict: false })) throw new CommandError(`${name} must be a 0x-prefixed 20-byte address`);
  return getAddress(v);
}

export function integerFrom(name: string, value: string | undefined, min: number, max: number): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new CommandError(`${name} must be an integer from ${min} to ${max}`);
  return Number(v);
}

/** True when the operator answers yes (or passed --yes). Without a terminal and without --yes: no. */
export async function confirm(question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve));
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

/** Runs a command's main: a CommandError is one line on stderr and exit code 1. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof CommandError) console.error(`error: ${err.message}`);
    else console.error(err);
    process.exit(1);
  });
}
