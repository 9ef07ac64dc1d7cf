/**
 * Everything a trade needs from the wallet side, as one lazily loaded module (viem, wagmi, the ABIs): the wallet
 * transactions and reads, the Market calls, the sell page's reads and signature, and the error translator. Load
 * it with `loadTradeKit()` (`core/trade-kit.ts`).
 */
export * from './wallet-tx';
export * from './trade-calls';
export * from './sell-chain';
export * from './auction-chain';
export * from './offer-calls';
export * from '../core/trade-errors';
export * from './cart-calls';
export * from './collection-offer-calls';
