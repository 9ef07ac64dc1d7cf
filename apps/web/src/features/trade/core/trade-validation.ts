/**
 * The buy and transfer popups' input rules (spec 3 section 5 "Buy (fixed price)"; spec 2 transfer rules), pure.
 * Each returns the first problem as a `trade:` catalogue key, or null.
 */
import { ItemType } from '@att/shared';

/** Quantity: digits only; multi-edition above 0 and at most what can be had; single items are always 1. */
export function parseQuantity(input: string, itemType: number): number {
  if (itemType === ItemType.Single) return 1;
  const digits = input.replace(/[^0-9]/g, '');
  return digits ? Math.min(Number(digits), Number.MAX_SAFE_INTEGER) : 0;
}

export type BuyProblem = 'buy.quantityRequired' | 'buy.quantityTooMany' | 'buy.agreeRequired' | 'buy.noCoin';

export function checkBuy(o: {
  quantity: number;
  available: number;
  agreed: boolean;
  balance?: bigint;
  total: bigint;
}): BuyProblem | null {
  if (!(o.quantity > 0)) return 'buy.quantityRequired';
  if (o.quantity > o.available) return 'buy.quantityTooMany';
  if (o.balance !== undefined && o.balance < o.total) return 'buy.noCoin';
  if (!o.agreed) return 'buy.agreeRequired';
  return null;
}

/** Total of `quantity` pieces at `unitWei` (exact integer wei). */
export function totalWei(unitWei: string, quantity: number): bigint {
  try {
    return BigInt(unitWei) * BigInt(Math.max(0, Math.floor(quantity)));
  } catch {
    return 0n;
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type TransferProblem =
  'transfer.quantityRequired' | 'transfer.quantityTooMany' | 'transfer.invalidAddress' | 'errors.sendToSelf';

/** The address must look like one (the wallet side also checks a mixed-case checksum) and not be the sender's. */
export function checkTransfer(o: { quantity: number; free: number; to: string; from: string }): TransferProblem | null {
  if (!(o.quantity > 0)) return 'transfer.quantityRequired';
  if (o.quantity > o.free) return 'transfer.quantityTooMany';
  const to = o.to.trim();
  if (!ADDRESS.test(to)) return 'transfer.invalidAddress';
  if (to.toLowerCase() === o.from.toLowerCase()) return 'errors.sendToSelf';
  return null;
}

/** A won piece's `to` (`claimAuctionItem`): it must look like an address (the wallet side checks the checksum). */
export function checkClaimAddress(to: string): 'claim.invalidAddress' | null {
  return ADDRESS.test(to.trim()) ? null : 'claim.invalidAddress';
}

/** Pieces the member can sell or send now: owned minus on sale minus reserved. */
export function freePieces(item: {
  itemCountMine: number;
  itemCountOnSaleMine: number;
  itemCountReservedMine: number;
}): number {
  return Math.max(0, item.itemCountMine - item.itemCountOnSaleMine - item.itemCountReservedMine);
}

/**
 * How many pieces can go by a plain `safeTransferFrom`: the pieces in the wallet on chain, less every piece
 * the order book holds (on sale or reserved), as if all of those were minted ones. The rest need the creator's
 * `transferWithMint` (unminted pieces) through the server's permit.
 */
export function mintedFree(
  onChain: bigint,
  item: { itemCountOnSaleMine: number; itemCountReservedMine: number },
): number {
  const held = onChain > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(onChain);
  return Math.max(0, held - item.itemCountOnSaleMine - item.itemCountReservedMine);
}
