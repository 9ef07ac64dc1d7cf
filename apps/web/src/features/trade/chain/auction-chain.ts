/**
 * The chain side of auctions (spec 3 sections 7-9), over the calls `@att/contracts/market-client` builds (each with
 * its gas limit: 400,000 for `registerAuction`, 300,000 for `placeBid` and `cancelBid`, `cancelAuction` growing
 * with the bids it refunds): the seller's registration of the validator-signed terms, the bidder's `placeBid`
 * (paying in the amount less their own live bid as the chain has it, `bidOf`), the withdrawal of an outbid bid, the winner's claim of a piece the Market holds for them,
 * the seller's cancel, any member's settlement of an ended auction (`endAuction`), the chain's time, and the Market's reads (the next minimum bid, a bidder's live bid, the live bids).
 */
import { marketAbi } from '@att/contracts/generated/contracts';
import { auctionFromWire } from '@att/contracts/market-wire';
import {
  cancelAuctionCall,
  cancelBidCall,
  claimAuctionItemCall,
  endAuctionCall,
  placeBidCall,
  registerAuctionCall,
  withdrawCall,
} from '@att/contracts/market-client';
import type { AuctionSaleData } from '@att/shared';
import { type Address, getAddress, type Hex } from 'viem';
import { publicClient, sendContractTx, type TradeChain } from './wallet-tx';

/** The seller's `registerAuction(terms, validatorSignature)`: the piece goes into the Market's escrow. */
export function sendRegisterAuction(chain: TradeChain, account: Address, d: AuctionSaleData): Promise<Hex> {
  return sendContractTx(
    chain,
    account,
    registerAuctionCall(getAddress(d.market), auctionFromWire(d.auc), d.signResult as Hex),
  );
}

/** `bidder`'s bid in escrow (0 when none): a new bid replaces it and pays in only the difference. */
export function readBidOf(chain: TradeChain, market: Address, auctionId: bigint, bidder: Address): Promise<bigint> {
  return publicClient(chain).readContract({
    address: market,
    abi: marketAbi,
    functionName: 'bidOf',
    args: [auctionId, bidder],
  });
}

/** How many bids the Market holds in escrow for the auction (the seller's cancel refunds each). */
export async function readLiveBidCount(chain: TradeChain, market: Address, auctionId: bigint): Promise<number> {
  const bids = await publicClient(chain).readContract({
    address: market,
    abi: marketAbi,
    functionName: 'liveBids',
    args: [auctionId],
  });
  return bids.length;
}

/** `placeBid(auctionId, amount)`; in KLAY the value is `amount` less `currentBid` (the bidder's live bid on chain). */
export function sendPlaceBid(
  chain: TradeChain,
  account: Address,
  o: { market: string; auctionId: bigint; amount: bigint; token: string; currentBid: bigint },
): Promise<Hex> {
  return sendContractTx(
    chain,
    account,
    placeBidCall(getAddress(o.market), {
      auctionId: o.auctionId,
      amount: o.amount,
      token: getAddress(o.token),
      currentBid: o.currentBid,
    }),
  );
}

/** The bidder's `cancelBid(auctionId)`: an outbid bid comes back (the top bid cannot be withdrawn). */
export function sendCancelBid(chain: TradeChain, account: Address, market: string, auctionId: bigint): Promise<Hex> {
  return sendContractTx(chain, account, cancelBidCall(getAddress(market), auctionId));
}

/** The seller's `cancelAuction(auctionId)`, its gas limit set by the live bids it refunds (read just before). */
export async function sendCancelAuction(
  chain: TradeChain,
  account: Address,
  market: string,
  auctionId: bigint,
): Promise<Hex> {
  const live = await readLiveBidCount(chain, getAddress(market), auctionId);
  return sendContractTx(chain, account, cancelAuctionCall(getAddress(market), auctionId, live));
}

/** The member's `withdraw(token)`: their withdrawable balance of `token` (a refund or payout the Market could not push). */
export function sendWithdraw(chain: TradeChain, account: Address, market: string, token: string): Promise<Hex> {
  return sendContractTx(chain, account, withdrawCall(getAddress(market), getAddress(token)));
}

/** The winner's `claimAuctionItem(auctionId, to)`: a won piece the Market holds for them (their wallet refused it) goes to `to`. */
export function sendClaimAuctionItem(
  chain: TradeChain,
  account: Address,
  market: string,
  auctionId: bigint,
  to: string,
): Promise<Hex> {
  return sendContractTx(chain, account, claimAuctionItemCall(getAddress(market), auctionId, getAddress(to.trim())));
}

/** Any member's `endAuction(auctionId)` of an auction past its end: the Market settles it by its own book. */
export function sendEndAuction(chain: TradeChain, account: Address, market: string, auctionId: bigint): Promise<Hex> {
  return sendContractTx(chain, account, endAuctionCall(getAddress(market), auctionId));
}

/** The chain's time: the latest block's timestamp, in seconds (the Market decides an auction's end by it). */
export async function readChainTime(chain: TradeChain): Promise<number> {
  return Number((await publicClient(chain).getBlock({ blockTag: 'latest' })).timestamp);
}
