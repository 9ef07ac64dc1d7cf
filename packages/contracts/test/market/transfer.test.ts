import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { TransferParams } from '../../src/eip712';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { ROLE, expectRevert, itemOf, setup, zeroAddress, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 3n);
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
  it('moves owned pieces to the receiver', async () => {
    const [from, to] = [f.addr[ROLE.seller]!, f.addr[ROLE.other]!];
    const { t, r } = await transfer({ to, amount: 3n });
    expect(await f.itemBalance(to, f.ITEM)).toBe(3n);
    expect(await f.itemBalance(from, f.ITEM)).toBe(0n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'TransferredWithMint' });
    expect(ev!.args).toEqual({ id: t.id, from, to, collection: f.d.items, itemId: f.ITEM, amount: 3n, mintAmount: 0n });
    expect(await f.readMarket('isIdUsed', [5, t.id])).toBe(true);
  });

  it('the creator moves owned pieces and mints the rest (their own transaction); a lazy transfer needs no approval', async () => {
    const author = f.addr[ROLE.author]!;
    const id = itemOf(author, 30n);
    await f.items(ROLE.author, 'setApprovalForAll', [f.d.market, false]);
    await transfer(
      { itemId: id, from: author, amount: 2n, mintAmount: 2n, editionSize: 3n, royaltyBps: 100n },
      ROLE.author,
    );
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, id)).toBe(2n);
    expect(await f.read(f.d.items, itemsAbi, 'editionOf', [id])).toEqual([3n, 100n, 2n]);
    await f.items(ROLE.author, 'setApprovalForAll', [f.d.market, true]);
    await transfer(
      { itemId: id, from: author, to: author, amount: 1n, mintAmount: 1n, editionSize: 3n, royaltyBps: 100n },
      ROLE.author,
    );
    await expectRevert(
      transfer(
        { itemId: id, from: author, amount: 2n, mintAmount: 1n, editionSize: 3n, royaltyBps: 100n },
        ROLE.author,
      ),
      'ItemsEditionExceeded',
      [3n, 3n, 1n],
    );
  });

  it("nobody but the creator mints: a holder's transfer with a mint is refused", async () => {
    await expectRevert(
      transfer({ amount: 2n, mintAmount: 1n, editionSize: 1000n, royaltyBps: 500n }),
      'ItemsNotCreator',
      [f.ITEM, f.addr[ROLE.seller]],
    );
  });

  it('checks caller, signature, expiry, id, collection, receiver and amounts', async () => {
    const t = await f.transferParams();
    const sig = await f.sign('Transfer', t);
    await expectRevert(f.market(ROLE.other, 'transferWithMint', [t, sig]), 'MarketUnauthorizedCaller', [
      f.addr[ROLE.other],
      t.from,
    ]);
    await expectRevert(
      f.market(ROLE.seller, 'transferWithMint', [{ ...t, to: f.addr[ROLE.other] }, sig]),
      'MarketInvalidSignature',
    );
    await expectRevert(
      f.market(ROLE.seller, 'transferWithMint', [t, await f.sign('Transfer', t, ANVIL_KEYS[ROLE.seller])]),
      'MarketInvalidSignature',
    );
    await expectRevert(transfer({ expiry: (await f.now()) - 1n }), 'MarketSignatureExpired');
    await expectRevert(transfer({ collection: f.d.att }), 'MarketContractNotAllowed', [f.d.att]);
    await expectRevert(transfer({ to: zeroAddress }), 'MarketInvalidParty', [zeroAddress]);
    await expectRevert(transfer({ to: f.d.market }), 'MarketInvalidParty', [f.d.market]);
    await expectRevert(transfer({ amount: 0n }), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(transfer({ amount: 1n, mintAmount: 3n }), 'MarketInvalidAmount', [1n, 3n]);
    await f.market(ROLE.seller, 'transferWithMint', [t, sig]);
    await expectRevert(f.market(ROLE.seller, 'transferWithMint', [t, sig]), 'MarketIdAlreadyUsed', [5, t.id]);
  });
});
