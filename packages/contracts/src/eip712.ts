/**
 * The Market's EIP-712 domain and types, shared by the server's signer (validator key), the web and the tests.
 * They must match `contracts/Market.sol` (`*_TYPEHASH`); `test/market/signatures.test.ts` checks that they do.
 */
import type { Address, Hex, TypedDataDomain } from 'viem';
import { signTypedData } from 'viem/accounts';

export const MARKET_EIP712_NAME = 'AttMarket';
export const MARKET_EIP712_VERSION = '1';

export function marketDomain(chainId: number, market: Address): TypedDataDomain {
  return { name: MARKET_EIP712_NAME, version: MARKET_EIP712_VERSION, chainId, verifyingContract: market };
}

export const marketTypes = {
  Buy: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'author', type: 'address' },
    { name: 'authorFee', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'buyer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'pricePerOne', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Auction: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'author', type: 'address' },
    { name: 'authorFee', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'startPrice', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'isMinting', type: 'bool' },
    { name: 'expiry', type: 'uint256' },
  ],
  Offer: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'amount', type: 'uint256' },
    { name: 'author', type: 'address' },
    { name: 'authorFee', type: 'uint256' },
    { name: 'buyer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'pricePerOne', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Accept: [
    { name: 'id', type: 'uint256' },
    { name: 'offerId', type: 'uint256' },
    { name: 'seller', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
  Transfer: [
    { name: 'id', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'itemId', type: 'uint256' },
    { name: 'author', type: 'address' },
    { name: 'authorFee', type: 'uint256' },
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'mintAmount', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
} as const;

/** `token` is `0x0000000000000000000000000000000000000000` for KLAY. Fees are basis points; amounts wei. */
export interface BuyParams {
  id: bigint;
  collection: Address;
  itemId: bigint;
  amount: bigint;
  mintAmount: bigint;
  author: Address;
  authorFee: bigint;
  seller: Address;
  buyer: Address;
  token: Address;
  pricePerOne: bigint;
  expiry: bigint;
}
export interface AuctionParams {
  id: bigint;
  collection: Address;
  itemId: bigint;
  amount: bigint;
  author: Address;
  authorFee: bigint;
  seller: Address;
  token: Address;
  startPrice: bigint;
  endTime: bigint;
  isMinting: boolean;
  expiry: bigint;
}
export interface OfferParams {
  id: bigint;
  collection: Address;
  itemId: bigint;
  amount: bigint;
  author: Address;
  authorFee: bigint;
  buyer: Address;
  token: Address;
  pricePerOne: bigint;
  expiry: bigint;
}
export interface AcceptParams {
  id: bigint;
  offerId: bigint;
  seller: Address;
  amount: bigint;
  mintAmount: bigint;
  expiry: bigint;
}
export interface TransferParams {
  id: bigint;
  collection: Address;
  itemId: bigint;
  author: Address;
  authorFee: bigint;
  from: Address;
  to: Address;
  amount: bigint;
  mintAmount: bigint;
  expiry: bigint;
}

export interface MarketMessages {
  Buy: BuyParams;
  Auction: AuctionParams;
  Offer: OfferParams;
  Accept: AcceptParams;
  Transfer: TransferParams;
}

/** Signs Market parameters with the validator key (what the server's signer does). */
export function signMarket<K extends keyof MarketMessages>(
  validatorKey: Hex,
  domain: TypedDataDomain,
  primaryType: K,
  message: MarketMessages[K],
): Promise<Hex> {
  // The generic K defeats viem's inference of the message type; the MarketMessages map mirrors marketTypes.
  return signTypedData({
    privateKey: validatorKey,
    domain,
    types: marketTypes,
    primaryType,
    message,
  } as unknown as Parameters<typeof signTypedData>[0]);
}
