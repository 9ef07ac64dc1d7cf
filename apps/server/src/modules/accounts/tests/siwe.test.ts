/** Unit tests of the SIWE verifier's edge cases (the endpoint tests cover the common refusals). */
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error';
import type { NonceConsumeResult } from '../sessions-repository';
import { klaytnMessageHash, verifySignedMessage } from '../siwe';

const account = privateKeyToAccount(generatePrivateKey());
const now = new Date('2026-11-21T12:00:00.000Z');
const base = {
  address: account.address,
  domain: 'market.example.com',
  uri: 'https://market.example.com',
  chainId: 8217,
  nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  version: '1' as const,
  issuedAt: now,
  expirationTime: new Date(now.getTime() + 5 * 60_000),
};

type Signer = (message: string) => Promise<Hex>;
const ethereumSign: Signer = (message) => account.signMessage({ message });

async function code(
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  nonceResult: NonceConsumeResult = 'ok',
  raw?: string,
  sign: Signer = ethereumSign,
) {
  const message = raw ?? createSiweMessage({ ...base, ...overrides });
  const signature: Hex = await sign(message);
  let consumed = 0;
  try {
    await verifySignedMessage(
      { address: account.address.toLowerCase(), message, signature },
      {
        domain: 'market.example.com',
        origin: 'https://market.example.com',
        chainId: 8217,
        now,
        consumeNonce: async () => {
          consumed += 1;
          return nonceResult;
        },
      },
    );
    return { code: 0, consumed };
  } catch (err) {
    if (err instanceof AppError) return { code: err.returnCode, consumed };
    throw err;
  }
}

describe('verifySignedMessage', () => {
  it("accepts legacy Kaikas signatures (Klaytn's personal_sign prefix), only from the address", async () => {
    const kaikas: Signer = (message) => account.sign({ hash: klaytnMessageHash(message) });
    expect(await code({}, 'ok', undefined, kaikas)).toEqual({ code: 0, consumed: 1 });
    const other = privateKeyToAccount(generatePrivateKey());
    const otherKaikas: Signer = (message) => other.sign({ hash: klaytnMessageHash(message) });
    expect(await code({}, 'ok', undefined, otherKaikas)).toEqual({ code: 2, consumed: 0 });
  });

  it('accepts a message for our domain, origin and chain, and consumes the nonce once', async () => {
    expect(await code()).toEqual({ code: 0, consumed: 1 });
    expect(await code({ uri: 'https://market.example.com/EmailVerify/x' })).toEqual({ code: 0, consumed: 1 });
    expect(await code({ scheme: 'https' })).toEqual({ code: 0, consumed: 1 });
  });

  it('refuses other schemes, origins, versions and chains before touching the nonce', async () => {
    expect(await code({ scheme: 'http' })).toEqual({ code: 2, consumed: 0 });
    expect(await code({ uri: 'https://market.example.com.evil.io/' })).toEqual({ code: 2, consumed: 0 });
    expect(await code({ uri: 'http://market.example.com' })).toEqual({ code: 2, consumed: 0 });
    expect(await code({ domain: 'market.example.com:8443' })).toEqual({ code: 2, consumed: 0 });
    expect(await code({ chainId: 1001 })).toEqual({ code: 2, consumed: 0 });
    const v2 = createSiweMessage(base).replace('Version: 1', 'Version: 2');
    expect(await code({}, 'ok', v2)).toEqual({ code: 2, consumed: 0 });
  });

  it('refuses a message issued in the future, not valid yet, or living too long', async () => {
    expect(
      await code({
        issuedAt: new Date(now.getTime() + 10 * 60_000),
        expirationTime: new Date(now.getTime() + 15 * 60_000),
      }),
    ).toMatchObject({ code: 2 });
    expect(await code({ notBefore: new Date(now.getTime() + 10 * 60_000) })).toMatchObject({ code: 2 });
    expect(await code({ expirationTime: new Date(now.getTime() + 24 * 3600_000) })).toMatchObject({ code: 2 });
  });

  it('answers 85 for an expired message or nonce, 2 for an unknown nonce', async () => {
    expect(
      await code({ issuedAt: new Date(now.getTime() - 5 * 60_000), expirationTime: new Date(now.getTime() - 1) }),
    ).toEqual({ code: 85, consumed: 0 });
    expect(await code({}, 'expired')).toEqual({ code: 85, consumed: 1 });
    expect(await code({}, 'unknown')).toEqual({ code: 2, consumed: 1 });
  });

  it('refuses a non-SIWE text and a tampered message', async () => {
    expect(await code({}, 'ok', 'ATTNFT Signature(1732190400000)')).toMatchObject({ code: 2, consumed: 0 });
    const message = createSiweMessage(base);
    const signature = await account.signMessage({ message });
    const tampered = message.replace(base.nonce, 'ffffffffffffffffffffffffffffffff');
    await expect(
      verifySignedMessage(
        { address: account.address.toLowerCase(), message: tampered, signature },
        {
          domain: 'market.example.com',
          origin: 'https://market.example.com',
          chainId: 8217,
          now,
          consumeNonce: async () => 'ok',
        },
      ),
    ).rejects.toMatchObject({ returnCode: 2 });
  });
});

