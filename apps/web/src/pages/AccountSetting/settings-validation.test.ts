import { describe, expect, it } from 'vitest';
import { aboutMeError, aboutMeLength, amountToWei, weiToAmount } from './settings-validation';

describe('account settings validation', () => {
  it('allows about-me up to 140 characters, counting Korean and emoji as one each', () => {
    expect(aboutMeError('가'.repeat(140))).toBeNull();
    expect(aboutMeError('가'.repeat(141))).toBe('aboutMeTooLong');
    expect(aboutMeLength('😀😀')).toBe(2);
    expect(aboutMeError('')).toBeNull();
  });

  it('turns decimal token amounts into wei strings', () => {
    expect(amountToWei('1.5')).toBe('1500000000000000000');
    expect(amountToWei('0')).toBe('0');
    expect(amountToWei('')).toBe('0');
    expect(amountToWei(' 2 ')).toBe('2000000000000000000');
    expect(amountToWei('0.000000000000000001')).toBe('1');
  });

  it('rejects negative, exponent, too precise or non-numeric amounts', () => {
    expect(amountToWei('-1')).toBeNull();
    expect(amountToWei('1e3')).toBeNull();
    expect(amountToWei('abc')).toBeNull();
    expect(amountToWei('1.0000000000000000001')).toBeNull();
    expect(amountToWei('1,5')).toBeNull();
  });

  it('shows wei as the decimal amount again', () => {
    expect(weiToAmount('1500000000000000000')).toBe('1.5');
    expect(weiToAmount('1')).toBe('0.000000000000000001');
    expect(weiToAmount('0')).toBe('0');
    expect(weiToAmount('x')).toBe('0');
  });
});
