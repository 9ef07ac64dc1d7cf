import { type Hex, recoverMessageAddress, stringToHex } from 'viem';
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
});
