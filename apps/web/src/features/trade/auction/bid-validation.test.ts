import { describe, expect, it } from 'vitest';
import { capBid, ceil4, checkBid, floor4, maxBid, tokensOfUsd, tokenText, usdOfTokens } from './bid-validation';

const E = 10n ** 18n;

describe('bid amounts', () => {
  it('rounds the chain’s minimum up to 4 decimals, never below it', () => {
    // 1.05 + 1 wei (a raise rounded up on chain) shows as 1.0501.
    expect(tokenText(ceil4((105n * E) / 100n + 1n))).toBe('1.0501');
    expect(ceil4(E)).toBe(E);
    expect(tokenText(ceil4(123_456_789_000_000_000n))).toBe('0.1235');
    expect(tokenText(floor4(123_456_789_000_000_000n))).toBe('0.1234');
  });

  it('converts tokens and dollars both ways, floored to 4 decimals', () => {
    expect(usdOfTokens('3', '0.123456')).toBe('0.3703');
    expect(tokensOfUsd('1', '0.2')).toBe('5');
    expect(tokensOfUsd('1', '0.3')).toBe('3.3333');
    expect(tokensOfUsd('', '0.3')).toBe('');
    expect(tokensOfUsd('1', undefined)).toBe('');
    expect(tokensOfUsd('1', '0')).toBe('');
  });

  it('caps a bid at the balance plus the bidder’s live bid', () => {
    expect(maxBid(2n * E, E)).toBe(3n * E);
    expect(maxBid(undefined, E)).toBeUndefined();
    expect(capBid('5', 3n * E)).toEqual({ text: '3', capped: true });
    expect(capBid('2.5', 3n * E)).toEqual({ text: '2.5', capped: false });
    expect(capBid('9', 123_456_789_000_000_000n)).toEqual({ text: '0.1234', capped: true });
    expect(capBid('9', undefined)).toEqual({ text: '9', capped: false });
  });
});

describe('checkBid', () => {
  const ok = { amount: 2n * E, minimum: E, max: 5n * E, agreed: true };
  it('asks for an amount at least the minimum, within the balance, and the agree box', () => {
    expect(checkBid(ok)).toBeNull();
    expect(checkBid({ ...ok, amount: null })).toBe('bid.amountRequired');
    expect(checkBid({ ...ok, amount: 0n })).toBe('bid.amountRequired');
    expect(checkBid({ ...ok, amount: E - 1n })).toBe('bid.belowMinimum');
    expect(checkBid({ ...ok, amount: 6n * E })).toBe('bid.noCoin');
    expect(checkBid({ ...ok, agreed: false })).toBe('bid.agreeRequired');
  });
  it('does not refuse on what is not known yet (the minimum or the balance still loading)', () => {
    expect(checkBid({ ...ok, minimum: undefined, max: undefined })).toBeNull();
  });
});