describe('strict EIP-4361 grammar and canonical signatures (issue 7, item 3)', () => {
  const good = () => createSiweMessage(base);

  it('accepts what viem (the web) builds, with and without the optional fields', async () => {
    expect(await code({}, 'ok', good())).toEqual({ code: 0, consumed: 1 });
    expect(
      await code({
        statement: 'ATTNFT Signature',
        requestId: 'req-1',
        resources: ['https://market.example.com/terms'],
      }),
    ).toEqual({ code: 0, consumed: 1 });
    expect(await code({ statement: undefined })).toEqual({ code: 0, consumed: 1 });
  });

  it('refuses correctly signed messages that are not exactly EIP-4361', async () => {
    const message = createSiweMessage({ ...base, statement: 'ATTNFT Signature' });
    const variants = {
      trailingText: `${message}\n\nSend 100 KLAY to 0xabc`,
      trailingNewline: `${message}\n`,
      extraLineAfterStatement: message.replace('ATTNFT Signature\n', 'ATTNFT Signature\n\n'),
      secondUriBlock: message.replace('URI: ', 'URI: https://evil.example\nURI: '),
      markupRequestId: createSiweMessage({ ...base, requestId: 'x' }).replace(
        'Request ID: x',
        'Request ID: <img src=x onerror=alert(1)>',
      ),
      lowercaseAddress: message.replace(account.address, account.address.toLowerCase()),
      multiLineStatement: message.replace('ATTNFT Signature', 'ATTNFT Signature\nclick here'),
      crlf: message.replace(/\n/g, '\r\n'),
    };
    for (const [name, raw] of Object.entries(variants)) {
      expect({ name, ...(await code({}, 'ok', raw)) }).toEqual({ name, code: 2, consumed: 0 });
    }
  });

  it('refuses the high-s twin of a valid signature, and signatures that are not 65 bytes', async () => {
    const message = good();
    const signature = await account.signMessage({ message });
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const highS =
      `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
    const { verifyMessage } = await import('viem');
    // The twin is a valid signature by the same key (the malleability the check closes)...
    expect(await verifyMessage({ address: account.address, message, signature: highS })).toBe(true);
    // ...and the server refuses it.
    expect(await code({}, 'ok', message, async () => highS)).toEqual({ code: 2, consumed: 0 });
    expect(await code({}, 'ok', message, async () => `${signature}00` as Hex)).toEqual({ code: 2, consumed: 0 });
    expect(await code({}, 'ok', message, async () => signature)).toEqual({ code: 0, consumed: 1 });
  });
});
