// Finding 8c: Market ownership moved in one step (a typo loses it) and renounceOwnership was available (no way
// back to rotate a leaked validator key). Now ownership moves in two steps and cannot be renounced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());

describe('Market ownership', () => {
  it('a transfer to a wrong address changes nothing until accepted; renounce is refused', async () => {
    await f.market(ROLE.owner, 'transferOwnership', [f.addr[ROLE.extra2]]);
    expect(await f.readMarket('owner')).toBe(f.addr[ROLE.owner]);
    await f.market(ROLE.owner, 'transferOwnership', [f.addr[ROLE.extra1]]); // corrected before acceptance
    await expectRevert(f.market(ROLE.extra2, 'acceptOwnership'), 'OwnableUnauthorizedAccount', [f.addr[ROLE.extra2]]);
    await expectRevert(f.market(ROLE.owner, 'renounceOwnership'), 'MarketRenounceDisabled');
    // the owner can still rotate a leaked validator key
    await f.market(ROLE.owner, 'setValidator', [f.addr[ROLE.extra1]]);
    expect(await f.readMarket('validator')).toBe(f.addr[ROLE.extra1]);
  });
});
