/**
 * One client for the Market: the `Listing` a seller signs, built from the sale terms, and every Market call (plus
 * the two approvals it needs) as `{ address, abi, functionName, args, value?, gas }`, ready for viem's
 * `writeContract` / `simulateContract` (and wagmi's), the server's demo trades and the tests. The gas is the
 * call's limit from `gas.ts`; KLAY payments carry their exact `value`. Nothing here signs or sends: who signs what
 * is in the package README. Framework-agnostic, browser-safe (no Node module).
 */
import {
  getAddress,
  maxUint256,
  zeroAddress,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
} from 'viem';
import type {
  AcceptParams,
  AuctionParams,
  CollectionAcceptParams,
  CollectionOfferParams,
  Listing,
  OfferParams,
  TransferParams,
} from './eip712';
import { GAS_LIMITS, buyNftsGasLimit, cancelAuctionGasLimit } from './gas';
import { attAbi, itemsAbi, marketAbi } from './generated/contracts';

type Writable<abi extends Abi> = ContractFunctionName<abi, 'nonpayable' | 'payable'>;
/** The payable functions of `abi` (never when it has none; viem's `ContractFunctionName` widens that to string). */
type PayableName<abi extends Abi> = Extract<abi[number], { type: 'function'; stateMutability: 'payable' }>['name'];

/** A contract call for `writeContract`/`simulateContract`: spread it, add the account. */
export type ContractCall<abi extends Abi, fn extends Writable<abi>> = {
  address: Address;
  abi: abi;
  functionName: fn;
  args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', fn>;
  gas: bigint;
} & (fn extends PayableName<abi>
  ? {
      /** KLAY sent with the call (a payable call paid in KLAY). */
      value?: bigint;
    }
  : unknown);
export type MarketCall<fn extends Writable<typeof marketAbi> = Writable<typeof marketAbi>> = ContractCall<
  typeof marketAbi,
  fn
>;

/** The Market's token address for KLAY, the native coin. */
export const KLAY_TOKEN: Address = zeroAddress;

/** Numbers as they come from a form (number), the database or the API (decimal string), or the chain (bigint). */
type Uint = bigint | number | string;

/** The terms of a fixed-price sale, as the seller chose them and the chain answers them. */
export interface SaleTerms {
  seller: Address;
  collection: Address;
  itemId: Uint;
  /** `KLAY_TOKEN` for KLAY, else the ERC-20 (ATT). */
  token: Address;
  /** Wei per piece. */
  pricePerOne: Uint;
  amount: Uint;
  /** A creator's unminted pieces, minted to the buyer at each fill (see `lazyMint`); minted pieces: omit. */
  lazy?: { editionSize: Uint; royaltyBps: Uint };
  /** The platform fee in force (`marketFee()`), in basis points. */
  feeBps: Uint;
  /** Unix seconds; the listing is valid while `block.timestamp <= expiry`. */
  expiry: Uint;
  salt: Uint;
  /** The seller's `counterOf(seller)` now. */
  counter: Uint;
}

/** The EIP-712 `Listing` the seller signs (and the server rebuilds from its stored terms). */
export function buildListing(t: SaleTerms): Listing {
  return {
    seller: getAddress(t.seller),
    collection: getAddress(t.collection),
    itemId: BigInt(t.itemId),
    token: getAddress(t.token),
    pricePerOne: BigInt(t.pricePerOne),
    amount: BigInt(t.amount),
    editionSize: t.lazy ? BigInt(t.lazy.editionSize) : 0n,
    royaltyBps: t.lazy ? BigInt(t.lazy.royaltyBps) : 0n,
    feeBps: BigInt(t.feeBps),
    expiry: BigInt(t.expiry),
    salt: BigInt(t.salt),
    counter: BigInt(t.counter),
  };
}

/**
 * The lazy-mint terms of a listing, or undefined for minted pieces: only the item's creator lists unminted
 * pieces, and only while the quantity fits in what is not minted yet (Items mints within the edition).
 */
