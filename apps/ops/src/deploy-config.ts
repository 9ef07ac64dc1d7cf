/**
 * The deploy command's configuration, from the environment: VALIDATOR_ADDRESS, FEE_RECEIVER (required);
 * ATT_ADDRESS; PLATFORM_FEE_BPS (250); METADATA_URI or PUBLIC_ORIGIN; ALLOWED_TOKENS; RAISE_BPS, AUCTION_DELAY;
 * KEEPER_ADDRESS. A malformed or missing value is a CommandError naming the variable.
 */
import type { MarketSettings } from '@att/contracts';
import type { Address } from 'viem';
import { addressFrom, CommandError, integerFrom } from './command';

const METADATA_PATH = '/attnftmarket/api/v1/nft/metadata/{id}';

export interface DeployEnv {
  settings: Omit<MarketSettings, 'tokens'> & { extraTokens: Address[] };
  att?: Address;
  keeper?: Address;
}

export function deployEnv(env: NodeJS.ProcessEnv): DeployEnv {
  const validator = addressFrom('VALIDATOR_ADDRESS', env.VALIDATOR_ADDRESS);
  const feeReceiver = addressFrom('FEE_RECEIVER', env.FEE_RECEIVER);
  const missing = [!validator && 'VALIDATOR_ADDRESS', !feeReceiver && 'FEE_RECEIVER'].filter(Boolean);
  if (missing.length > 0)
    throw new CommandError(`set ${missing.join(' and ')} (the Market's settings come from the environment)`);
  let metadataUri = env.METADATA_URI?.trim();
  if (!metadataUri) {
    const origin = env.PUBLIC_ORIGIN?.trim();
    if (!origin) throw new CommandError('set METADATA_URI or PUBLIC_ORIGIN (where the Items metadata is served)');
    metadataUri = `${new URL(origin).origin}${METADATA_PATH}`;
  }
  if (!metadataUri.includes('{id}')) throw new CommandError('METADATA_URI must contain {id}');
  const extraTokens = (env.ALLOWED_TOKENS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((t) => addressFrom('ALLOWED_TOKENS', t)!);
  return {
    settings: {
      validator: validator!,
      feeReceiver: feeReceiver!,
      feeBps: integerFrom('PLATFORM_FEE_BPS', env.PLATFORM_FEE_BPS, 0, 10_000) ?? 250,
      metadataUri,
      raiseBps: integerFrom('RAISE_BPS', env.RAISE_BPS, 0, 10_000),
      auctionDelay: integerFrom('AUCTION_DELAY', env.AUCTION_DELAY, 0, 86_400),
      extraTokens,
    },
    att: addressFrom('ATT_ADDRESS', env.ATT_ADDRESS),
    keeper: addressFrom('KEEPER_ADDRESS', env.KEEPER_ADDRESS),
  };
}
