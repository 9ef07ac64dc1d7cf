/**
 * The wallet's dialogs need the wallet stack (wagmi, viem): they load when first shown. The wallet choice loads
 * earlier when a pointer or the focus reaches a connect button (`preloadConnectDialog`), so it opens at once.
 */
import { lazy } from 'react';

export const preloadConnectDialog = () => import('./ConnectDialog');
export const ConnectDialog = lazy(() => preloadConnectDialog().then((m) => ({ default: m.ConnectDialog })));
export const WalletPanel = lazy(() => import('./WalletPanel').then((m) => ({ default: m.WalletPanel })));
