import { describe, expect, it } from 'vitest';
import { mailboxKey, maskEmail } from '../mailbox';

describe('mailboxKey', () => {
  it('ignores case and a +tag in the local part', () => {
    expect(mailboxKey('Alice+3@Example.com')).toBe('alice@example.com');
    expect(mailboxKey('alice+a+b@example.com')).toBe('alice@example.com');
    expect(mailboxKey('alice@example.com')).toBe('alice@example.com');
    expect(mailboxKey('al.ice@example.com')).toBe('al.ice@example.com');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('nope')).toBe('***');
  });
});
