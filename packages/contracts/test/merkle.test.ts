// Criteria trees match OpenZeppelin's StandardMerkleTree for uint256 leaves (vectors computed with
// @openzeppelin/merkle-tree 1.x); the Market checks their proofs in test/market/collection-offer.test.ts.
import { describe, expect, it } from 'vitest';
import { criteriaLeaf, criteriaTree, verifyCriteriaProof } from '../src/merkle';

const IDS = [1n, 2n, 3n, 5n, 8n, 13n, 2n ** 255n + 7n];

describe('criteria trees', () => {
  it('give the root and proofs OpenZeppelin gives', () => {
    const t = criteriaTree(IDS);
    expect(t.root).toBe('0xe3d5f37b75d44dd7aea3f21ceec524f2839e71c34d8d4fd48bd51b9160ee9796');
    expect(t.proof(13n)).toEqual([
      '0x2584db4a68aa8b172f70bc04e2e74541617c003374de6eb4b295e823e5beab01',
      '0x356e323afe7dd9e4b5ce87e00eac3d02b34647d27ce55cc73d92d1d1db762060',
      '0x52402941e1ed8c6788d333ef2c7891720440e837a36ca2204b6d295c33190c03',
    ]);
    expect(t.proof(2n ** 255n + 7n)).toEqual([
      '0x161691c7185a37ff918e70bebef716ddd87844ac47f419ea23eaf4fe983fbf2c',
      '0x433cf595df3a0e7677bedc4f7515a360567763f5c4c0b19f7f61184f0596ecec',
    ]);
    const one = criteriaTree([42n]);
    expect(one.root).toBe('0x964765235251d0e2eacfbc25925d5539789c191c5cd588419591a110da2046c3');
    expect(one.root).toBe(criteriaLeaf(42n));
    expect(one.proof(42n)).toEqual([]);
  });

  it('every proof of every size verifies, and only for its own item; the order of the ids does not matter', () => {
    for (let n = 1; n <= 17; n++) {
      const ids = Array.from({ length: n }, (_, i) => BigInt(i * 7 + 1));
      const t = criteriaTree(ids);
      expect(criteriaTree([...ids].reverse()).root).toBe(t.root);
      for (const id of ids) {
        const proof = t.proof(id)!;
        expect(verifyCriteriaProof(t.root, id, proof)).toBe(true);
        expect(verifyCriteriaProof(t.root, id + 1n, proof)).toBe(false);
      }
      expect(t.proof(10_000n)).toBeUndefined();
    }
  });

  it('counts a repeated id once and refuses an empty list', () => {
    expect(criteriaTree([1n, 2n, 2n, 1n]).root).toBe(criteriaTree([2n, 1n]).root);
    expect(() => criteriaTree([])).toThrow();
  });
});
