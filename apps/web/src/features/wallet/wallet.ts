/**
 * Wallet connection through wagmi: Kaia Wallet/Kaikas (window.klaytn), any injected EIP-1193 wallet
 * (window.ethereum, e.g. MetaMask) and, on the local dev chain only, the built-in dev wallet.
 */
import { type Address, type EIP1193Provider, getAddress, UserRejectedRequestError } from 'viem';
import { foundry, kaia, kairos } from 'viem/chains';
import { createConfig, createStorage, http, injected } from 'wagmi';
import { connect, disconnect, getAccount, getConnectors, reconnect, signMessage, watchAccount } from 'wagmi/actions';
import { DevWalletProvider } from './dev-wallet';

export type WalletKind = 'kaikas' | 'injected' | 'dev';

declare global {
  interface Window {
    klaytn?: EIP1193Provider;
    ethereum?: EIP1193Provider;
  }
}

let devProvider: DevWalletProvider | null = null;

/** Sets up the dev wallet once /config/front says devWallet and /config/network gives the RPC. */
export function configureDevWallet(options: { rpcUrl: string; chainId: number } | null): DevWalletProvider | null {
  if (!options) {
    devProvider = null;
    return null;
  }
  if (!devProvider) devProvider = new DevWalletProvider({ ...options, storage: localStorage });
  return devProvider;
}

export function getDevWallet(): DevWalletProvider | null {
  return devProvider;
}

export const wagmiConfig = createConfig({
  chains: [kaia, kairos, foundry],
  multiInjectedProviderDiscovery: false,
  connectors: [
    injected({
      target: { id: 'kaikas', name: 'Kaia Wallet', provider: (w) => (w as Window | undefined)?.klaytn as never },
    }),
    injected({
      target: { id: 'injected', name: 'Browser wallet', provider: (w) => (w as Window | undefined)?.ethereum as never },
    }),
    injected({
      target: { id: 'dev', name: 'Dev wallet', provider: () => (devProvider ?? undefined) as never },
    }),
  ],
  transports: { [kaia.id]: http(), [kairos.id]: http(), [foundry.id]: http() },
  storage: createStorage({ storage: typeof window === 'undefined' ? undefined : localStorage, key: 'att.wagmi' }),
});

export function isWalletAvailable(kind: WalletKind): boolean {
  if (typeof window === 'undefined') return false;
  if (kind === 'kaikas') return Boolean(window.klaytn);
  if (kind === 'injected') return Boolean(window.ethereum);
  return devProvider !== null;
}

export type WalletFailure = 'notInstalled' | 'rejected' | 'emptyAccount' | 'failed';

export class WalletError extends Error {
  constructor(readonly reason: WalletFailure) {
    super(reason);
  }
}

function connectorFor(kind: WalletKind) {
  const c = getConnectors(wagmiConfig).find((x) => x.id === kind);
  if (!c) throw new WalletError('failed');
  return c;
}

function isRejection(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof UserRejectedRequestError) return true;
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 4001) return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}

export interface WalletConnection {
  address: Address;
  chainId: number;
}

export async function connectWallet(kind: WalletKind): Promise<WalletConnection> {
  if (!isWalletAvailable(kind)) throw new WalletError('notInstalled');
  const current = getAccount(wagmiConfig);
  if (current.status === 'connected' && current.connector?.id === kind && current.address) {
    return { address: current.address, chainId: current.chainId ?? 0 };
  }
  if (current.status === 'connected') await disconnect(wagmiConfig).catch(() => undefined);
  try {
    const res = await connect(wagmiConfig, { connector: connectorFor(kind) });
    const address = res.accounts[0];
    if (!address) throw new WalletError('emptyAccount');
    return { address: getAddress(address), chainId: res.chainId };
  } catch (err) {
    if (err instanceof WalletError) throw err;
    if (isRejection(err)) throw new WalletError('rejected');
    if (err instanceof Error && err.name === 'ProviderNotFoundError') throw new WalletError('notInstalled');
    console.error('[wallet] connect failed', err);
    throw new WalletError('failed');
  }
}

/** The wallet wagmi holds right now (kind and address), or null. */
export function currentWallet(): { kind: WalletKind; address: Address; chainId: number } | null {
  const a = getAccount(wagmiConfig);
  const kind = a.connector?.id;
  if (a.status !== 'connected' || !a.address || (kind !== 'kaikas' && kind !== 'injected' && kind !== 'dev'))
    return null;
  return { kind, address: a.address, chainId: a.chainId ?? 0 };
}

/** Restores the previous connection on page load (wagmi remembers the connector). */
export async function reconnectWallet(): Promise<WalletConnection | null> {
  try {
    await reconnect(wagmiConfig);
  } catch {
    return null;
  }
  const a = getAccount(wagmiConfig);
  return a.status === 'connected' && a.address ? { address: a.address, chainId: a.chainId ?? 0 } : null;
}

export async function disconnectWallet(): Promise<void> {
  await disconnect(wagmiConfig).catch(() => undefined);
}

export async function signWithWallet(address: Address, message: string): Promise<`0x${string}`> {
  try {
    return await signMessage(wagmiConfig, { account: address, message });
  } catch (err) {
    if (isRejection(err)) throw new WalletError('rejected');
    console.error('[wallet] sign failed', err);
    throw new WalletError('failed');
  }
}

export type WalletChange =
  { kind: 'accountChanged'; address: Address } | { kind: 'networkChanged'; chainId: number } | { kind: 'disconnected' };

/** Reports account, chain and connection changes made in the wallet. */
export function watchWallet(onChange: (change: WalletChange) => void): () => void {
  return watchAccount(wagmiConfig, {
    onChange(account, prev) {
      if (prev.status === 'connected' && account.status === 'disconnected') {
        onChange({ kind: 'disconnected' });
        return;
      }
      if (account.status !== 'connected' || prev.status !== 'connected') return;
      if (account.address && prev.address && account.address !== prev.address) {
        onChange({ kind: 'accountChanged', address: account.address });
      } else if (account.chainId !== prev.chainId && account.chainId !== undefined) {
        onChange({ kind: 'networkChanged', chainId: account.chainId });
      }
    },
  });
}
