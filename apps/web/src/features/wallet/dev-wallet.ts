/**
 * The built-in dev wallet: an EIP-1193 provider implemented in the page, signing with anvil's well-known
 * default keys (mnemonic "test test ... junk", accounts #0..#9). Offered only when /config/front says
 * devWallet (the local chain 31337), so a newcomer can use `npm start` without a browser extension.
 * Reads and raw transactions are forwarded to the chain RPC from /config/network.
 */
import {
  type Address,
  type EIP1193Parameters,
  type Hex,
  createWalletClient,
  custom,
  hexToBigInt,
  http,
  numberToHex,
  type TransactionRequest,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '@att/contracts/accounts';

/** anvil's mnemonic; its accounts #0..#9 are the keys in `@att/contracts` (public test keys, never for real funds). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_ACCOUNT_COUNT = ANVIL_KEYS.length;

const accounts = new Map<number, PrivateKeyAccount>();

/** The anvil default account `index` (0..9). */
export function devAccount(index: number): PrivateKeyAccount {
  const key = ANVIL_KEYS[index];
  if (!Number.isInteger(index) || !key) throw new RangeError('dev account index');
  let a = accounts.get(index);
  if (!a) accounts.set(index, (a = privateKeyToAccount(key)));
  return a;
}

type Listener = (...args: unknown[]) => void;

export interface DevWalletOptions {
  rpcUrl: string;
  chainId: number;
  /** Remembers the connection across page loads. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Forwards a JSON-RPC request to the chain (defaults to HTTP on rpcUrl). */
  forward?: (method: string, params: unknown) => Promise<unknown>;
}

const STORAGE_KEY = 'att.devWallet';

export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class DevWalletProvider {
  readonly isDevWallet = true;
  private listeners = new Map<string, Set<Listener>>();
  private accountIndex = 0;
  private connected = false;
  private readonly forward: (method: string, params: unknown) => Promise<unknown>;

  constructor(private readonly options: DevWalletOptions) {
    const transport = http(options.rpcUrl)({ retryCount: 0 });
    this.forward =
      options.forward ??
      ((method, params) => transport.request({ method, params } as EIP1193Parameters) as Promise<unknown>);
    const saved = options.storage?.getItem(STORAGE_KEY);
    if (saved) {
      try {
        const s = JSON.parse(saved) as { index?: number; connected?: boolean };
        if (typeof s.index === 'number' && s.index >= 0 && s.index < DEV_ACCOUNT_COUNT) this.accountIndex = s.index;
        this.connected = s.connected === true;
      } catch {
        // ignore a corrupt record
      }
    }
  }

  get account(): PrivateKeyAccount {
    return devAccount(this.accountIndex);
  }

  get selectedIndex(): number {
    return this.accountIndex;
  }

  /** Picks the account 0..9 to use; emits accountsChanged when connected. */
  selectAccount(index: number) {
    devAccount(index);
    if (index === this.accountIndex) return;
    this.accountIndex = index;
    this.persist();
    if (this.connected) this.emit('accountsChanged', [this.account.address]);
  }

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args);
  }

  private persist() {
    this.options.storage?.setItem(STORAGE_KEY, JSON.stringify({ index: this.accountIndex, connected: this.connected }));
  }

  private requireAccount(address: unknown): PrivateKeyAccount {
    if (!this.connected) throw new ProviderRpcError(4100, 'The dev wallet is not connected.');
    const account = this.account;
    if (typeof address === 'string' && address.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'Unknown account.');
    }
    return account;
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const p = (Array.isArray(params) ? params : []) as unknown[];
    switch (method) {
      case 'eth_requestAccounts':
        this.connected = true;
        this.persist();
        this.emit('connect', { chainId: numberToHex(this.options.chainId) });
        return [this.account.address];
      case 'eth_accounts':
        return this.connected ? [this.account.address] : [];
      case 'eth_chainId':
        return numberToHex(this.options.chainId);
      case 'net_version':
        return String(this.options.chainId);
      case 'wallet_revokePermissions':
        this.connected = false;
        this.persist();
        return null;
      case 'wallet_switchEthereumChain': {
        const target = (p[0] as { chainId?: string } | undefined)?.chainId;
        if (target && hexToBigInt(target as Hex) === BigInt(this.options.chainId)) return null;
        throw new ProviderRpcError(4902, 'The dev wallet only knows the local chain.');
      }
      case 'personal_sign': {
        const [data, address] = p as [Hex, Address];
        return this.requireAccount(address).signMessage({ message: { raw: data } });
      }
      case 'eth_sign': {
        const [address, data] = p as [Address, Hex];
        return this.requireAccount(address).signMessage({ message: { raw: data } });
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = p as [Address, string];
        const typed = JSON.parse(json) as Parameters<PrivateKeyAccount['signTypedData']>[0];
        return this.requireAccount(address).signTypedData(typed);
      }
      case 'eth_sendTransaction': {
        const tx = p[0] as TransactionRequest & { from?: Address; gas?: Hex; value?: Hex };
        const account = this.requireAccount(tx.from);
        const client = createWalletClient({
          account,
          transport: custom({ request: ({ method: m, params: ps }) => this.forward(m, ps) }),
        });
        return client.sendTransaction({
          account,
          chain: null,
          to: tx.to ?? undefined,
          data: tx.data,
          value: tx.value === undefined ? undefined : hexToBigInt(tx.value as unknown as Hex),
          gas: tx.gas === undefined ? undefined : hexToBigInt(tx.gas as unknown as Hex),
        });
      }
      case 'wallet_requestPermissions':
      case 'wallet_addEthereumChain':
      case 'wallet_watchAsset':
        throw new ProviderRpcError(4200, `${method} is not supported by the dev wallet.`);
      default:
        return this.forward(method, params);
    }
  }
}
