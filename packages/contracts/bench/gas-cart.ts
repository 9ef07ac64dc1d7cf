/**
 * The gas bench's cart row: `buyNfts` with ten listings (minted pieces, ATT, fee + royalty, each a first fill)
 * against the same ten listings bought by ten `buyNft` transactions from the same state ("bare" column: the sum).
 */
import { marketAbi } from '../src/generated/contracts';
import { boughtHashes, cartEntry, cartOrders } from '../test/cart';
import { ROLE, type Fixture } from '../test/helpers';
import type { Row } from './gas-targets';

export const CART = 'buyNfts: a cart of 10 listings, ATT, fee + royalty (bare: 10 buyNft)';
export const CART_MAX_RATIO = 0.8;

export async function cartRow(f: Fixture): Promise<Row> {
  const before = await f.snapshot();
  const entries = [];
  for (let i = 0; i < 10; i++) entries.push(await cartEntry(f));
  const orders = await cartOrders(f, entries);
  const mid = await f.snapshot();
  const cart = await f.market(ROLE.buyer, 'buyNfts', [f.d.att, orders]);
  if (boughtHashes(cart).length !== 10) throw new Error('the cart did not fill all ten listings');
  await f.revert(mid);
  let singles = 0n;
  for (const o of orders) {
    const r = await f.send(ROLE.buyer, f.d.market, marketAbi, 'buyNft', [
      o.listing,
      o.sellerSignature,
      o.reservation,
      o.validatorSignature,
    ]);
    singles += r.gasUsed;
  }
  await f.revert(before);
  const gas = Number(cart.gasUsed);
  const bare = Number(singles);
  return { operation: CART, gas, bare, ratio: Math.round((gas / bare) * 1000) / 1000 };
}
