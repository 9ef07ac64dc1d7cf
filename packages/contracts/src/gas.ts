/**
 * Gas limits the web sends with each wallet transaction (spec section 9), in one place. Each covers the worst
 * realistic case, first-use storage included (`test/market/gas-limits.test.ts` proves it).
 */
export const GAS_LIMITS = {
  registerAuction: 400_000n,
  makeOffer: 400_000n,
  acceptOffer: 400_000n,
  buyNft: 300_000n,
  placeBid: 300_000n,
  cancelBid: 300_000n,
  cancelAuction: 300_000n,
  cancelOffer: 300_000n,
  cancelListing: 300_000n,
  incrementCounter: 300_000n,
  transferWithMint: 300_000n,
  endAuction: 300_000n,
  approve: 100_000n,
  setApprovalForAll: 100_000n,
} as const;

/** Extra gas per live bid the seller's `cancelAuction` refunds (a KLAY push with its 30,000 stipend, or an ERC-20 push). */
export const CANCEL_AUCTION_GAS_PER_BID = 60_000n;

/** The seller's cancel refunds every live bid (at most 20), so its limit grows with the bid book. */
export function cancelAuctionGasLimit(liveBids: number): bigint {
  return GAS_LIMITS.cancelAuction + BigInt(Math.max(0, liveBids - 1)) * CANCEL_AUCTION_GAS_PER_BID;
}