export function lazyMint(o: {
  seller: Address;
  creator: Address;
  editionSize: Uint;
  minted: Uint;
  quantity: Uint;
  royaltyBps: Uint;
}) {
  const unminted = BigInt(o.editionSize) - BigInt(o.minted);
  const isCreator = getAddress(o.seller) === getAddress(o.creator);
  return isCreator && BigInt(o.quantity) <= unminted
    ? { editionSize: BigInt(o.editionSize), royaltyBps: BigInt(o.royaltyBps) }
    : undefined;
}

function call<abi extends Abi, fn extends Writable<abi>>(
  address: Address,
  abi: abi,
  functionName: fn,
  args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', fn>,
  gas: bigint,
  value?: bigint,
): ContractCall<abi, fn> {
  return {
    address: getAddress(address),
    abi,
    functionName,
    args,
    gas,
    ...(value === undefined ? {} : { value }),
  } as ContractCall<abi, fn>;
}

const klayValue = (token: Address, amount: bigint) => (getAddress(token) === KLAY_TOKEN ? amount : undefined);

// ------------------------------------------------------------------ fixed price

/** The validator's reservation as `buyNft` takes it (the listing digest is implied by the listing). */
export interface Reservation {
  buyer: Address;
  amount: bigint;
  id: bigint;
  expiry: bigint;
}

/** `buyNft`: the buyer fills `reservation.amount` pieces; KLAY listings send exactly `amount * pricePerOne`. */
export function buyNftCall(
  market: Address,
  o: { listing: Listing; sellerSignature: Hex; reservation: Reservation; validatorSignature: Hex },
) {
  const reservation = reservationArg(o.reservation);
  const value = klayValue(o.listing.token, reservation.amount * o.listing.pricePerOne);
  return call(
    market,
    marketAbi,
    'buyNft',
    [o.listing, o.sellerSignature, reservation, o.validatorSignature],
    GAS_LIMITS.buyNft,
    value,
  );
}

/** The reservation as the Market takes it (no `listingHash`: the Market computes it from the listing). */
function reservationArg(r: Reservation) {
  return { buyer: getAddress(r.buyer), amount: r.amount, id: r.id, expiry: r.expiry };
}

/**
 * `buyNfts`: a cart of listings paid in one `token` (KLAY_TOKEN or an ERC-20: one approval), each with its validator
 * `Buy` as `buyNftCall` takes it. Fills what is still fillable, skips the rest without reverting; in KLAY the value
 * is the whole cart's price and the unspent part comes back in the same transaction. Limit: `buyNftsGasLimit`.
 */
export function buyNftsCall(
  market: Address,
  token: Address,
  orders: readonly { listing: Listing; sellerSignature: Hex; reservation: Reservation; validatorSignature: Hex }[],
) {
  const args = orders.map((o) => ({ ...o, reservation: reservationArg(o.reservation) }));
  const total = args.reduce((sum, o) => sum + o.reservation.amount * o.listing.pricePerOne, 0n);
  const value = klayValue(token, total);
  return call(market, marketAbi, 'buyNfts', [getAddress(token), args], buyNftsGasLimit(orders.length), value);
}

/**
 * `voidBuy`: the buyer voids their own validator-signed `Buy` (its id is spent, so it can no longer be bought), so
 * the order book frees its pieces at once. Sent by `reservation.buyer` only.
 */
export function voidBuyCall(
  market: Address,
  o: { listingHash: Hex; reservation: Reservation; validatorSignature: Hex },
) {
  const { buyer, amount, id, expiry } = o.reservation;
  const reservation = { buyer: getAddress(buyer), amount, id, expiry };
  return call(market, marketAbi, 'voidBuy', [o.listingHash, reservation, o.validatorSignature], GAS_LIMITS.voidBuy);
}

