// Finding (server key mints members' items): the Items owner (the deployer key) could `addMinter` any address
// at any time, and a minter can mint any creator's unminted pieces (lazy mint) to itself, so one server key could
// take pieces members had listed but not yet minted. Now deployment makes the Market the minter and then locks
// the minter list for good (`lockMinters`): afterwards no key, not even the owner or a later owner, adds a minter.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi } from '../../src/generated/contracts';
import { ROLE, expectRevert, itemOf, setup, type Fixture } from '../helpers';

let f: Fixture;
let attacker: Address;
let creator: Address;
beforeAll(async () => {
  f = await setup({ ownerMints: false }); // exactly as production deploys: the Market is the only minter
  attacker = f.addr[ROLE.other]!;
  creator = f.addr[ROLE.author]!;
});
afterAll(() => f.stop());

describe("no key can mint a creator's unminted pieces after deployment", () => {
  it('the owner cannot add an attacker minter, so the attacker cannot lazy-mint the pieces to itself', async () => {
    const id = itemOf(creator, 42n); // the creator's item: listed for a lazy sale, nothing minted yet
    expect(await f.read(f.d.items, itemsAbi, 'isMinter', [f.addr[ROLE.owner]])).toBe(false);

    await expectRevert(f.items(ROLE.owner, 'addMinter', [attacker]), 'ItemsMintersLocked');
    expect(await f.read(f.d.items, itemsAbi, 'mintersLocked')).toBe(true);
    await expectRevert(f.items(ROLE.other, 'mint', [attacker, id, 10n, creator, 10n, 0n]), 'ItemsUnauthorizedMinter', [
      attacker,
    ]);
    await expectRevert(
      f.items(ROLE.owner, 'mint', [f.addr[ROLE.owner], id, 10n, creator, 10n, 0n]),
      'ItemsUnauthorizedMinter',
      [f.addr[ROLE.owner]],
    );
    expect(await f.itemBalance(attacker, id)).toBe(0n);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([0n, 0n, 0n]);
  });

  it('a new owner (ownership handed over or the key sold) cannot add a minter either', async () => {
    const snap = await f.snapshot();
    await f.items(ROLE.owner, 'transferOwnership', [attacker]);
    await expectRevert(f.items(ROLE.other, 'addMinter', [attacker]), 'ItemsMintersLocked');
    await expectRevert(f.items(ROLE.other, 'lockMinters'), 'ItemsMintersLocked');
    expect(await f.read(f.d.items, itemsAbi, 'isMinter', [attacker])).toBe(false);
    await f.revert(snap);
  });
});
