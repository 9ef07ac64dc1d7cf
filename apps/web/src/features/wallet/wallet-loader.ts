/**
 * The wallet stack (wagmi, viem, the connectors: `wallet.ts`) loads on first need: a connect, a remembered
 * connection to resume, a trade, a page that uses the wallet itself. A visitor who never connects never
 * downloads it. Whoever loads it gets it configured the same way: the dev wallet (once the front config says it
 * exists) and the wallet's events reported to the one follower (the login controller, `followWallet`).
 */
import type { WalletChange, WalletConnection } from './wallet';

export type WalletModule = typeof import('./wallet');

let walletModule: Promise<WalletModule> | null = null;
let devWalletChain: { rpcUrl: string; chainId: number } | null = null;
let follower: (change: WalletChange) => void = () => undefined;
let reconnecting: Promise<WalletConnection | null> | null = null;

/** Who hears the wallet's account, chain and connection changes (set once, before or after the stack loads). */
export function followWallet(onChange: (change: WalletChange) => void): void {
  follower = onChange;
}

export function loadWallet(): Promise<WalletModule> {
  walletModule ??= import('./wallet').then((w) => {
    if (devWalletChain) w.configureDevWallet(devWalletChain);
    w.watchWallet((change) => follower(change));
    return w;
  });
  return walletModule;
}

/** The local chain's dev wallet exists (front config `devWallet`): configured now if loaded, else when it loads. */
export async function setDevWalletChain(chain: { rpcUrl: string; chainId: number }): Promise<void> {
  devWalletChain = chain;
  if (walletModule) (await walletModule).configureDevWallet(chain);
}

/** Releases the wallet if its stack was ever loaded (nothing can be connected otherwise). */
export async function releaseWallet(): Promise<void> {
  if (walletModule) await (await walletModule).disconnectWallet();
}

/**
 * One wallet reconnect at a time: the start of the page and another tab's new session can both ask at once, and
 * wagmi answers a second concurrent `reconnect` with nothing (it is still reconnecting). Read as "no wallet", that
 * made the start clear a good session (CI: the two-tab journey). Every caller shares the one answer.
 */
export function reconnectOnce(): Promise<WalletConnection | null> {
  reconnecting ??= loadWallet()
    .then((w) => w.reconnectWallet())
    .finally(() => {
      reconnecting = null;
    });
  return reconnecting;
}