/** `cancelListing`: the seller cancels one signed listing for good. */
export function cancelListingCall(market: Address, listing: Listing) {
  return call(market, marketAbi, 'cancelListing', [listing], GAS_LIMITS.cancelListing);
}

/** `incrementCounter`: the seller cancels every listing signed so far. */
export function incrementCounterCall(market: Address) {
  return call(market, marketAbi, 'incrementCounter', [], GAS_LIMITS.incrementCounter);
}

/** `transferWithMint`: the sender moves their pieces; the creator mints the rest (`mintAmount`). */
export function transferWithMintCall(market: Address, transfer: TransferParams, validatorSignature: Hex) {
  return call(market, marketAbi, 'transferWithMint', [transfer, validatorSignature], GAS_LIMITS.transferWithMint);
}

/**
 * Items `safeTransferFrom(from, to, id, amount, 0x00)`: a holder moves minted pieces with the wallet's own transfer,
 * outside the Market (data 0x00 as the spec says; the gas limit of a transfer, as `transferWithMint`).
 */
export function safeTransferCall(
  collection: Address,
  o: { from: Address; to: Address; itemId: bigint; amount: bigint },
) {
  return call(
    collection,
    itemsAbi,
    'safeTransferFrom',
    [getAddress(o.from), getAddress(o.to), o.itemId, o.amount, '0x00'],
    GAS_LIMITS.transferWithMint,
  );
}

// ------------------------------------------------------------------ approvals

/** Items `setApprovalForAll(market, approved)`: the Market may move the seller's pieces (listings, offers, auctions). */
export function setApprovalForAllCall(collection: Address, market: Address, approved = true) {
  return call(collection, itemsAbi, 'setApprovalForAll', [getAddress(market), approved], GAS_LIMITS.setApprovalForAll);
}

/** ERC-20 `approve(market, amount)` (the spec approves the maximum): the Market may pull ATT for buys, bids, offers. */
export function approveCall(token: Address, market: Address, amount: bigint = maxUint256) {
  return call(token, attAbi, 'approve', [getAddress(market), amount], GAS_LIMITS.approve);
}

// ------------------------------------------------------------------ auctions

/** `registerAuction`: the seller escrows (or, minting, mints into escrow) the piece. */
export function registerAuctionCall(market: Address, params: AuctionParams, validatorSignature: Hex) {
  return call(market, marketAbi, 'registerAuction', [params, validatorSignature], GAS_LIMITS.registerAuction);
}

/**
 * `placeBid`: `amount` becomes the bidder's bid. In KLAY the value is the increase over `currentBid`, the bidder's
 * own live bid (`bidOf`), which this bid replaces.
 */
export function placeBidCall(
  market: Address,
  o: { auctionId: bigint; amount: bigint; token: Address; currentBid?: bigint },
) {
  const value = klayValue(o.token, o.amount - (o.currentBid ?? 0n));
  return call(market, marketAbi, 'placeBid', [o.auctionId, o.amount], GAS_LIMITS.placeBid, value);
}

/** `cancelBid`: the bidder withdraws an outbid bid (or a losing one after the end); the top bid cannot be. */
export function cancelBidCall(market: Address, auctionId: bigint) {
  return call(market, marketAbi, 'cancelBid', [auctionId], GAS_LIMITS.cancelBid);
}

/** `cancelAuction`: the seller refunds every live bid (`liveBids(auctionId).length`, which sets the gas). */
export function cancelAuctionCall(market: Address, auctionId: bigint, liveBids: number) {
  return call(market, marketAbi, 'cancelAuction', [auctionId], cancelAuctionGasLimit(liveBids));
}

/** `endAuction`: anyone (the keeper) settles an ended auction; the winner, price and recipients are the auction's. */
export function endAuctionCall(market: Address, auctionId: bigint) {
  return call(market, marketAbi, 'endAuction', [auctionId], GAS_LIMITS.endAuction);
}

