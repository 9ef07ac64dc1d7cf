// buyNfts: a cart of listings in one transaction per coin.
import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketAbi } from '../../src/generated/contracts';
import { buyNftsCall } from '../../src/market-client';
import { boughtHashes, cartEntry, cartOrders } from '../cart';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

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

describe('buyNfts', () => {
  it('ATT: fills every listing, one NftBought each as buyNft, the fees in one payment, returns the bitmap', async () => {
    const entries = [await cartEntry(f), await cartEntry(f, { amount: 2n }), await cartEntry(f)];
    const orders = await cartOrders(f, entries);
    const fees = await f.attBalance(f.addr[ROLE.feeReceiver]!);
    const buyer = await f.attBalance(f.addr[ROLE.buyer]!);
    const { result } = await f.pub.simulateContract({
      address: f.d.market,
      abi: marketAbi,
      functionName: 'buyNfts',
      args: [f.d.att, orders],
      account: f.accounts[ROLE.buyer]!,
    });
    expect(result).toBe(0b111n);
    const r = await f.market(ROLE.buyer, 'buyNfts', [f.d.att, orders]);
    expect(boughtHashes(r)).toEqual(entries.map((e) => f.listingHash(e.listing)));
    const bought = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'NftBought' });
    expect(bought.map((e) => [e.args.id, e.args.amount, e.args.price])).toEqual(
      entries.map((e) => [e.reservation.id, e.reservation.amount, e.reservation.amount * parseEther('10')]),
    );
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, f.ITEM)).toBe(4n);
    expect(await f.attBalance(f.addr[ROLE.buyer]!)).toBe(buyer - parseEther('40'));
    expect(await f.attBalance(f.addr[ROLE.feeReceiver]!)).toBe(fees + parseEther('1'));
    const feeTransfers = r.logs.filter(
      (l) =>
        l.address.toLowerCase() === f.d.att.toLowerCase() &&
        l.topics[2]?.endsWith(f.addr[ROLE.feeReceiver]!.slice(2).toLowerCase()),
    );
    expect(feeTransfers).toHaveLength(1);
    for (const e of entries) expect(await f.readMarket('filledOf', [f.listingHash(e.listing)])).toBe(e.listing.amount);
  });

  it('skips a listing in another coin, for another buyer, with a used id or beyond the KLAY sent', async () => {
    const ok = await cartEntry(f, { token: KLAY });
    const att = await cartEntry(f);
    const other = await cartEntry(f, { token: KLAY }, { buyer: f.addr[ROLE.other]! });
    const used = await cartEntry(f, { token: KLAY }, { id: ok.reservation.id });
    const tooMuch = await cartEntry(f, { token: KLAY });
    const orders = await cartOrders(f, [ok, att, other, used, tooMuch]);
    const r = await f.market(ROLE.buyer, 'buyNfts', [KLAY, orders], parseEther('15'));
    expect(boughtHashes(r)).toEqual([f.listingHash(ok.listing)]);
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });

  it('refuses an empty or oversized cart, a disallowed coin, and KLAY sent with a token cart', async () => {
    await expectRevert(f.market(ROLE.buyer, 'buyNfts', [f.d.att, []]), 'MarketInvalidAmount');
    const orders = await cartOrders(f, [await cartEntry(f)]);
    const max = await f.readMarket<bigint>('MAX_CART');
    await expectRevert(
      f.market(ROLE.buyer, 'buyNfts', [f.d.att, Array(Number(max) + 1).fill(orders[0])]),
      'MarketInvalidAmount',
    );
    await expectRevert(f.market(ROLE.buyer, 'buyNfts', [f.d.att, orders], 1n), 'MarketIncorrectPayment', [0n, 1n]);
    await f.market(ROLE.owner, 'setAllowedToken', [f.d.att, false]);
    await expectRevert(f.market(ROLE.buyer, 'buyNfts', [f.d.att, orders]), 'MarketTokenNotAllowed', [f.d.att]);
  });

  it('a lazy listing in a cart mints on the creator’s authority, as buyNft', async () => {
    const author = f.addr[ROLE.author]!;
    const lazyId = (BigInt(author) << 96n) | 42n;
    const e = await cartEntry(f, { seller: author, itemId: lazyId, editionSize: 5n, royaltyBps: 500n, amount: 2n });
    const r = await f.market(ROLE.buyer, 'buyNfts', [f.d.att, await cartOrders(f, [e])]);
    expect(boughtHashes(r)).toHaveLength(1);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, lazyId)).toBe(2n);
  });

  it('the client’s call fits its gas limit: five first lazy mints (editions recorded), sent with buyNftsGasLimit', async () => {
    const author = f.addr[ROLE.author]!;
    const entries = [];
    for (let n = 50n; n < 55n; n++)
      entries.push(
        await cartEntry(f, { seller: author, itemId: (BigInt(author) << 96n) | n, editionSize: 5n, royaltyBps: 500n }),
      );
    const call = buyNftsCall(f.d.market, f.d.att, await cartOrders(f, entries));
    const r = await f.sendCall(ROLE.buyer, call, { fixedGas: true });
    expect(boughtHashes(r)).toHaveLength(5);
    expect(r.gasUsed).toBeLessThan(call.gas);
  });
});
