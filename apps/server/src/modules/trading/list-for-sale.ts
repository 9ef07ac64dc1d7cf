/**
 * `/nft/all/sale`: store the seller's signed EIP-712 `Listing` after checking every term against the server's view
 * (chain id and Market in the domain, seller = the caller's wallet, item and collection, token of the symbol,
 * price >= 1 token, expiry within 6 months, the Market's fee, the seller's counter on chain, lazy terms = the
 * item's edition and royalty and only for the creator's unminted pieces, the Market approved for minted pieces)
 * and the free pieces. Chain reads happen first; the listing, the listed count, the sale summary and the `List`
 * history row are one transaction.
 */
import { hashListing, itemsAbi, marketAbi, marketTypedData, type Listing } from '@att/contracts';
import {
  HistoryEvent,
  MAX_SALE_MINUTES,
  MIN_FIXED_PRICE_WEI,
  ReturnCode,
  SaleType,
  type saleRegisterRequest,
} from '@att/shared';
import type { z } from 'zod';
import { recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { writeHistory } from './history-writer';
import type { TradingChain } from './market-chain';
import { holding, insertListing, liveItem } from './order-book';
import { signingNow } from './signing-clock';
import type { Uses } from '../../platform/deps';

const SIX_MONTHS_S = MAX_SALE_MINUTES * 60;
/** Clock tolerance between the wallet that picked the expiry and the server. */
const EXPIRY_SLACK_S = 15 * 60;

export type SaleBody = z.output<typeof saleRegisterRequest>;

export async function listForSale(deps: Uses<'db' | 'now'>, chain: TradingChain, member: AuthedMember, sale: SaleBody) {
  const { listing: terms, signature } = sale;
  if (!terms || !signature)
    throw new AppError(ReturnCode.MissingParameters, 'a fixed-price sale needs the signed listing');
  const body = { ...sale, listing: terms, signature };
  const seller = member.address.toLowerCase() as Address;
  const item = await liveItem(deps.db, body.productId);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  const price = BigInt(body.salePrice);
  if (price < MIN_FIXED_PRICE_WEI) throw new AppError(ReturnCode.ValidationFailed, 'fixed price below 1 token');
  const nowS = BigInt(Math.floor((await signingNow(deps, chain)).getTime() / 1000));
  const expiry = BigInt(body.listing.expiry);
  if (expiry <= nowS || expiry > nowS + BigInt(SIX_MONTHS_S + EXPIRY_SLACK_S))
    throw new AppError(ReturnCode.ValidationFailed, 'expiry outside 6 months');
  const lazy = body.listing.editionSize > 0;
  if (
    lazy &&
    (seller !== item.creator_address ||
      body.listing.editionSize !== item.total_supply ||
      body.listing.royaltyBps !== item.royalty_bps)
  ) {
    throw new AppError(ReturnCode.ValidationFailed, 'lazy terms differ from the item');
  }
  if (!lazy && body.listing.royaltyBps !== 0)
    throw new AppError(ReturnCode.ValidationFailed, 'royalty only on a lazy listing');
  // The fee in force on chain. These reads need the chain: a node that does not answer makes the sale a 133
  // (platform/http/server.ts) within the RPC timeout, never a listing the Market might refuse.
  const fee = await chain.marketFee();
  if (body.listing.feeBps !== fee)
    throw new AppError(ReturnCode.ValidationFailed, `fee ${body.listing.feeBps} is not the Market's ${fee}`);
  // The Market fills a listing only under the seller's current counter: a lower one is cancelled, a higher one
  // can never be bought (yet would show in the order book and set the item's price). The chain's counter decides.
  const counter = BigInt(body.listing.counter);
  const onChain = await chain.client.readContract({
    address: chain.market,
    abi: marketAbi,
    functionName: 'counterOf',
    args: [seller],
  });
  if (counter !== onChain) {
    throw new AppError(ReturnCode.ValidationFailed, 'counter is not the seller’s counter on chain');
  }

  const listing: Listing = {
    seller,
    collection: chain.items,
    itemId: BigInt(item.token_id),
    token: chain.tokenOf(body.saleSymbol),
    pricePerOne: price,
    amount: BigInt(body.saleQuantity),
    editionSize: BigInt(body.listing.editionSize),
    royaltyBps: BigInt(body.listing.royaltyBps),
    feeBps: BigInt(fee),
    expiry,
    salt: BigInt(body.listing.salt),
    counter,
  };
  const listingHash = hashListing(chain.domain, listing);
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({
      ...marketTypedData(chain.domain, 'Listing', listing),
      signature: body.signature as Hex,
    });
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'unreadable listing signature');
  }
  if (signer.toLowerCase() !== seller)
    throw new AppError(ReturnCode.ValidationFailed, 'listing not signed by the caller’s wallet');
  // Minted pieces move by the Market as the seller's operator: without `setApprovalForAll` every buy reverts, while
  // each buyer's reservation holds the pieces from the next buyer. (A lazy listing mints; it needs no approval.)
  if (!lazy) {
    const approved = await chain.client.readContract({
      address: chain.items,
      abi: itemsAbi,
      functionName: 'isApprovedForAll',
      args: [seller, chain.market],
    });
    if (!approved)
      throw new AppError(ReturnCode.ValidationFailed, 'the Market is not approved for the seller’s pieces');
  }

  const expiresAt = new Date(Number(expiry) * 1000);
  const instanceId = await deps.db.transaction().execute(async (trx) => {
    const h = await holding(trx, item, seller);
    if (!h) throw new AppError(ReturnCode.NotProductOwner, 'holds no pieces');
    const canList = lazy ? h.unmintedFree : h.mintedFree;
    if (body.saleQuantity > canList) {
      // The creator asking to sell unminted pieces as minted ones (or the reverse) gets 282; too few pieces 274.
      if (body.saleQuantity <= h.free)
        throw new AppError(
          lazy ? ReturnCode.ItemAlreadyMinted : ReturnCode.ValidationFailed,
          'minted/unminted pieces differ',
        );
      throw new AppError(ReturnCode.NotProductOwner, `only ${h.free} free pieces`);
    }
    const listingIdx = await insertListing(trx, {
      item_idx: item.item_idx,
      seller_address: seller,
      sale_type: SaleType.Fixed,
      symbol: body.saleSymbol,
      unit_price: price.toString(),
      quantity: body.saleQuantity,
      expires_at: expiresAt,
      token_address: listing.token.toLowerCase(),
      collection_address: listing.collection.toLowerCase(),
      edition_size: body.listing.editionSize,
      royalty_bps: body.listing.royaltyBps,
      fee_bps: fee,
      expiry: expiry.toString(),
      salt: listing.salt.toString(),
      counter: counter.toString(),
      signature: body.signature.toLowerCase(),
      listing_hash: listingHash,
    });
    if (listingIdx === undefined)
      throw new AppError(ReturnCode.SaleRegistrationInProgress, 'this signed listing is already listed');
    await writeHistory(trx, {
      event: HistoryEvent.List,
      item,
      amount: body.saleQuantity,
      unitPrice: price,
      symbol: body.saleSymbol,
      from: seller,
    });
    return Number(listingIdx);
  });
  return { instanceId, listingHash, expireDate: expiresAt.toISOString() };
}
