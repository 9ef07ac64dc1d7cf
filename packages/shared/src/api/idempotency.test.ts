import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_RE, IDEMPOTENT_PATHS, isIdempotentRoute } from './idempotency';

describe('money calls', () => {
  it('are the routes that reserve, list, bid, offer, accept, cancel or permit a transfer', () => {
    expect([...IDEMPOTENT_PATHS].sort()).toEqual(
      [
        '/nft/all/sale',
        '/nft/cancel/sale',
        '/nft/collection/offer',
        '/nft/collection/offer/accept',
        '/nft/cart/purchase',
        '/nft/instance/bid',
        '/nft/instance/purchase',
        '/nft/offer',
        '/nft/offer/accept',
        '/nft/offer/delete',
        '/nft/transfer',
      ].sort(),
    );
    expect(isIdempotentRoute('/nft/instance/list/item')).toBe(false);
  });

  it('take a key of 1-128 printable characters', () => {
    expect(IDEMPOTENCY_KEY_RE.test('0b9f6a1e-3c1d-4a57-9f55-3a0f7e2b8c11')).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('x'.repeat(128))).toBe(true);
    for (const bad of ['', 'x'.repeat(129), 'a\tb', 'é', 'a\u0000b']) expect(IDEMPOTENCY_KEY_RE.test(bad)).toBe(false);
  });
});
