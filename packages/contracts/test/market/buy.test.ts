import { parseEventLogs } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '../../src/accounts';
import { itemsAbi, marketAbi } from '../../src/generated/contracts';
import { KLAY, ROLE, expectRevert, parseEther, setup, type Fixture } from '../helpers';

let f: Fixture;
let snap: `0x${string}`;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, 1n, 10n);
});
afterAll(() => f.stop());
beforeEach(async () => {
  snap = await f.snapshot();
});
afterEach(async () => {
  await f.revert(snap);
});

const buy = async (o: Parameters<Fixture['buyParams']>[0] = {}, value?: bigint, who: number = ROLE.buyer) => {
  const p = await f.buyParams(o);
  return f.market(who, 'buyNft', [p, await f.sign('Buy', p)], value);
};

describe('buyNft', () => {
  it('pays seller, fee receiver and author exactly from the buyer in ATT and moves the pieces', async () => {
    const [seller, buyer, fee, author] = [f.addr[ROLE.seller]!, f.addr[ROLE.buyer]!, f.addr[ROLE.feeReceiver]!, f.addr[ROLE.author]!];
    const b = await Promise.all([seller, buyer, fee, author].map(f.attBalance));
    const p = await f.buyParams({ amount: 3n, pricePerOne: parseEther('1.234567') });
    const r = await f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]);
    const price = 3n * parseEther('1.234567');
    const feeAmt = (price * 250n) / 10_000n;
    const roy = (price * 500n) / 10_000n;
    const a = await Promise.all([seller, buyer, fee, author].map(f.attBalance));
    expect(a[0]! - b[0]!).toBe(price - feeAmt - roy);
    expect(b[1]! - a[1]!).toBe(price);
    expect(a[2]! - b[2]!).toBe(feeAmt);
    expect(a[3]! - b[3]!).toBe(roy);
    expect(await f.itemBalance(buyer, 1n)).toBe(3n);
    expect(await f.itemBalance(seller, 1n)).toBe(7n);
    expect(await f.attBalance(f.d.market)).toBe(0n);
    const [ev] = parseEventLogs({ abi: marketAbi, logs: r.logs, eventName: 'NftBought' });
    expect(ev!.args).toEqual({ id: p.id, buyer, seller, collection: f.d.items, itemId: 1n, amount: 3n, token: f.d.att, price, fee: feeAmt, royalty: roy });
    expect(await f.readMarket('isIdUsed', [1, p.id])).toBe(true);
  });

  it('pays in KLAY with msg.value exactly', async () => {
    const [seller, fee, author] = [f.addr[ROLE.seller]!, f.addr[ROLE.feeReceiver]!, f.addr[ROLE.author]!];
    const b = await Promise.all([seller, fee, author].map(f.klayBalance));
    await buy({ token: KLAY, pricePerOne: parseEther('2') }, parseEther('2'));
    const a = await Promise.all([seller, fee, author].map(f.klayBalance));
    expect(a[0]! - b[0]!).toBe(parseEther('2') - parseEther('0.05') - parseEther('0.1'));
    expect(a[1]! - b[1]!).toBe(parseEther('0.05'));
    expect(a[2]! - b[2]!).toBe(parseEther('0.1'));
    expect(await f.klayBalance(f.d.market)).toBe(0n);
  });

  it('mints lazily: mintAmount pieces minted to the buyer with the author royalty, the rest transferred', async () => {
    const author = f.addr[ROLE.author]!;
    await f.mintTo(author, 9n, 1n, 0n);
    const p = await f.buyParams({ itemId: 9n, seller: author, amount: 3n, mintAmount: 2n, authorFee: 800n });
    const r = await f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]);
    expect(await f.itemBalance(f.addr[ROLE.buyer]!, 9n)).toBe(3n);
    expect(await f.itemBalance(author, 9n)).toBe(0n);
    const transfers = parseEventLogs({ abi: itemsAbi, logs: r.logs, eventName: 'TransferSingle' });
    expect(transfers.map((t) => [t.args.from, t.args.value])).toEqual([
      [author, 1n],
      ['0x0000000000000000000000000000000000000000', 2n],
    ]);
    // the royalty was set at this first royalty-bearing mint (the owner's earlier mint had none)
    expect(await f.read(f.d.items, itemsAbi, 'royaltyInfo', [9n, 10_000n])).toEqual([author, 800n]);
  });

  it('skips zero fee and zero royalty transfers', async () => {
    await f.market(ROLE.owner, 'setMarketFee', [0n]);
    const fee = await f.attBalance(f.addr[ROLE.feeReceiver]!);
    const r = await buy({ authorFee: 0n });
    expect(await f.attBalance(f.addr[ROLE.feeReceiver]!)).toBe(fee);
    expect(r.logs.filter((l) => l.address.toLowerCase() === f.d.att.toLowerCase())).toHaveLength(1);
  });

  it('MarketUnauthorizedCaller: only the signed buyer may buy', async () => {
    const p = await f.buyParams();
    await expectRevert(f.market(ROLE.other, 'buyNft', [p, await f.sign('Buy', p)]), 'MarketUnauthorizedCaller', [f.addr[ROLE.other], p.buyer]);
  });

  it('MarketInvalidSignature: wrong signer, tampered parameter, bad length', async () => {
    const p = await f.buyParams();
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p, ANVIL_KEYS[ROLE.other])]), 'MarketInvalidSignature');
    const sig = await f.sign('Buy', p);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [{ ...p, pricePerOne: p.pricePerOne - 1n }, sig]), 'MarketInvalidSignature');
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [p, sig.slice(0, 130)]), 'MarketInvalidSignature');
  });

  it('MarketSignatureExpired after the expiry', async () => {
    const p = await f.buyParams({ expiry: (await f.now()) - 1n });
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]), 'MarketSignatureExpired');
  });

  it('MarketIdAlreadyUsed: a buy id is single-use', async () => {
    const p = await f.buyParams();
    const sig = await f.sign('Buy', p);
    await f.market(ROLE.buyer, 'buyNft', [p, sig]);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [p, sig]), 'MarketIdAlreadyUsed', [1, p.id]);
  });

  it('MarketContractNotAllowed for a collection not on the list', async () => {
    await f.market(ROLE.owner, 'setAllowedContract', [f.d.items, false]);
    const p = await f.buyParams();
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [p, await f.sign('Buy', p)]), 'MarketContractNotAllowed', [f.d.items]);
  });

  it('MarketInvalidAmount for zero pieces or mintAmount above amount', async () => {
    await expectRevert(buy({ amount: 0n }), 'MarketInvalidAmount', [0n, 0n]);
    await expectRevert(buy({ amount: 1n, mintAmount: 2n }), 'MarketInvalidAmount', [1n, 2n]);
  });

  it('MarketRoyaltyTooHigh above 10%', async () => {
    await expectRevert(buy({ authorFee: 1001n }), 'MarketRoyaltyTooHigh', [1000n, 1001n]);
  });

  it('MarketPriceTooLow below the fixed-price minimum of 1', async () => {
    await expectRevert(buy({ pricePerOne: parseEther('1') - 1n }), 'MarketPriceTooLow', [parseEther('1'), parseEther('1') - 1n]);
  });

  it('MarketIncorrectPayment: KLAY value must match, ATT buys carry no value', async () => {
    await expectRevert(buy({ token: KLAY }, parseEther('9')), 'MarketIncorrectPayment', [parseEther('10'), parseEther('9')]);
    await expectRevert(buy({ token: KLAY }, parseEther('11')), 'MarketIncorrectPayment');
    await expectRevert(buy({}, 1n), 'MarketIncorrectPayment', [0n, 1n]);
  });

  it('needs the seller to have approved the Market on Items (ERC1155MissingApprovalForAll)', async () => {
    await f.items(ROLE.seller, 'setApprovalForAll', [f.d.market, false]);
    await expectRevert(buy(), 'ERC1155MissingApprovalForAll');
  });

  it('fails when the seller no longer holds the pieces (ERC1155InsufficientBalance)', async () => {
    await expectRevert(buy({ amount: 11n }), 'ERC1155InsufficientBalance');
  });

  it('needs the buyer ATT allowance (ERC20InsufficientAllowance)', async () => {
    await f.att(ROLE.buyer, 'approve', [f.d.market, 0n]);
    await expectRevert(buy(), 'ERC20InsufficientAllowance');
  });
});
