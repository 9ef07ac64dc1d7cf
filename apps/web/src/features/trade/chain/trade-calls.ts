/**
 * The Market and Items calls of the trade flows, built by `@att/contracts/market-client` (each with its gas limit
 * and, in KLAY, its exact value) from the server's replies (decimal strings -> bigint). Lazily loaded with the
 * wallet stack (through `loadTradeKit()`).
 */
import {
  buyNftCall,
  cancelListingCall,
  safeTransferCall,
  transferWithMintCall,
  voidBuyCall,
} from '@att/contracts/market-client';
import { listingFromWire, reservationFromWire, transferFromWire } from '@att/contracts/market-wire';
import type { ListingMessage, PendingPurchaseRow, RouteReply } from '@att/shared';
import { type Address, BaseError, getAddress, type Hex, HttpRequestError, TimeoutError, zeroAddress } from 'viem';
import { TradeCheckError } from '../core/trade-errors';
import { sendContractTx, sendValidated, type TradeChain } from './wallet-tx';

type PurchaseData = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;
type TransferData = NonNullable<RouteReply<'/nft/transfer'>['data']>;

/** True when the listing is paid in KLAY (the zero token address): the price goes as msg.value, no allowance. */
export function paysInKlay(l: ListingMessage): boolean {
  return getAddress(l.token) === zeroAddress;
}

/** `buyNft(listing, sellerSignature, reservation, validatorSignature)`, KLAY as msg.value. */
export function sendBuy(chain: TradeChain, account: Address, p: PurchaseData): Promise<Hex> {
  return sendContractTx(
    chain,
    account,
    buyNftCall(getAddress(p.market), {
      listing: listingFromWire(p.listing),
      sellerSignature: p.sellerSignature as Hex,
      reservation: reservationFromWire(p.reservation),
      validatorSignature: p.signResult as Hex,
    }),
  );
}

/** `transferWithMint(transfer, validatorSignature)`: the sender's own pieces, the creator's unminted ones minted. */
export function sendTransferWithMint(chain: TradeChain, account: Address, p: TransferData): Promise<Hex> {
  return sendValidated(chain, account, p, transferWithMintCall, transferFromWire(p.transfer));
}

/** A wallet's own ERC-1155 transfer of minted pieces, with data 0x00 (spec). */
export function sendSafeTransfer(
  chain: TradeChain,
  account: Address,
  t: { collection: string; to: string; itemId: string; amount: number },
): Promise<Hex> {
  return sendContractTx(
    chain,
    account,
    safeTransferCall(getAddress(t.collection), {
      from: account,
      to: getAddress(t.to),
      itemId: BigInt(t.itemId),
      amount: BigInt(t.amount),
    }),
  );
}

/** The seller's on-chain `cancelListing(listing)`: the signed listing can never be bought afterwards. */
export function sendCancelListing(
  chain: TradeChain,
  account: Address,
  market: string,
  listing: ListingMessage,
): Promise<Hex> {
  return sendContractTx(chain, account, cancelListingCall(getAddress(market), listingFromWire(listing)));
}

/**
 * The buyer's `voidBuy(listingHash, reservation, validatorSignature)`: their own pending Buy can no longer be bought,
 * so the order book frees its pieces at once. A chain node that does not answer says so (not a generic failure).
 */
export async function sendVoidBuy(chain: TradeChain, account: Address, p: PendingPurchaseRow): Promise<Hex> {
  try {
    return await sendContractTx(
      chain,
      account,
      voidBuyCall(getAddress(p.market), {
        listingHash: p.listingHash as Hex,
        reservation: reservationFromWire(p.reservation),
        validatorSignature: p.signResult as Hex,
      }),
    );
  } catch (err) {
    const unreachable =
      err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
    throw unreachable ? new TradeCheckError('trade:errors.chainUnreachable') : err;
  }
}
