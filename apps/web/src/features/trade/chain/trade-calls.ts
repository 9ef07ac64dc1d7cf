/**
 * The Market and Items calls of the trade flows, built from the server's replies (decimal strings -> bigint).
 * Lazily loaded with the wallet stack (through `loadTradeKit()`).
 */
import { itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import { listingFromWire, reservationFromWire, transferFromWire } from '@att/contracts/market-wire';
import type { ListingMessage, RouteReply } from '@att/shared';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { sendContractTx, type TradeChain } from './wallet-tx';

type PurchaseData = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;
type TransferData = NonNullable<RouteReply<'/nft/transfer'>['data']>;

/** True when the listing is paid in KLAY (the zero token address): the price goes as msg.value, no allowance. */
export function paysInKlay(l: ListingMessage): boolean {
  return getAddress(l.token) === zeroAddress;
}

/** `buyNft(listing, sellerSignature, reservation, validatorSignature)`, KLAY as msg.value. */
export function sendBuy(chain: TradeChain, account: Address, p: PurchaseData): Promise<Hex> {
  const listing = listingFromWire(p.listing);
  return sendContractTx(chain, account, {
    address: getAddress(p.market),
    abi: marketAbi,
    functionName: 'buyNft',
    args: [
      listing,
      p.sellerSignature as Hex,
      reservationFromWire(p.reservation),
      p.signResult as Hex,
    ],
    value: paysInKlay(p.listing) ? BigInt(p.totalPrice) : undefined,
    gas: 'buyNft',
  });
}

/** `transferWithMint(transfer, validatorSignature)`: the sender's own pieces, the creator's unminted ones minted. */
export function sendTransferWithMint(chain: TradeChain, account: Address, p: TransferData): Promise<Hex> {
  return sendContractTx(chain, account, {
    address: getAddress(p.market),
    abi: marketAbi,
    functionName: 'transferWithMint',
    args: [
      transferFromWire(p.transfer),
      p.signResult as Hex,
    ],
    gas: 'transferWithMint',
  });
}

/** A wallet's own ERC-1155 transfer of minted pieces, with data 0x00 (spec). */
export function sendSafeTransfer(
  chain: TradeChain,
  account: Address,
  t: { collection: string; to: string; itemId: string; amount: number },
): Promise<Hex> {
  return sendContractTx(chain, account, {
    address: getAddress(t.collection),
    abi: itemsAbi,
    functionName: 'safeTransferFrom',
    args: [account, getAddress(t.to), BigInt(t.itemId), BigInt(t.amount), '0x00'],
    gas: 'safeTransferFrom',
  });
}

/** The seller's on-chain `cancelListing(listing)`: the signed listing can never be bought afterwards. */
export function sendCancelListing(chain: TradeChain, account: Address, market: string, listing: ListingMessage): Promise<Hex> {
  return sendContractTx(chain, account, {
    address: getAddress(market),
    abi: marketAbi,
    functionName: 'cancelListing',
    args: [listingFromWire(listing)],
    gas: 'cancelListing',
  });
}
