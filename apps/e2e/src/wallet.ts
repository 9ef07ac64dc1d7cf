/**
 * A test wallet injected into the page as an EIP-1193 provider (`window.ethereum`, or `window.klaytn` for Kaia
 * Wallet). Keys stay in Node: the page calls an exposed function, Node signs with viem's privateKeyToAccount and
 * forwards reads and transactions to the real local chain.
 */
import type { Page } from 'playwright-core';
import { createWalletClient, http, toHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export interface TestWalletOptions {
  privateKey: Hex;
  rpcUrl: string;
  /** The chain id the wallet reports; another id simulates a wallet on the wrong network. */
  chainId: number;
  /** Which global the provider is installed as. */
  global?: 'ethereum' | 'klaytn';
}

interface RpcError {
  code: number;
  message: string;
}

export class TestWallet {
  account: PrivateKeyAccount;
  chainId: number;
  locked = false;
  /** Every signature request, for assertions. */
  readonly signed: string[] = [];
  /** Every transaction sent, in order: the target contract and the calldata (for assertions on what was called). */
  readonly sent: { to?: Hex; data?: Hex; gas?: Hex; value?: Hex; hash: Hex }[] = [];
  /**
   * When set, a transaction waits for it before it is signed: a test holds the wallet "open" to look at the page
   * while the member would be confirming (`hold()` returns the release function).
   */
  private gate: Promise<void> | null = null;
  /** Transactions waiting at a gate now. */
  private waiting = 0;

  constructor(
    private readonly page: Page,
    private readonly opts: TestWalletOptions,
  ) {
    this.account = privateKeyToAccount(opts.privateKey);
    this.chainId = opts.chainId;
  }

  get address(): Hex {
    return this.account.address;
  }

  /** Installs the provider before any page script runs. Call before the first navigation. */
  async install(): Promise<void> {
    const global = this.opts.global ?? 'ethereum';
    await this.page.exposeFunction('__testWalletRequest', (method: string, paramsJson: string) =>
      this.handle(method, paramsJson ? (JSON.parse(paramsJson) as unknown[]) : []),
    );
    await this.page.addInitScript((globalName: string) => {
      const listeners = new Map<string, Set<(arg: unknown) => void>>();
      const provider = {
        isMetaMask: globalName === 'ethereum',
        isKaikas: globalName === 'klaytn',
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const w = window as unknown as {
            __testWalletRequest: (m: string, p: string) => Promise<{ result?: unknown; error?: RpcError }>;
          };
          const reply = await w.__testWalletRequest(method, JSON.stringify(params ?? []));
          if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
          return reply.result;
        },
        on(event: string, fn: (arg: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
        removeListener(event: string, fn: (arg: unknown) => void) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      (window as unknown as Record<string, unknown>)[globalName] = provider;
      (window as unknown as Record<string, unknown>).__testWalletEmit = (event: string, arg: unknown) => {
        for (const fn of listeners.get(event) ?? []) fn(arg);
      };
      // EIP-6963 announcement, for dapps that discover wallets that way.
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: {
                uuid: 'b6b2cf5c-0000-4000-8000-000000000001',
                name: 'Test Wallet',
                icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
                rdns: 'test.wallet',
              },
              provider,
            }),
          }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    }, global);
  }

  /**
   * Holds the transactions sent from now on until the returned function is called. A newer hold replaces the
   * gate for later transactions; releasing an older one lets only those that waited on it go.
   */
  /**
   * Resolves once a transaction waits at the gate: a step that saw the page's state change must wait for this
   * before it takes a new hold, or the transaction, sent a moment after the state changed, would wait at the new
   * gate instead of the one the step then releases (CI10: an offer's approval held for good, stuck in "approving").
   */
  async held(timeout = 30_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (this.waiting === 0) {
      if (Date.now() > deadline) throw new Error(`no transaction waited in the wallet within ${timeout / 1000} s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  hold(): () => void {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    this.gate = gate;
    return () => {
      if (this.gate === gate) this.gate = null;
      release();
    };
  }

  /** Emits a provider event in the page (accountsChanged, chainChanged, ...). */
  async emit(event: string, arg: unknown): Promise<void> {
    await this.page.evaluate(
      ([e, a]) => (window as unknown as { __testWalletEmit: (e: string, a: unknown) => void }).__testWalletEmit(e, a),
      [event, arg] as const,
    );
  }

  private async handle(method: string, params: unknown[]): Promise<{ result?: unknown; error?: RpcError }> {
    try {
      return { result: await this.dispatch(method, params) };
    } catch (err) {
      const e = err as Partial<RpcError>;
      return { error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(err) } };
    }
  }

  private async dispatch(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
      case 'klay_accounts':
      case 'klay_requestAccounts':
        return this.locked ? [] : [this.address];
      case 'eth_chainId':
      case 'klay_chainID':
        return toHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        throw Object.assign(new Error('The test wallet does not switch networks'), { code: 4902 });
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_revokePermissions':
        return null;
      case 'personal_sign': {
        const [data, from] = params as [Hex, Hex];
        if (from && from.toLowerCase() !== this.address.toLowerCase())
          throw Object.assign(new Error('wrong account'), { code: 4100 });
        this.signed.push(data);
        return this.account.signMessage({ message: { raw: data } });
      }
      case 'eth_signTypedData_v4': {
        const [, json] = params as [Hex, string];
        const typed = JSON.parse(json) as Parameters<PrivateKeyAccount['signTypedData']>[0];
        const { EIP712Domain: _drop, ...types } = typed.types as Record<string, unknown>;
        return this.account.signTypedData({ ...typed, types } as Parameters<PrivateKeyAccount['signTypedData']>[0]);
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [{ to?: Hex; data?: Hex; value?: Hex; gas?: Hex }];
        if (this.gate) {
          this.waiting++;
          try {
            await this.gate;
          } finally {
            this.waiting--;
          }
        }
        const client = createWalletClient({ account: this.account, transport: http(this.opts.rpcUrl) });
        const hash = await client.sendTransaction({
          chain: null,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
        this.sent.push({ to: tx.to, data: tx.data, gas: tx.gas, value: tx.value, hash });
        return hash;
      }
      default: {
        const res = await fetch(this.opts.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: unknown; error?: RpcError };
        if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
        return body.result;
      }
    }
  }
}
