// Finding (info): the owner could set the fee receiver to the Market itself. KLAY fees pushed there bounce off its
// receive() and were parked as the Market's own withdrawable balance, and ATT fees landed in escrow unaccounted:
// either way locked for good, and the escrow no longer equalled what it owes. Now refused, like a zero address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());

describe('fee receiver', () => {
  it('cannot be the Market', async () => {
    await expectRevert(f.market(ROLE.owner, 'setFeeReceiver', [f.d.market]), 'MarketInvalidParty', [f.d.market]);
    expect(await f.readMarket('feeReceiver')).toBe(f.addr[ROLE.feeReceiver]);
  });
});
