/** What a money call keeps of its first run: a refusal's code is kept, an unexpected failure releases the key; the body hash ignores the ticket and field order. */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { requestHash, runOnce, type IdempotencyRow, type IdempotencyStore } from './idempotency';

/** The store's contract in memory (the accounts repository does the same in SQL). */
function memoryApp() {
  const rows = new Map<string, IdempotencyRow>();
  const id = (m: number, k: string) => `${m}/${k}`;
  const store: IdempotencyStore = {
    claim: async (m, k, requestHash, _now, expiresAt) => {
      if (rows.has(id(m, k))) return false;
      rows.set(id(m, k), { requestHash, reply: null, expiresAt });
      return true;
    },
    read: async (m, k) => rows.get(id(m, k)),
    finish: async (m, k, reply) => void (rows.get(id(m, k))!.reply = reply),
    release: async (m, k) => void rows.delete(id(m, k)),
  };
  const app = {
    idempotencyKeys: store,
    now: () => new Date(),
    log: { error: () => undefined },
  } as unknown as FastifyInstance;
  return { app, rows };
}

describe('runOnce', () => {
  it('keeps a refusal: the repeat gets the same code without running', async () => {
    const { app } = memoryApp();
    let runs = 0;
    const refuse = async () => {
      runs++;
      throw new AppError(ReturnCode.NotOnSale);
    };
    await expect(runOnce(app, 1, 'k', 'h', refuse)).rejects.toMatchObject({ returnCode: ReturnCode.NotOnSale });
    expect(await runOnce(app, 1, 'k', 'h', refuse)).toBe(JSON.stringify({ returnCode: ReturnCode.NotOnSale }));
    expect(runs).toBe(1);
  });

  it('releases the key after an unexpected failure or a try-again code, so a retry runs', async () => {
    const { app, rows } = memoryApp();
    await expect(runOnce(app, 1, 'k', 'h', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(rows.size).toBe(0);
    await expect(
      runOnce(app, 1, 'k', 'h', () => Promise.reject(new AppError(ReturnCode.RetryLater))),
    ).rejects.toThrow();
    expect(rows.size).toBe(0);
    expect(await runOnce(app, 1, 'k', 'h', async () => ({ returnCode: 0, data: 7 }))).toEqual({
      returnCode: 0,
      data: 7,
    });
    expect(await runOnce(app, 1, 'k', 'h', async () => ({ returnCode: 0, data: 8 }))).toBe('{"returnCode":0,"data":7}');
  });

  it('answers 13 for the same key with another request', async () => {
    const { app } = memoryApp();
    await runOnce(app, 1, 'k', 'h1', async () => ({ returnCode: 0 }));
    await expect(runOnce(app, 1, 'k', 'h2', async () => ({ returnCode: 0 }))).rejects.toMatchObject({
      returnCode: ReturnCode.EarlierRequestExists,
    });
  });
});

describe('requestHash', () => {
  it('ignores the ticket and the order of fields, not the route or a value', () => {
    const h = requestHash('/nft/offer', { id: 'a', ticketId: 't1', amount: 1, symbol: 'ATT' });
    expect(requestHash('/nft/offer', { symbol: 'ATT', amount: 1, id: 'a', ticketId: 't2' })).toBe(h);
    expect(requestHash('/nft/offer', { symbol: 'ATT', amount: 2, id: 'a' })).not.toBe(h);
    expect(requestHash('/nft/transfer', { symbol: 'ATT', amount: 1, id: 'a' })).not.toBe(h);
  });
});
