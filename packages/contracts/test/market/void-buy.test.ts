// voidBuy: the buyer voids their own validator-signed Buy before its expiry, so the order book can free its pieces
// at once without risking a second sale of them. Only the Buy's buyer can, only with the validator's signature over
// that very Buy; a voided Buy cannot be bought; a used id (voided or bought) reverts like every single-use id.
import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import type { BuyReservation } from '../../src/eip712';
import { GAS_LIMITS } from '../../src/gas';
import { marketAbi } from '../../src/generated/contracts';
import { voidBuyCall } from '../../src/market-client';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 10n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

/** The voidBuy arguments for a reservation, signed by the validator (or `key`). */
const voidArgs = async (r: BuyReservation, key?: `0x${string}`) =>
  [r.listingHash, r, await f.sign('Buy', r, key)] as const;

describe('voidBuy: the buyer voids their own Buy', () => {
  it('spends the id, emits BuyVoided, and the Buy then reverts in buyNft; the listing stays for others', async () => {
    const l = await f.listing({ amount: 3n });
    const r = await f.reservation(l, { amount: 2n });
    const rc = await f.sendCall(
      ROLE.buyer,
      voidBuyCall(f.d.market, {
        listingHash: r.listingHash,
        reservation: r,
        validatorSignature: await f.sign('Buy', r),
      }),
      { fixedGas: true },
    );
    const [ev] = parseEventLogs({ abi: marketAbi, logs: rc.logs, eventName: 'BuyVoided' });
    expect(ev!.args).toEqual({ id: r.id, listingHash: r.listingHash, buyer: f.addr[ROLE.buyer] });
    expect(await f.readMarket('isIdUsed', [1, r.id])).toBe(true);
    // A signature check, a bitmap write (a fresh word at worst) and an event: far below its limit.
    expect(rc.gasUsed).toBeLessThan(60_000n);
    expect(rc.gasUsed).toBeLessThan(GAS_LIMITS.voidBuy);

    await expectRevert(f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, r)), 'MarketIdAlreadyUsed', [1, r.id]);
    expect(await f.readMarket('filledOf', [r.listingHash])).toBe(0n);
    const other = await f.reservation(l, { buyer: f.addr[ROLE.other]!, amount: 3n });
    await f.market(ROLE.other, 'buyNft', await f.buyArgs(l, other));
    expect(await f.itemBalance(f.addr[ROLE.other]!, f.ITEM)).toBe(3n);
  });

  it('only the Buy’s buyer can void it: not another member, not the validator, not the owner', async () => {
    const l = await f.listing();
    const r = await f.reservation(l);
    const args = await voidArgs(r);
    for (const who of [ROLE.other, ROLE.validator, ROLE.owner, ROLE.seller]) {
      await expectRevert(f.market(who, 'voidBuy', args), 'MarketUnauthorizedCaller', [f.addr[who], r.buyer]);
    }
    // Naming oneself the buyer of another's Buy id breaks the validator's signature over it.
    const stolen = { ...r, buyer: f.addr[ROLE.other]! };
    await expectRevert(f.market(ROLE.other, 'voidBuy', [r.listingHash, stolen, args[2]]), 'MarketInvalidSignature');
    expect(await f.readMarket('isIdUsed', [1, r.id])).toBe(false);
    await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, r));
  });

  it('needs the validator’s signature over that very Buy, unexpired', async () => {
    const l = await f.listing();
    const forged = await f.reservation(l);
    await expectRevert(
      f.market(ROLE.buyer, 'voidBuy', await voidArgs(forged, ANVIL_KEYS[ROLE.buyer])),
      'MarketInvalidSignature',
    );
    const r = await f.reservation(l);
    const [, , sig] = await voidArgs(r);
    await expectRevert(
      f.market(ROLE.buyer, 'voidBuy', [r.listingHash, { ...r, amount: 2n }, sig]),
      'MarketInvalidSignature',
    );
    const short = await f.reservation(l, { expiry: (await f.now()) + 10n });
    const shortArgs = await voidArgs(short);
    await f.increaseTime(60);
    await expectRevert(f.market(ROLE.buyer, 'voidBuy', shortArgs), 'MarketSignatureExpired');
  });

  it('reverts on a used id: voided twice, or already bought (the indexer sees one event per Buy)', async () => {
    const l = await f.listing({ amount: 5n });
    const r = await f.reservation(l, { amount: 1n });
    const args = await voidArgs(r);
    await f.market(ROLE.buyer, 'voidBuy', args);
    await expectRevert(f.market(ROLE.buyer, 'voidBuy', args), 'MarketIdAlreadyUsed', [1, r.id]);

    const bought = await f.reservation(l, { amount: 1n });
    await f.market(ROLE.buyer, 'buyNft', await f.buyArgs(l, bought));
    await expectRevert(f.market(ROLE.buyer, 'voidBuy', await voidArgs(bought)), 'MarketIdAlreadyUsed', [1, bought.id]);
  });
});
