import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attAbi } from '../src/generated/contracts';
import { ROLE, expectRevert, parseEther, setup, type Fixture } from './helpers';

let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(() => f.stop());

describe('Att (ERC-20)', () => {
  it('is ATT with 18 decimals and a fixed supply held by the deployer and the demo holders', async () => {
    expect(await f.read(f.d.att, attAbi, 'name')).toBe('ATT');
    expect(await f.read(f.d.att, attAbi, 'symbol')).toBe('ATT');
    expect(await f.read(f.d.att, attAbi, 'decimals')).toBe(18);
    expect(await f.read(f.d.att, attAbi, 'totalSupply')).toBe(parseEther('1000000000'));
    expect(await f.attBalance(f.addr[ROLE.buyer]!)).toBe(parseEther('1000000'));
  });

  it('transfers, approves and transfers from an allowance', async () => {
    const [a, b, c] = [f.addr[ROLE.buyer]!, f.addr[ROLE.other]!, f.addr[ROLE.extra1]!];
    const before = await f.attBalance(b);
    await f.att(ROLE.buyer, 'transfer', [b, 5n]);
    expect(await f.attBalance(b)).toBe(before + 5n);
    await f.att(ROLE.buyer, 'approve', [c, 7n]);
    expect(await f.read(f.d.att, attAbi, 'allowance', [a, c])).toBe(7n);
    await f.att(ROLE.extra1, 'transferFrom', [a, b, 7n]);
    expect(await f.read(f.d.att, attAbi, 'allowance', [a, c])).toBe(0n);
  });

  it('reverts with the OpenZeppelin errors on insufficient balance or allowance', async () => {
    await expectRevert(
      f.att(ROLE.extra1, 'transferFrom', [f.addr[ROLE.buyer], f.addr[ROLE.other], 1n]),
      'ERC20InsufficientAllowance',
    );
    await expectRevert(f.att(ROLE.validator, 'transfer', [f.addr[ROLE.other], 1n]), 'ERC20InsufficientBalance');
  });
});