/** `claimAuctionItem`: the account owed a piece (`unclaimedAuctionItem`) takes it, to `to`. */
export function claimAuctionItemCall(market: Address, auctionId: bigint, to: Address) {
  return call(market, marketAbi, 'claimAuctionItem', [auctionId, getAddress(to)], GAS_LIMITS.claimAuctionItem);
}

// ------------------------------------------------------------------ offers and withdrawals

/** `makeOffer`: the buyer escrows `amount * pricePerOne` (sent as the value in KLAY). */
export function makeOfferCall(market: Address, params: OfferParams, validatorSignature: Hex) {
  const value = klayValue(params.token, params.amount * params.pricePerOne);
  return call(market, marketAbi, 'makeOffer', [params, validatorSignature], GAS_LIMITS.makeOffer, value);
}

/** `acceptOffer`: the seller sells into the offer (the creator may mint `mintAmount`). */
export function acceptOfferCall(market: Address, params: AcceptParams, validatorSignature: Hex) {
  return call(market, marketAbi, 'acceptOffer', [params, validatorSignature], GAS_LIMITS.acceptOffer);
}

/** `cancelOffer`: the buyer (anyone once expired) returns `amount` pieces' worth of the escrow to the buyer. */
export function cancelOfferCall(market: Address, offerId: bigint, amount: bigint) {
  return call(market, marketAbi, 'cancelOffer', [offerId, amount], GAS_LIMITS.cancelOffer);
}

/** `makeCollectionOffer`: the buyer escrows `amount * pricePerOne` (sent as the value in KLAY; ATT needs `approveCall`). */
export function makeCollectionOfferCall(market: Address, params: CollectionOfferParams, validatorSignature: Hex) {
  const value = klayValue(params.token, params.amount * params.pricePerOne);
  return call(
    market,
    marketAbi,
    'makeCollectionOffer',
    [params, validatorSignature],
    GAS_LIMITS.makeCollectionOffer,
    value,
  );
}

/**
 * `acceptCollectionOffer`: a holder sells `amount` pieces of `itemId` into the offer (the creator may mint
 * `mintAmount`). `proof`: the item's Merkle proof when the offer has a criteria root (`criteriaProof`), else empty.
 */
export function acceptCollectionOfferCall(
  market: Address,
  params: CollectionAcceptParams,
  proof: readonly Hex[],
  validatorSignature: Hex,
) {
  return call(
    market,
    marketAbi,
    'acceptCollectionOffer',
    [params, proof, validatorSignature],
    GAS_LIMITS.acceptCollectionOffer,
  );
}

/** `cancelCollectionOffer`: the buyer (anyone once expired) returns `amount` pieces' worth of the escrow to the buyer. */
export function cancelCollectionOfferCall(market: Address, offerId: bigint, amount: bigint) {
  return call(market, marketAbi, 'cancelCollectionOffer', [offerId, amount], GAS_LIMITS.cancelCollectionOffer);
}

/** `getCollectionOffer(offerId)`: the offer as stored (for `readContract`; `remaining` 0 once filled or cancelled). */
export function getCollectionOfferRead(market: Address, offerId: bigint) {
  return {
    address: getAddress(market),
    abi: marketAbi,
    functionName: 'getCollectionOffer',
    args: [offerId],
  } as const;
}

/** `withdraw(token)`: the caller takes their withdrawable balance (`withdrawable`) of `token`. */
export function withdrawCall(market: Address, token: Address) {
  return call(market, marketAbi, 'withdraw', [getAddress(token)], GAS_LIMITS.withdraw);
}

/** `withdrawTo(token, to)`: the same, paid to `to` (for an account that cannot receive it itself). */
export function withdrawToCall(market: Address, token: Address, to: Address) {
  return call(market, marketAbi, 'withdrawTo', [getAddress(token), getAddress(to)], GAS_LIMITS.withdraw);
}
