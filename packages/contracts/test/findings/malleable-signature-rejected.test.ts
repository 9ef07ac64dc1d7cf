// Finding: the (r, n - s, v ^ 1) twin of a valid signature recovers the same signer; it must be rejected.
import { concat, toHex, type Hex } from 'viem';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
let f: Fixture;
beforeAll(async () => {
  f = await setup();
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 2n);
});
afterAll(() => f.stop());

function twin(sig: Hex): Hex {
  const r = `0x${sig.slice(2, 66)}` as Hex;
  const s = BigInt(`0x${sig.slice(66, 130)}`);
  const v = parseInt(sig.slice(130, 132), 16);
  return concat([r, toHex(N - s, { size: 32 }), toHex(v === 27 ? 28 : 27, { size: 1 })]);
}

describe('malleable signatures', () => {
  it("the high-s twin of the validator's or the seller's signature is rejected, before and after the original is used", async () => {
    const l = await f.listing({ amount: 2n });
    const [, ls, r, vs] = await f.buyArgs(l, await f.reservation(l, { amount: 1n }));
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, ls, r, twin(vs)]), 'MarketInvalidSignature');
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, twin(ls), r, vs]), 'MarketInvalidSellerSignature');
    await f.market(ROLE.buyer, 'buyNft', [l, ls, r, vs]);
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, ls, r, twin(vs)]), 'MarketInvalidSignature');
    const [, , r2, vs2] = await f.buyArgs(l, await f.reservation(l, { amount: 1n }));
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, twin(ls), r2, vs2]), 'MarketInvalidSellerSignature');
  });

  it('a signature with a v other than 27/28 or a 64-byte compact form is rejected', async () => {
    const l = await f.listing();
    const [, ls, r, vs] = await f.buyArgs(l, await f.reservation(l));
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, ls, r, `${vs.slice(0, 130)}00` as Hex]),
      'MarketInvalidSignature',
    );
    await expectRevert(f.market(ROLE.buyer, 'buyNft', [l, ls, r, vs.slice(0, 130) as Hex]), 'MarketInvalidSignature');
    await expectRevert(
      f.market(ROLE.buyer, 'buyNft', [l, `${ls.slice(0, 130)}00` as Hex, r, vs]),
      'MarketInvalidSellerSignature',
    );
  });
});
