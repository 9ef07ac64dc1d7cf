import { IDEMPOTENCY_KEY_HEADER } from '@att/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';

const ok = () => Response.json({ returnCode: 0 });
const status = (code: number) => () => new Response('', { status: code });
const down = (): never => {
  throw new TypeError('Failed to fetch');
};

/** Stubs fetch with `answers` in turn (the last one repeats; each makes a Response or throws); returns the headers sent. */
function stubFetch(...answers: (() => Response)[]) {
  const headers: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
      headers.push(init.headers);
      return answers[Math.min(headers.length - 1, answers.length - 1)]!();
    }),
  );
  return headers;
}
const keyOf = (h: Record<string, string>) => h[IDEMPOTENCY_KEY_HEADER];
const cancel = (key?: string) =>
  api('/nft/offer/delete', { id: 'bob', ticketId: 't', offerIdx: 4 }, key ? { idempotencyKey: key } : {});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('money calls carry an Idempotency-Key', () => {
  it('a new key for each call without one; the given action key otherwise; none on other calls', async () => {
    const sent = stubFetch(ok);
    await cancel();
    await cancel();
    await cancel('action-1');
    await api('/nft/instance/list/item', { productId: 3 });
    expect(keyOf(sent[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(sent[1]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(sent[0]!)).not.toBe(keyOf(sent[1]!));
    expect(keyOf(sent[2]!)).toBe('action-1');
    expect(keyOf(sent[3]!)).toBeUndefined();
  });

  it('re-sends with the same key when no answer came (network failure, 502-504), then takes the answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = stubFetch(down, status(502), ok);
    expect((await cancel('action-2')).returnCode).toBe(0);
    expect(sent.map(keyOf)).toEqual(['action-2', 'action-2', 'action-2']);
  });

  it('gives up after its re-sends (901) and never re-sends a call that is not a money call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const money = stubFetch(down);
    expect((await cancel()).returnCode).toBe(901);
    expect(money).toHaveLength(3);
    expect(new Set(money.map(keyOf)).size).toBe(1);
    vi.unstubAllGlobals();
    const read = stubFetch(status(503));
    expect((await api('/nft/instance/list/item', { productId: 3 })).returnCode).toBe(901);
    expect(read).toHaveLength(1);
  });
});
