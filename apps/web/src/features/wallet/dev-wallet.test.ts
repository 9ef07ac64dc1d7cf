import {
  type Hex,
  keccak256,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  stringToHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, devAccount, DevWalletProvider } from './dev-wallet';

const ANVIL_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ANVIL_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function provider(storage?: Storage) {
  return new DevWalletProvider({
    rpcUrl: 'http://127.0.0.1:8545',
    chainId: 31337,
    storage,
    forward: async (method) => {
      if (method === 'eth_blockNumber') return '0x10';
      throw new Error(`unexpected ${method}`);
    },
  });
}

describe('dev wallet EIP-1193 provider', () => {
  it('uses the anvil default accounts #0..#9 of the "test ... junk" mnemonic', () => {
    for (let i = 0; i < 10; i++) {
      expect(devAccount(i).address).toBe(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address);
    }
    expect(devAccount(0).address).toBe(ANVIL_0);
    expect(devAccount(1).address).toBe(ANVIL_1);
    expect(() => devAccount(10)).toThrow(RangeError);
  });

  it('connects, reports the chain and has no accounts before connecting', async () => {
    const p = provider();
    expect(await p.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await p.request({ method: 'eth_requestAccounts' })).toEqual([ANVIL_0]);
    expect(await p.request({ method: 'eth_accounts' })).toEqual([ANVIL_0]);
    expect(await p.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });

  it('personal_sign with the known key recovers the address', async () => {
    const p = provider();
    p.selectAccount(1);
    await p.request({ method: 'eth_requestAccounts' });
    const message = 'ATTNFT Signature\nnonce: 123';
    const signature = (await p.request({ method: 'personal_sign', params: [stringToHex(message), ANVIL_1] })) as Hex;
    expect(await recoverMessageAddress({ message, signature })).toBe(ANVIL_1);
  });

  it('refuses to sign before connecting or for another address', async () => {
    const p = provider();
    await expect(p.request({ method: 'personal_sign', params: ['0x00', ANVIL_0] })).rejects.toMatchObject({
      code: 4100,
    });
    await p.request({ method: 'eth_requestAccounts' });
    await expect(p.request({ method: 'personal_sign', params: ['0x00', ANVIL_1] })).rejects.toMatchObject({
      code: 4100,
    });
  });

  it('emits accountsChanged when another account is picked while connected', async () => {
    const p = provider();
    const seen: unknown[] = [];
    p.on('accountsChanged', (a) => seen.push(a));
    await p.request({ method: 'eth_requestAccounts' });
    p.selectAccount(1);
    expect(seen).toEqual([[ANVIL_1]]);
  });

  it('forwards reads to the chain and remembers the connection', async () => {
    const p = provider(localStorage);
    expect(await p.request({ method: 'eth_blockNumber' })).toBe('0x10');
    p.selectAccount(2);
    await p.request({ method: 'eth_requestAccounts' });
    const again = provider(localStorage);
    expect(again.selectedIndex).toBe(2);
    expect(await again.request({ method: 'eth_accounts' })).toEqual([devAccount(2).address]);
    await again.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    expect(await again.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('rejects switching to another chain', async () => {
    await expect(
      provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2019' }] }),
    ).rejects.toMatchObject({ code: 4902 });
  });

  it('signs eth_sendTransaction locally and forwards the raw transaction', async () => {
    const sent: Hex[] = [];
    const p = new DevWalletProvider({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      forward: async (method, params) => {
        switch (method) {
          case 'eth_chainId':
            return '0x7a69';
          case 'eth_getBlockByNumber':
            return { number: '0x1', baseFeePerGas: '0x3b9aca00', timestamp: '0x0', hash: `0x${'0'.repeat(64)}` };
          case 'eth_maxPriorityFeePerGas':
            return '0x1';
          case 'eth_getTransactionCount':
            return '0x5';
          case 'eth_estimateGas':
            return '0x5208';
          case 'eth_sendRawTransaction': {
            const raw = (params as Hex[])[0]!;
            sent.push(raw);
            return keccak256(raw);
          }
          default:
            throw new Error(`unexpected ${method}`);
        }
      },
    });
    await p.request({ method: 'eth_requestAccounts' });
    const hash = await p.request({
      method: 'eth_sendTransaction',
      params: [{ from: ANVIL_0, to: ANVIL_1, value: '0xde0b6b3a7640000', gas: '0x186a0' }],
    });
    expect(sent).toHaveLength(1);
    expect(hash).toBe(keccak256(sent[0]!));
    const tx = parseTransaction(sent[0]!);
    expect(tx).toMatchObject({ to: ANVIL_1.toLowerCase(), value: 10n ** 18n, gas: 100000n, nonce: 5, chainId: 31337 });
    expect(await recoverTransactionAddress({ serializedTransaction: sent[0]! as never })).toBe(ANVIL_0);
  });
});
