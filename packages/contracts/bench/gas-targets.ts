/** The gas bench's rows, measurement signature and targets (set by the auction review; `README.md` has the table). */
import type { TransactionReceipt } from 'viem';

export interface Row {
  operation: string;
  gas: number;
  bare: number;
  ratio: number;
}

/** Measures `trade` and `baseline` from the same state, reached by `prepare` (each from a snapshot). */
export type Measure = (
  operation: string,
  prepare: () => Promise<void>,
  trade: () => Promise<TransactionReceipt>,
  baseline: () => Promise<TransactionReceipt>,
) => Promise<void>;

export const COMMON = 'buyNft: later fill of a minted piece, ATT, fee + royalty, two signatures';
export const FIRST_FILL = 'buyNft: first fill of a listing, ATT, fee + royalty';
export const PLACE_BID = 'placeBid: a new bidder outbids the top bid (which stays escrowed), ATT';
export const END_AUCTION = 'endAuction: KLAY, an account wins, fee + royalty';
export const CANCEL_AUCTION = 'cancelAuction: 20 live KLAY bids refunded, the piece returned';

/** `enforced: false`: printed with its figure, not failing the bench (not met without weakening a check). */
export const TARGETS = [
  { operation: PLACE_BID, max: 100_000, enforced: true },
  { operation: END_AUCTION, max: 110_000, enforced: true },
  { operation: CANCEL_AUCTION, max: 400_000, enforced: true },
  { operation: FIRST_FILL, max: 125_000, enforced: false },
  { operation: COMMON, max: 110_000, enforced: false },
];
