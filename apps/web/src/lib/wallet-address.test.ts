import { describe, expect, it } from 'vitest';
import { shortWallet } from './wallet-address';

describe('shortWallet', () => {
  it('shortens a wallet address to its first and last 6 characters; a short one stays whole', () => {
    expect(shortWallet('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...345678');
    expect(shortWallet('0x12345')).toBe('0x12345');
  });
});
