import { IDEMPOTENCY_KEY_HEADER } from '@att/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { reserveOrder } from './reserve-order';

const member = { id: 'alice', ticketId: 'tk', address: '0xAbCdEf0000000000000000000000000000000001' };
const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' };
const check = {
  market: '0x01',
  auctionId: '5',
  token: '0x02',
  symbol: 'ATT',
  minimumBid: '10',
  currentBid: '0',
  endDate: '2026-12-01T00:00:00Z',
};

/** Stubs fetch with one reply; returns what was sent. */
function stubFetch(reply: object) {
  const sent: { body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string; headers: Record<string, string> }) => {
      sent.push({ body: JSON.parse(init.body), headers: init.headers });
      return Response.json(reply);
    }),
  );
  return sent;
}
const bid = (kit: { requireAccount: (a: string, c: typeof chain) => Promise<`0x${string}`> }) =>
  reserveOrder(kit as never, member, chain, {
    path: '/nft/instance/bid',
    body: { instanceIdx: 3, price: '10' },
    idempotencyKey: 'flow-1',
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reserveOrder', () => {
  it("checks the wallet, then sends the member's ticket and the flow's key, and answers the reply's data", async () => {
    const sent = stubFetch({ returnCode: 0, data: check });
    const order: string[] = [];
    const requireAccount = vi.fn(async () => (order.push('wallet'), member.address as `0x${string}`));
    await expect(bid({ requireAccount })).resolves.toEqual(check);
    expect(requireAccount).toHaveBeenCalledWith(member.address, chain);
    expect(order).toEqual(['wallet']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ id: 'alice', ticketId: 'tk', instanceIdx: 3, price: '10' });
    expect(sent[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe('flow-1');
  });

  it('asks the server nothing when the wallet is not the member’s', async () => {
    const sent = stubFetch({ returnCode: 0, data: check });
    const wrong = new Error('wrong account');
    await expect(bid({ requireAccount: async () => Promise.reject(wrong) })).rejects.toBe(wrong);
    expect(sent).toHaveLength(0);
  });

  it("throws the server's refusal", async () => {
    stubFetch({ returnCode: 651 });
    await expect(bid({ requireAccount: async () => member.address as `0x${string}` })).rejects.toBeInstanceOf(ApiError);
  });
});
