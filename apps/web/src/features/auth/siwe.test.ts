import { SIGN_IN_STATEMENT } from '@att/shared';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage } from './siwe';

describe('buildSiweMessage', () => {
  it('uses exactly the server fields and the checksummed address', () => {
    const params = {
      nonce: 'abcdef12345678',
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      chainId: 31337,
      statement: SIGN_IN_STATEMENT,
      issuedAt: '2026-11-21T12:00:00.000Z',
      expirationTime: '2026-11-21T12:10:00.000Z',
    };
    const msg = buildSiweMessage(params, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    const parsed = parseSiweMessage(msg);
    expect(parsed).toMatchObject({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
      domain: 'localhost:8080',
      nonce: 'abcdef12345678',
      statement: SIGN_IN_STATEMENT,
      uri: 'http://localhost:8080',
      version: '1',
    });
    expect(msg).toContain('Issued At: 2026-11-21T12:00:00.000Z');
    expect(msg).toContain('Expiration Time: 2026-11-21T12:10:00.000Z');
  });
});
