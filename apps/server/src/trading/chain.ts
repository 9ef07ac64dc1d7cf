/**
 * The server's view of the chain for trading: a viem public client, the Market's EIP-712 domain, the validator's
 * signer and the token of each sale symbol. One per app (`app.chain`), created lazily so apps without a chain
 * (most unit tests) never open a connection.
 */
import { chainFor, marketAbi, marketDomain, signMarket, type MarketMessages, type MarketPrimaryType } from '@att/contracts';
import { ReturnCode } from '@att/shared';
import { createPublicClient, http, type Address, type Hex, type PublicClient, type TypedDataDomain } from 'viem';
import type { AppConfig } from '../config';
import { ZERO_ADDRESS } from '../config';
import { AppError } from '../errors';

export type SaleSymbol = 'ATT' | 'KLAY';

export interface TradingChain {
  client: PublicClient;
  domain: TypedDataDomain;
  market: Address;
  items: Address;
  tokenOf(symbol: SaleSymbol): Address;
  symbolOf(token: string): SaleSymbol | undefined;
  /** The validator's co-signature; 101 when the server has no validator key. */
  sign<K extends MarketPrimaryType>(primaryType: K, message: MarketMessages[K]): Promise<Hex>;
  marketFee(): Promise<number>;
  counterOf(seller: Address): Promise<bigint>;
}

export function tradingChain(config: AppConfig): TradingChain {
  const client = createPublicClient({
    chain: chainFor(config.chainRpcUrl, config.chainId),
    transport: http(config.chainRpcUrl, { retryCount: 2, timeout: 10_000 }),
    cacheTime: 0,
    pollingInterval: 100,
  }) as PublicClient;
  const { market, items, att } = config.contracts;
  const domain = marketDomain(config.chainId, market);
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
      return Number(await client.readContract({ address: market, abi: marketAbi, functionName: 'marketFee' }));
    },
    async counterOf(seller) {
      return client.readContract({ address: market, abi: marketAbi, functionName: 'counterOf', args: [seller] });
    },
  };
}
