import { toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ANVIL_KEYS, ANVIL_MNEMONIC, DEV_ROLE_KEYS } from '../src/accounts';

describe('dev keys', () => {
  it('the dev wallets are anvil accounts 0-9 and the roles accounts 10-14 of the mnemonic', () => {
    ANVIL_KEYS.forEach((key, i) =>
      expect(toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey().privateKey!)).toBe(key),
    );
    Object.values(DEV_ROLE_KEYS).forEach((key, i) =>
      expect(toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 10 + i }).getHdKey().privateKey!)).toBe(key),
    );
  });

  it('no role is a dev wallet and no two roles share a key', () => {
    const wallets = new Set(ANVIL_KEYS.map((k) => privateKeyToAccount(k).address));
    const roles = Object.values(DEV_ROLE_KEYS).map((k) => privateKeyToAccount(k).address);
    expect(roles.some((a) => wallets.has(a))).toBe(false);
    expect(new Set(roles).size).toBe(roles.length);
  });
});
