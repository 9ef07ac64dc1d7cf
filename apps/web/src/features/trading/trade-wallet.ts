/**
 * Everything a trade popup needs from the wallet side, as one lazily loaded module (viem, wagmi, the ABIs):
 * the wallet transactions and reads, the Market calls and the error translator. Load it with `loadTradeKit()`.
 */
export * from '../wallet/wallet-tx';
export * from './trade-calls';
export * from './trade-errors';
