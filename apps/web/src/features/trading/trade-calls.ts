/**
 * The Market and Items calls of the trade flows, built from the server's replies (decimal strings -> bigint).
 * Lazily loaded with the wallet stack (through `loadTradeKit()`).
 */
import { itemsAbi, marketAbi } from '@att/contracts/generated/contracts';
import type { ListingMessage, RouteReply } from '@att/shared';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { sendContractTx, type TradeChain } from '../wallet/wallet-tx';

type PurchaseData = NonNullable<RouteReply<'/nft/instance/purchase'>['data']>;
type TransferData = NonNullable<RouteReply<'/nft/transfer'>['data']>;

export function listingArg(l: ListingMessage) {
  return {
    seller: getAddress(l.seller),
    collection: getAddress(l.collection),
    itemId: BigInt(l.itemId),
    token: getAddress(l.token),
    pricePerOne: BigInt(l.pricePerOne),
    amount: BigInt(l.amount),
    editionSize: BigInt(l.editionSize),
    royaltyBps: BigInt(l.royaltyBps),
    feeBps: BigInt(l.feeBps),
    expiry: BigInt(l.expiry),
    salt: BigInt(l.salt),
    counter: BigInt(l.counter),
  };
}

/** True when the listing is paid in KLAY (the zero token address): the price goes as msg.value, no allowance. */
export function paysInKlay(l: ListingMessage): boolean {
  return getAddress(l.token) === zeroAddress;
}

/** `buyNft(listing, sellerSignature, reservation, validatorSignature)`, KLAY as msg.value. */
export function sendBuy(chain: TradeChain, account: Address, p: PurchaseData): Promise<Hex> {
  const listing = listingArg(p.listing);
  return sendContractTx(chain, account, {
    address: getAddress(p.market),
    abi: marketAbi,
    functionName: 'buyNft',
    args: [
      listing,
      p.sellerSignature as Hex,
      { buyer: getAddress(p.reservation.buyer), amount: BigInt(p.reservation.amount), id: BigInt(p.reservation.id), expiry: BigInt(p.reservation.expiry) },
      p.signResult as Hex,
    ],
    value: paysInKlay(p.listing) ? BigInt(p.totalPrice) : undefined,
    gas: 'buyNft',
  });
}

/** `transferWithMint(transfer, validatorSignature)`: the sender's own pieces, the creator's unminted ones minted. */
export function sendTransferWithMint(chain: TradeChain, account: Address, p: TransferData): Promise<Hex> {
  const t = p.transfer;
  return sendContractTx(chain, account, {
    address: getAddress(p.market),
    abi: marketAbi,
    functionName: 'transferWithMint',
    args: [
      {
        id: BigInt(t.id),
        collection: getAddress(t.collection),
        itemId: BigInt(t.itemId),
        from: getAddress(t.from),
        to: getAddress(t.to),
        amount: BigInt(t.amount),
        mintAmount: BigInt(t.mintAmount),
        editionSize: BigInt(t.editionSize),
        royaltyBps: BigInt(t.royaltyBps),
        expiry: BigInt(t.expiry),
      },
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
    args: [listingArg(listing)],
    gas: 'cancelListing',
  });
}
