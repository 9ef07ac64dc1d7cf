/**
 * Criteria roots of collection offers: a Merkle tree of item ids, built exactly as OpenZeppelin's
 * `StandardMerkleTree.of(ids.map((id) => [id]), ['uint256'])` builds it (leaf `keccak256(keccak256(abi.encode(id)))`,
 * leaves sorted by hash, pairs hashed sorted, the tree stored as a complete binary tree in an array), so a root
 * built here, by the server or by OpenZeppelin's library is the same, and the Market checks its proofs with
 * OpenZeppelin's `MerkleProof`. Browser-safe (viem only).
 */
import { concat, encodeAbiParameters, keccak256, type Hex } from 'viem';

/** The leaf of one item id: `keccak256(bytes.concat(keccak256(abi.encode(itemId))))`. */
export function criteriaLeaf(itemId: bigint): Hex {
  return keccak256(keccak256(encodeAbiParameters([{ type: 'uint256' }], [itemId])));
}

const hashPair = (a: Hex, b: Hex): Hex => keccak256(BigInt(a) < BigInt(b) ? concat([a, b]) : concat([b, a]));

/** A criteria tree: its `root` (the offer's `criteria`) and each item's `proof` (for `acceptCollectionOffer`). */
export interface CriteriaTree {
  root: Hex;
  /** The proof of `itemId`; undefined when the item is not in the tree. */
  proof(itemId: bigint): Hex[] | undefined;
}

/** The tree of a set of item ids (duplicates count once); at least one id. */
export function criteriaTree(itemIds: readonly bigint[]): CriteriaTree {
  const unique = [...new Set(itemIds.map((id) => BigInt(id)))];
  if (unique.length === 0) throw new Error('a criteria tree needs at least one item id');
  const leaves = unique.map((id) => ({ id, leaf: criteriaLeaf(id) }));
  leaves.sort((a, b) => (BigInt(a.leaf) < BigInt(b.leaf) ? -1 : BigInt(a.leaf) > BigInt(b.leaf) ? 1 : 0));
  const tree: Hex[] = new Array<Hex>(2 * leaves.length - 1);
  const index = new Map<bigint, number>();
  leaves.forEach(({ id, leaf }, i) => {
    tree[tree.length - 1 - i] = leaf;
    index.set(id, tree.length - 1 - i);
  });
  for (let i = tree.length - 1 - leaves.length; i >= 0; i--) tree[i] = hashPair(tree[2 * i + 1]!, tree[2 * i + 2]!);
  return {
    root: tree[0]!,
    proof(itemId) {
      let i = index.get(BigInt(itemId));
      if (i === undefined) return undefined;
      const proof: Hex[] = [];
      while (i > 0) {
        proof.push(tree[i % 2 === 1 ? i + 1 : i - 1]!);
        i = Math.floor((i - 1) / 2);
      }
      return proof;
    },
  };
}

/** Whether `proof` leads from `itemId`'s leaf to `root` (what the Market checks, for the server and the web). */
export function verifyCriteriaProof(root: Hex, itemId: bigint, proof: readonly Hex[]): boolean {
  let h = criteriaLeaf(itemId);
  for (const p of proof) h = hashPair(h, p);
  return h.toLowerCase() === root.toLowerCase();
}
