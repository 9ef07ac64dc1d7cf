/**
 * The wallet: what other features may use. Nothing here imports wagmi or viem; the stack itself is reached
 * through `loadWallet()` and the lazy dialogs.
 */
export { copyAddress, shortAddress } from './address';
export { priceOf } from './balances';
export { type WalletMessage, showWalletMessage } from './wallet-message';
export {
  followWallet,
  loadWallet,
  reconnectOnce,
  releaseWallet,
  setDevWalletChain,
  type WalletModule,
} from './wallet-loader';
export { ConnectDialog, preloadConnectDialog, WalletPanel } from './wallet-ui';
export { walletKeys } from './wallet-queries';
export type { WalletChange, WalletConnection, WalletFailure, WalletKind } from './wallet';
