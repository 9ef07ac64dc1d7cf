import { describe, expect, it } from 'vitest';
import { digitsOnly, withThousands } from './digits';

describe('numeric inputs', () => {
  it('strip everything but digits, and leading zeros', () => {
    expect(digitsOnly('1,2a3 -4.5')).toBe('12345');
    expect(digitsOnly('007')).toBe('7');
    expect(digitsOnly('0')).toBe('0');
    expect(digitsOnly('-')).toBe('');
    expect(digitsOnly('１２')).toBe('');
  });
  it('show thousands separators', () => {
    expect(withThousands('1234567')).toBe('1,234,567');
    expect(withThousands('1,000')).toBe('1,000');
    expect(withThousands('999')).toBe('999');
    expect(withThousands('')).toBe('');
  });
});
