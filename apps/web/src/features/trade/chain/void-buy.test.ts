import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeCheckError, translateTradeError } from '../core/trade-errors';
import { sendVoidBuy } from './trade-calls';

const pending = {
  instanceId: 2,
  psdId: '77',
  psdExpired: new Date().toISOString(),
  market: '0x0000000000000000000000000000000000000a11',
  listingHash: `0x${'1'.repeat(64)}`,
  reservation: { buyer: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', amount: '2', id: '77', expiry: '1900000000' },
  signResult: `0x${'2'.repeat(130)}`,
};
const account = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

/** A node that answers every request with a 503 (a chain that is down behind its proxy). */
let down: Server;
let downUrl = '';
beforeAll(async () => {
  down = createServer((_req, res) => res.writeHead(503).end('down'));
  await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
  downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => down.close(() => r())));

describe('sendVoidBuy', () => {
  it('a chain node that does not answer is told as such, not as a failed trade', async () => {
    const err = await sendVoidBuy({ chainId: 31337, rpcUrl: downUrl }, account, pending).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TradeCheckError);
    expect(translateTradeError(err, 'cancel').key).toBe('trade:errors.chainUnreachable');
  });
});
