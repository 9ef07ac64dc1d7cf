import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { TransferParams } from '../../src/eip712';
import { marketAbi } from '../../src/generated/contracts';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, 1n, 3n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const transfer = async (o: Partial<TransferParams> = {}, who: number = ROLE.seller) => {
  const t = await f.transferParams(o);
  return { t, r: await f.market(who, 'transferWithMint', [t, await f.sign('Transfer', t)]) };
};

describe('transferWithMint', () => {
  it('moves owned pieces and mints the rest to the receiver', async () => {
    const [from, to] = [f.addr[ROLE.seller]!, f.addr[ROLE.other]!];
    const { t, r } = await transfer({ to, amount: 5n, mintAmount: 2n });
    expect(await f.itemBalance(to, 1n)).toBe(5n);
    expect(await f.itemBalance(from, 1n)).toBe(0n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'TransferredWithMint' });
    expect(ev!.args).toEqual({ id: t.id, from, to, collection: f.d.items, itemId: 1n, amount: 5n, mintAmount: 2n });
    expect(await f.readMarket('isIdUsed', [5, t.id])).toBe(true);
  });

  it('a pure lazy transfer needs no Items approval', async () => {
    await f.items(ROLE.author, 'setApprovalForAll', [f.d.market, false]);
    await transfer({ itemId: 30n, from: f.addr[ROLE.author]!, amount: 2n, mintAmount: 2n }, ROLE.author);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, 30n)).toBe(2n);
  });

  it('checks caller, signature, expiry, id, collection, amounts and royalty', async () => {
    const t = await f.transferParams();
    const sig = await f.sign('Transfer', t);
    await expectRevert(f.market(ROLE.other, 'transferWithMint', [t, sig]), 'MarketUnauthorizedCaller', [f.addr[ROLE.other], t.from]);
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [{ ...t, to: f.addr[ROLE.other] }, sig]), 'MarketInvalidSignature');
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t, ANVIL_KEYS[ROLE.seller])]), 'MarketInvalidSignature');
    await expectRevert(transfer({ expiry: (await f.now()) - 1n }), 'MarketSignatureExpired');
    await expectRevert(transfer({ collection: f.d.att }), 'MarketContractNotAllowed', [f.d.att]);
    await expectRevert(transfer({ amount: 0n }), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(transfer({ amount: 1n, mintAmount: 3n }), 'MarketInvalidAmount', [1n, 3n]);
    await expectRevert(transfer({ authorFee: 1001n }), 'MarketRoyaltyTooHigh', [1000n, 1001n]);
    await f.market(ROLE.seller, 'transferWithMint', [t, sig]);
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [t, sig]), 'MarketIdAlreadyUsed', [5, t.id]);
  });
});
