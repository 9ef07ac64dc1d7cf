// Finding: an offer with criteria (a Merkle root of item ids) takes only those items. An item outside the root,
// a proof of another item, a proof of another root, a missing proof, or an inner node passed off as an item id
// (the leaf is hashed twice, so no inner node is ever a leaf) are all refused.
import { encodeAbiParameters, keccak256, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criteriaTree } from '../../src/merkle';
import { collectionOffers } from '../collection-offers';
import { ROLE, expectRevert, itemOf, setup, type Fixture } from '../helpers';

let f: Fixture;
let co: ReturnType<typeof collectionOffers>;
let author: Address;
let OUTSIDE: bigint;
beforeAll(async () => {
  f = await setup();
  co = collectionOffers(f);
  author = f.addr[ROLE.author]!;
  OUTSIDE = itemOf(author, 99n);
  await f.approveAll();
  await f.mintTo(f.addr[ROLE.seller]!, f.ITEM, 5n);
  await f.mintTo(f.addr[ROLE.seller]!, OUTSIDE, 5n);
});
afterAll(() => f.stop());

describe('a criteria root takes only its own items', () => {
  it('refuses an item outside it, whatever proof comes with it, and takes an item inside it', async () => {
    const tree = criteriaTree([f.ITEM, itemOf(author, 3n), itemOf(author, 4n)]);
    const elsewhere = criteriaTree([OUTSIDE, itemOf(author, 5n)]);
    const { p } = await co.make({ amount: 2n, criteria: tree.root });
    const refused = (itemId: bigint, proof: `0x${string}`[]) =>
      expectRevert(co.accept(p.id, { itemId }, { proof }), 'MarketItemNotInCriteria', [p.id, itemId]);
    await refused(OUTSIDE, []);
    await refused(OUTSIDE, tree.proof(f.ITEM)!);
    await refused(OUTSIDE, elsewhere.proof(OUTSIDE)!);
    await refused(f.ITEM, []);
    await refused(f.ITEM, elsewhere.proof(OUTSIDE)!);
    await refused(f.ITEM, tree.proof(itemOf(author, 3n))!);
    expect((await co.view(p.id)).remaining).toBe(2n);
    await co.accept(p.id, {}, { proof: tree.proof(f.ITEM) });
    expect((await co.view(p.id)).remaining).toBe(1n);
  });

  it('an inner node of the tree is not an item id of it (second preimage)', async () => {
    const ids = [f.ITEM, itemOf(author, 3n), itemOf(author, 4n), itemOf(author, 6n)];
    const tree = criteriaTree(ids);
    // With four leaves the root is hash(n1, n2); n1 is the last node of any leaf's proof.
    const proof = tree.proof(f.ITEM)!;
    const inner = BigInt(proof[proof.length - 1]!);
    const { p } = await co.make({ criteria: tree.root });
    await expectRevert(co.accept(p.id, { itemId: inner }, { proof: [] }), 'MarketItemNotInCriteria', [p.id, inner]);
    // The single hash of the id is not a leaf either: only keccak256(keccak256(abi.encode(id))) is.
    const once = keccak256(encodeAbiParameters([{ type: 'uint256' }], [f.ITEM]));
    expect(tree.root).not.toBe(once);
  });
});
