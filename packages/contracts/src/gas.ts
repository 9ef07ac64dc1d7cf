/**
 * Gas limits sent with each wallet transaction (spec section 9), in one place: the web, the server's demo trades
 * and the tests take them from `market-client.ts`. Each covers the worst realistic case, first-use storage
 * included (`test/market/gas-limits.test.ts` proves it); `endAuction` also a winner whose hook burns all gas.
 */
export const GAS_LIMITS = {
  registerAuction: 400_000n,
  makeOffer: 400_000n,
  acceptOffer: 400_000n,
  makeCollectionOffer: 400_000n,
  acceptCollectionOffer: 400_000n,
  cancelCollectionOffer: 300_000n,
  buyNft: 300_000n,
  placeBid: 300_000n,
  cancelBid: 300_000n,
  cancelAuction: 300_000n,
  cancelOffer: 300_000n,
  cancelListing: 300_000n,
  voidBuy: 100_000n,
  incrementCounter: 300_000n,
  transferWithMint: 300_000n,
  endAuction: 300_000n,
  claimAuctionItem: 300_000n,
  withdraw: 300_000n,
  approve: 100_000n,
  setApprovalForAll: 100_000n,
} as const;

/**
 * Extra gas per live bid the seller's `cancelAuction` refunds. The worst case an allowed token allows is a KLAY
 * bidder contract whose receive() burns its whole 30,000 stipend: the stipend, the value transfer to a cold
 * account, the refund parked as withdrawable (a fresh slot) and two events, about 72,000
 * (`test/findings/seller-can-cancel-despite-gas-burning-bidders.test.ts` refunds 20 of them).
 */
export const CANCEL_AUCTION_GAS_PER_BID = 90_000n;

/**
 * Gas per listing of a cart (`buyNfts`): a single buy's limit, which also covers a hostile listing (a contract
 * seller's EIP-1271 check and the delivery each capped at the Market's CART_CALL_GAS, 150,000, and skipped).
 */
export const CART_GAS_PER_LISTING = GAS_LIMITS.buyNft;

/** A cart's limit: 100,000 for the call and the fee and change payments, plus a single buy's limit per listing. */
export function buyNftsGasLimit(listings: number): bigint {
  return 100_000n + BigInt(listings) * CART_GAS_PER_LISTING;
}

/** The seller's cancel refunds every live bid (at most 20), so its limit grows with the bid book. */
export function cancelAuctionGasLimit(liveBids: number): bigint {
  return GAS_LIMITS.cancelAuction + BigInt(Math.max(0, liveBids - 1)) * CANCEL_AUCTION_GAS_PER_BID;
}
