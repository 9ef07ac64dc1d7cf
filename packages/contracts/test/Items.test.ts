import { zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi } from '../src/generated/contracts';
import { DEFAULT_METADATA_URI } from '../src/deploy';
import { ROLE, expectRevert, setup, type Fixture } from './helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());
const read = <T>(fn: string, args: readonly unknown[] = []) => f.read<T>(f.d.items, itemsAbi, fn, args);

describe('Items (ERC-1155, token type 1)', () => {
  it('has the deployer as owner, the Market as minter and the metadata uri', async () => {
    expect(await read('owner')).toBe(f.addr[ROLE.owner]);
    expect(await read('isMinter', [f.d.market])).toBe(true);
    expect(await read('isMinter', [f.addr[ROLE.owner]])).toBe(false);
    expect(await read('uri', [1n])).toBe(DEFAULT_METADATA_URI);
  });

  it('supports ERC-165, ERC-1155, ERC-1155 metadata and ERC-2981', async () => {
    for (const id of ['0x01ffc9a7', '0xd9b67a26', '0x0e89341c', '0x2a55205a']) {
      expect(await read('supportsInterface', [id])).toBe(true);
    }
    expect(await read('supportsInterface', ['0x80ac58cd'])).toBe(false); // not ERC-721
  });

  it('only the owner adds and removes minters', async () => {
    const m = f.addr[ROLE.extra1]!;
    await expectRevert(f.items(ROLE.other, 'addMinter', [m]), 'OwnableUnauthorizedAccount', [f.addr[ROLE.other]]);
    await f.items(ROLE.owner, 'addMinter', [m]);
    expect(await read('isMinter', [m])).toBe(true);
    await expectRevert(f.items(ROLE.owner, 'addMinter', [m]), 'ItemsMinterUnchanged', [m]);
    await expectRevert(f.items(ROLE.other, 'removeMinter', [m]), 'OwnableUnauthorizedAccount');
    await f.items(ROLE.owner, 'removeMinter', [m]);
    expect(await read('isMinter', [m])).toBe(false);
    await expectRevert(f.items(ROLE.owner, 'removeMinter', [m]), 'ItemsMinterUnchanged', [m]);
  });

  it('only a minter mints; the first mint with a royalty sets the EIP-2981 royalty, later mints keep it', async () => {
    const to = f.addr[ROLE.seller]!;
    const author = f.addr[ROLE.author]!;
    await expectRevert(f.items(ROLE.other, 'mint', [to, 50n, 1n, author, 500n]), 'ItemsUnauthorizedMinter', [f.addr[ROLE.other]]);
    await f.mintTo(to, 50n, 3n, 700n);
    expect(await f.itemBalance(to, 50n)).toBe(3n);
    expect(await read('royaltyInfo', [50n, 10_000n])).toEqual([author, 700n]);
    await f.items(ROLE.owner, 'mint', [to, 50n, 1n, f.addr[ROLE.other], 100n]);
    expect(await read('royaltyInfo', [50n, 10_000n])).toEqual([author, 700n]);
    // no royalty requested: none set
    await f.items(ROLE.owner, 'mint', [to, 51n, 1n, author, 0n]);
    expect(await read('royaltyInfo', [51n, 10_000n])).toEqual([zeroAddress, 0n]);
  });

  it('caps royalties at 10%', async () => {
    await f.mintTo(f.addr[ROLE.seller]!, 52n, 1n, 0n);
    await expectRevert(f.items(ROLE.owner, 'mint', [f.addr[ROLE.seller], 53n, 1n, f.addr[ROLE.author], 1001n]), 'ItemsRoyaltyTooHigh', [1000n, 1001n]);
    await expectRevert(f.items(ROLE.owner, 'setTokenRoyalty', [52n, f.addr[ROLE.author], 1001n]), 'ItemsRoyaltyTooHigh', [1000n, 1001n]);
  });

  it('only a minter sets a token royalty', async () => {
    await expectRevert(f.items(ROLE.other, 'setTokenRoyalty', [52n, f.addr[ROLE.author], 100n]), 'ItemsUnauthorizedMinter');
    await f.mintTo(f.addr[ROLE.seller]!, 54n, 1n, 0n);
    await f.items(ROLE.owner, 'setTokenRoyalty', [54n, f.addr[ROLE.author], 250n]);
    expect(await read('royaltyInfo', [54n, 10_000n])).toEqual([f.addr[ROLE.author], 250n]);
  });

  it('disables the single-item (ERC-721 style) mint', async () => {
    const hash = f.wallets[ROLE.owner]!.writeContract({
      address: f.d.items,
      abi: [{ type: 'function', name: 'mint', stateMutability: 'pure', inputs: [{ name: 'to', type: 'address' }, { name: 'tokenId', type: 'uint256' }], outputs: [] }],
      functionName: 'mint',
      args: [f.addr[ROLE.seller]!, 1n],
      chain: f.chain,
      account: f.accounts[ROLE.owner]!,
    });
    await expectRevert(hash, 'ItemsERC721MintDisabled');
  });

  it('transfers need the holder or an approved operator', async () => {
    const [holder, op, to] = [f.addr[ROLE.seller]!, f.addr[ROLE.extra2]!, f.addr[ROLE.other]!];
    await f.mintTo(holder, 60n, 2n);
    await expectRevert(f.items(ROLE.extra2, 'safeTransferFrom', [holder, to, 60n, 1n, '0x']), 'ERC1155MissingApprovalForAll', [op, holder]);
    await f.items(ROLE.seller, 'safeTransferFrom', [holder, to, 60n, 1n, '0x']);
    await f.items(ROLE.seller, 'setApprovalForAll', [op, true]);
    expect(await read('isApprovedForAll', [holder, op])).toBe(true);
    await f.items(ROLE.extra2, 'safeTransferFrom', [holder, to, 60n, 1n, '0x']);
    expect(await f.itemBalance(to, 60n)).toBe(2n);
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
