import { zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi } from '../src/generated/contracts';
import { DEFAULT_METADATA_URI } from '../src/deploy';
import { ROLE, expectRevert, itemOf, setup, type Fixture } from './helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());
const read = <T>(fn: string, args: readonly unknown[] = []) => f.read<T>(f.d.items, itemsAbi, fn, args);

describe('Items (ERC-1155, token type 1)', () => {
  it('has the deployer as owner, the Market as minter, a locked minter list and the metadata uri', async () => {
    expect(await read('owner')).toBe(f.addr[ROLE.owner]);
    expect(await read('isMinter', [f.d.market])).toBe(true);
    expect(await read('isMinter', [f.addr[ROLE.other]])).toBe(false);
    expect(await read('mintersLocked')).toBe(true);
    expect(await read('uri', [1n])).toBe(DEFAULT_METADATA_URI);
  });

  it('supports ERC-165, ERC-1155, ERC-1155 metadata and ERC-2981', async () => {
    for (const id of ['0x01ffc9a7', '0xd9b67a26', '0x0e89341c', '0x2a55205a']) {
      expect(await read('supportsInterface', [id])).toBe(true);
    }
    expect(await read('supportsInterface', ['0x80ac58cd'])).toBe(false); // not ERC-721
  });

  it('after deployment no one adds a minter or locks again; only the owner removes one, for good', async () => {
    const m = f.addr[ROLE.extra1]!;
    const owner = f.addr[ROLE.owner]!; // a test minter, added by the fixture before the lock
    await expectRevert(f.items(ROLE.other, 'addMinter', [m]), 'OwnableUnauthorizedAccount', [f.addr[ROLE.other]]);
    await expectRevert(f.items(ROLE.owner, 'addMinter', [m]), 'ItemsMintersLocked');
    await expectRevert(f.items(ROLE.other, 'lockMinters'), 'OwnableUnauthorizedAccount', [f.addr[ROLE.other]]);
    await expectRevert(f.items(ROLE.owner, 'lockMinters'), 'ItemsMintersLocked');
    expect(await read('isMinter', [m])).toBe(false);
    const snap = await f.snapshot();
    await expectRevert(f.items(ROLE.other, 'removeMinter', [owner]), 'OwnableUnauthorizedAccount');
    await f.items(ROLE.owner, 'removeMinter', [owner]);
    expect(await read('isMinter', [owner])).toBe(false);
    await expectRevert(f.items(ROLE.owner, 'removeMinter', [owner]), 'ItemsMinterUnchanged', [owner]);
    await expectRevert(f.items(ROLE.owner, 'addMinter', [owner]), 'ItemsMintersLocked');
    await f.revert(snap);
  });

  it('only a minter mints, only on the authority of the creator the id names; the first mint records edition and royalty', async () => {
    const to = f.addr[ROLE.seller]!;
    const author = f.addr[ROLE.author]!;
    const id = itemOf(author, 50n);
    await expectRevert(f.items(ROLE.other, 'mint', [to, id, 1n, author, 10n, 500n]), 'ItemsUnauthorizedMinter', [
      f.addr[ROLE.other],
    ]);
    await f.mintTo(to, id, 3n, 700n, 10n);
    expect(await f.itemBalance(to, id)).toBe(3n);
    expect(await read('creatorOf', [id])).toBe(author);
    expect(await read('royaltyInfo', [id, 10_000n])).toEqual([author, 700n]);
    expect(await read('editionOf', [id])).toEqual([10n, 700n, 3n]);
    // another creator, or a zero creator, cannot mint this id
    await expectRevert(f.items(ROLE.owner, 'mint', [to, id, 1n, f.addr[ROLE.other], 10n, 700n]), 'ItemsNotCreator', [
      id,
      f.addr[ROLE.other],
    ]);
    await expectRevert(f.items(ROLE.owner, 'mint', [to, 77n, 1n, zeroAddress, 10n, 0n]), 'ItemsNotCreator', [
      77n,
      zeroAddress,
    ]);
    // later mints must repeat the recorded terms and stay within the edition
    await expectRevert(f.items(ROLE.owner, 'mint', [to, id, 1n, author, 11n, 700n]), 'ItemsEditionMismatch', [
      11n,
      700n,
    ]);
    await expectRevert(f.items(ROLE.owner, 'mint', [to, id, 1n, author, 10n, 100n]), 'ItemsEditionMismatch', [
      10n,
      100n,
    ]);
    await f.items(ROLE.owner, 'mint', [to, id, 7n, author, 10n, 700n]);
    await expectRevert(f.items(ROLE.owner, 'mint', [to, id, 1n, author, 10n, 700n]), 'ItemsEditionExceeded', [
      10n,
      10n,
      1n,
    ]);
    expect(await read('editionOf', [id])).toEqual([10n, 700n, 10n]);
    // no royalty requested: none set
    const id2 = itemOf(author, 51n);
    await f.mintTo(to, id2, 1n, 0n);
    expect(await read('royaltyInfo', [id2, 10_000n])).toEqual([zeroAddress, 0n]);
  });

  it('an edition size of zero is refused; royalties are capped at 10% and cannot be changed', async () => {
    const id = itemOf(f.addr[ROLE.author]!, 52n);
    await expectRevert(f.mintTo(f.addr[ROLE.seller]!, id, 1n, 0n, 0n), 'ItemsEditionMismatch', [0n, 0n]);
    await expectRevert(f.mintTo(f.addr[ROLE.seller]!, id, 1n, 1001n), 'ItemsRoyaltyTooHigh', [1000n, 1001n]);
    expect(
      (itemsAbi as readonly { type: string; name?: string }[]).some(
        (x) => x.type === 'function' && x.name === 'setTokenRoyalty',
      ),
    ).toBe(false);
  });

  it('disables the single-item (ERC-721 style) mint', async () => {
    const hash = f.wallets[ROLE.owner]!.writeContract({
      address: f.d.items,
      abi: [
        {
          type: 'function',
          name: 'mint',
          stateMutability: 'pure',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'tokenId', type: 'uint256' },
          ],
          outputs: [],
        },
      ],
      functionName: 'mint',
      args: [f.addr[ROLE.seller]!, 1n],
      chain: f.chain,
      account: f.accounts[ROLE.owner]!,
    });
    await expectRevert(hash, 'ItemsERC721MintDisabled');
  });

  it('transfers need the holder or an approved operator', async () => {
    const [holder, op, to] = [f.addr[ROLE.seller]!, f.addr[ROLE.extra2]!, f.addr[ROLE.other]!];
    const id = itemOf(f.addr[ROLE.author]!, 60n);
    await f.mintTo(holder, id, 2n);
    await expectRevert(
      f.items(ROLE.extra2, 'safeTransferFrom', [holder, to, id, 1n, '0x']),
      'ERC1155MissingApprovalForAll',
      [op, holder],
    );
    await f.items(ROLE.seller, 'safeTransferFrom', [holder, to, id, 1n, '0x']);
    await f.items(ROLE.seller, 'setApprovalForAll', [op, true]);
    expect(await read('isApprovedForAll', [holder, op])).toBe(true);
    await f.items(ROLE.extra2, 'safeTransferFrom', [holder, to, id, 1n, '0x']);
    expect(await f.itemBalance(to, id)).toBe(2n);
  });

  it('only the owner sets the uri, transfers or renounces ownership', async () => {
    await expectRevert(f.items(ROLE.other, 'setURI', ['x']), 'OwnableUnauthorizedAccount');
    await f.items(ROLE.owner, 'setURI', ['https://cdn.example/{id}.json']);
    expect(await read('uri', [7n])).toBe('https://cdn.example/{id}.json');
    await expectRevert(f.items(ROLE.other, 'transferOwnership', [f.addr[ROLE.other]]), 'OwnableUnauthorizedAccount');
    await expectRevert(f.items(ROLE.other, 'renounceOwnership'), 'OwnableUnauthorizedAccount');
    await f.items(ROLE.owner, 'transferOwnership', [f.addr[ROLE.extra1]]);
    expect(await read('owner')).toBe(f.addr[ROLE.extra1]);
    await f.items(ROLE.extra1, 'renounceOwnership');
    expect(await read('owner')).toBe(zeroAddress);
    await expectRevert(f.items(ROLE.extra1, 'addMinter', [f.addr[ROLE.other]]), 'OwnableUnauthorizedAccount');
  });
});
