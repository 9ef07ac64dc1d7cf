/**
 * The server's view of the chain for trading: a viem public client, the Market's EIP-712 domain, the validator's
 * signer and the token of each sale symbol. One per app (`app.chain`), created lazily so apps without a chain
 * (most unit tests) never open a connection.
 */
import {
  chainFor,
  marketAbi,
  marketDomain,
  signMarket,
  type MarketMessages,
  type MarketPrimaryType,
} from '@att/contracts';
import { ReturnCode, type TokenSymbol } from '@att/shared';
import { createPublicClient, type Address, type Hex, type PublicClient, type TypedDataDomain } from 'viem';
import type { AppConfig } from '../../platform/config';
import { ZERO_ADDRESS } from '../../platform/config';
import { rpcTransport } from '../../platform/chain/rpc-transport';
import { AppError } from '../../platform/http/app-error';

export type SaleSymbol = TokenSymbol;

export interface TradingChain {
  client: PublicClient;
  domain: TypedDataDomain;
  market: Address;
  items: Address;
  tokenOf(symbol: SaleSymbol): Address;
  symbolOf(token: string): SaleSymbol | undefined;
  /** The validator's co-signature; 101 when the server has no validator key. */
  sign<K extends MarketPrimaryType>(primaryType: K, message: MarketMessages[K]): Promise<Hex>;
  /** The Market's fee in force (bps), read from the chain at most every `trading.feeCacheMs` (30 s by default). */
  marketFee(): Promise<number>;
}

const FEE_CACHE_MS = 30_000;

export function tradingChain(config: AppConfig): TradingChain {
  const client = createPublicClient({
    chain: chainFor(config.chainRpcUrls[0]!, config.chainId),
    transport: rpcTransport(config.chainRpcUrls),
    cacheTime: 0,
    pollingInterval: 100,
  }) as PublicClient;
  const { market, items, att } = config.contracts;
  const domain = marketDomain(config.chainId, market);
  let fee: { bps: number; at: number } | undefined;
  return {
    client,
    domain,
    market,
    items,
    tokenOf: (symbol) => (symbol === 'KLAY' ? ZERO_ADDRESS : att),
    symbolOf: (token) => {
      const t = token.toLowerCase();
      if (t === ZERO_ADDRESS) return 'KLAY';
      return t === att.toLowerCase() ? 'ATT' : undefined;
    },
    sign(primaryType, message) {
      if (!config.validatorKey) throw new AppError(ReturnCode.ServerError, 'no VALIDATOR_KEY configured');
      return signMarket(config.validatorKey, domain, primaryType, message);
    },
    async marketFee() {
      if (fee && performance.now() - fee.at < (config.trading.feeCacheMs ?? FEE_CACHE_MS)) return fee.bps;
      const bps = Number(await client.readContract({ address: market, abi: marketAbi, functionName: 'marketFee' }));
      fee = { bps, at: performance.now() };
      return bps;
    },
  };
}
