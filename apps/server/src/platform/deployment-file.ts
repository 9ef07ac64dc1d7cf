/**
 * The deployment file `npm run deploy` writes, read by the configuration when DEPLOYMENT_FILE is set.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from './config-error';

type Address = `0x${string}`;
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((a) => a.toLowerCase() as Address);

const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  att: address,
  items: address,
  market: address,
  marketAuctions: address.optional(),
  marketCollectionOffers: address.optional(),
  deployBlock: z.number().int().min(0),
});

/**
 * The deployment file `npm run deploy` writes (`{chainId, att, items, market, marketAuctions,
 * marketCollectionOffers, deployBlock}`): it must
 * be for CHAIN_ID, and CONTRACT_* variables set beside it must name the same contracts.
 */
export function readDeploymentFile(
  file: string,
  e: { CHAIN_ID: number; CONTRACT_ATT?: Address; CONTRACT_ITEMS?: Address; CONTRACT_MARKET?: Address },
) {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file (run `npm run deploy`, or set DEPLOYMENT_FILE)'
        : 'not a JSON file';
    throw new ConfigError(`Invalid environment:\n  DEPLOYMENT_FILE: ${file}: ${reason}`);
  }
  const parsed = deploymentSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  DEPLOYMENT_FILE: ${file}: ${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  const problems: string[] = [];
  if (d.chainId !== e.CHAIN_ID)
    problems.push(`DEPLOYMENT_FILE: ${file} is for chain ${d.chainId}, CHAIN_ID is ${e.CHAIN_ID}`);
  for (const [name, env, fromFile] of [
    ['CONTRACT_ATT', e.CONTRACT_ATT, d.att],
    ['CONTRACT_ITEMS', e.CONTRACT_ITEMS, d.items],
    ['CONTRACT_MARKET', e.CONTRACT_MARKET, d.market],
  ] as const) {
    if (env && env !== fromFile) problems.push(`${name}: ${env} differs from DEPLOYMENT_FILE's ${fromFile}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return {
    file,
    contracts: { att: d.att, items: d.items, market: d.market },
    marketAuctions: d.marketAuctions,
    marketCollectionOffers: d.marketCollectionOffers,
    deployBlock: d.deployBlock,
  };
}
