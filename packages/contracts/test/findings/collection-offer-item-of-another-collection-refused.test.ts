// Finding: a collection offer names one collection; a holder of an item of another collection (even an allowed
// one, even under the same item id) cannot fill it. The accept names no collection: the piece is always taken
// from the offer's own collection, so a piece held elsewhere is simply not there to take.
import type { Abi, Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAbi, itemsBytecode } from '../../src/generated/contracts';
import { collectionOffers } from '../collection-offers';
import { ROLE, expectRevert, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let otherItems: Address;
let seller: Address;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  seller = f.addr[ROLE.seller]!;
  await f.approveAll();
  // A second allowed ERC-1155 collection; the seller holds ITEM there, and nothing in Items.
  otherItems = await f.deploy(itemsAbi as Abi, itemsBytecode, [f.addr[ROLE.owner]!, 'ipfs://{id}']);
  await f.send(ROLE.owner, otherItems, itemsAbi as Abi, 'addMinter', [f.addr[ROLE.owner]!]);
  const creator = f.addr[ROLE.author]!;
  await f.send(ROLE.owner, otherItems, itemsAbi as Abi, 'mint', [seller, f.ITEM, 3n, creator, 10n, 0n]);
  for (const who of [ROLE.seller, ROLE.other])
    await f.send(who, otherItems, itemsAbi as Abi, 'setApprovalForAll', [f.d.market, true]);
  await f.market(ROLE.owner, 'setAllowedContract', [otherItems, true]);
});
afterAll(() => f.stop());

describe('a collection offer takes only pieces of its own collection', () => {
  it('a piece of another collection under the same id does not fill an offer on Items', async () => {
    const { p } = await co.make({ amount: 2n });
    await expectRevert(co.accept(p.id), 'ERC1155InsufficientBalance');
    expect((await co.view(p.id)).remaining).toBe(2n);
    expect(await f.read(otherItems, itemsAbi as Abi, 'balanceOf', [seller, f.ITEM])).toBe(3n);
    expect(await f.attBalance(f.d.market)).toBe(2n * p.pricePerOne);
  });

  it('the same piece fills an offer on its own collection, and an Items piece cannot fill that one', async () => {
    const { p } = await co.make({ collection: otherItems, amount: 2n });
    await co.accept(p.id);
    expect(await f.read(otherItems, itemsAbi as Abi, 'balanceOf', [f.addr[ROLE.buyer]!, f.ITEM])).toBe(1n);
    await f.mintTo(f.addr[ROLE.other]!, f.ITEM, 1n);
    await expectRevert(co.accept(p.id, { seller: f.addr[ROLE.other]! }), 'ERC1155InsufficientBalance');
    expect((await co.view(p.id)).remaining).toBe(1n);
  });
});
