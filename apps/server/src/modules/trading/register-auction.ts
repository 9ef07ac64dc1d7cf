/**
 * `/nft/all/sale` saleType 2: the validator-signed `Auction` terms the seller's wallet sends with `registerAuction`.
 * The server checks what the chain cannot know (a single item, the caller's free piece, no other live auction
 * of it) and what it would refuse anyway (start price >= 0.1 token, end within 6 months), then stores the terms as
 * a signed auction and signs them. A creator's unminted piece is auctioned lazily: the Market mints it into escrow
 * under the item's own edition and royalty. The auction is live only once the indexer sees it registered; a
 * signature that lapses unused leaves the piece free (the keeper job marks the row lapsed).
 */
import {
  AuctionState,
  MAX_SALE_MINUTES,
  MIN_AUCTION_START_PRICE_WEI,
  ReturnCode,
  type AuctionSaleData,
} from '@att/shared';
import type { Address } from 'viem';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import { insertAuction, openAuctionOf } from './order-book/auctions/auctions-repository';
import type { SaleBody } from './list-for-sale';
import type { TradingChain } from './market-chain';
import { holding, liveItem } from './order-book';
import { signingNow } from './signing-clock';
import type { Uses } from '../../platform/deps';

/** The Market's MAX_AUCTION_AMOUNT: a start price shares a storage word with an address. */
const MAX_AUCTION_AMOUNT = 2n ** 96n - 1n;

export async function registerAuction(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  body: SaleBody,
): Promise<AuctionSaleData> {
  const seller = member.address.toLowerCase() as Address;
  const item = await liveItem(deps.db, body.productId);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  if (item.total_supply !== 1 || body.saleQuantity !== 1)
    throw new AppError(ReturnCode.AuctionSingleOnly, 'auctions are for single items only');
  const startPrice = BigInt(body.salePrice);
  if (startPrice < MIN_AUCTION_START_PRICE_WEI)
    throw new AppError(ReturnCode.ValidationFailed, 'start price below 0.1 token');
  if (startPrice > MAX_AUCTION_AMOUNT)
    throw new AppError(ReturnCode.ValidationFailed, 'start price above the Market’s maximum');
  if (body.expireMinute > MAX_SALE_MINUTES)
    throw new AppError(ReturnCode.ValidationFailed, 'the end is more than 6 months away');
  const now = await signingNow(deps, chain);
  const nowS = Math.floor(now.getTime() / 1000);
  const endTime = nowS + body.expireMinute * 60;
  const expiry = nowS + deps.config.trading.reservationSeconds;
  // Nothing is stored that could not be signed.
  if (!deps.config.validatorKey) throw new AppError(ReturnCode.ServerError, 'no VALIDATOR_KEY configured');

  const stored = await deps.db.transaction().execute(async (trx) => {
    const open = await openAuctionOf(trx, item.item_idx, now);
    if (open?.state === AuctionState.Active) throw new AppError(ReturnCode.ItemInAuction, 'the item is on auction');
    const h = await holding(trx, item, seller);
    if (!h || h.amount < 1) throw new AppError(ReturnCode.NotProductOwner, 'holds no piece');
    if (h.on_sale > 0) throw new AppError(ReturnCode.ItemOnSale, 'the piece is listed at a fixed price');
    if (h.free < 1) throw new AppError(ReturnCode.NotProductOwner, 'the piece is held by a transfer');
    const isMinting = h.unmintedFree > 0;
    const values = {
      item_idx: item.item_idx,
      seller_address: seller,
      symbol: body.saleSymbol,
      token_address: chain.tokenOf(body.saleSymbol).toLowerCase(),
      start_price: startPrice.toString(),
      ends_at: new Date(endTime * 1000),
      state: AuctionState.Signed,
      is_minting: isMinting,
      edition_size: isMinting ? item.total_supply : 0,
      royalty_bps: isMinting ? item.royalty_bps : 0,
      sign_expires_at: new Date(expiry * 1000),
    };
    return { id: await insertAuction(trx, values), ...values };
  });

  const auc = {
    id: BigInt(stored.id),
    collection: chain.items,
    itemId: BigInt(item.token_id),
    seller,
    token: chain.tokenOf(body.saleSymbol),
    startPrice,
    endTime: BigInt(endTime),
    isMinting: stored.is_minting,
    editionSize: BigInt(stored.edition_size),
    royaltyBps: BigInt(stored.royalty_bps),
    expiry: BigInt(expiry),
  };
  const signResult = await chain.sign('Auction', auc);
  return {
    bsdId: Number(stored.id),
    bsdExpired: stored.sign_expires_at.toISOString(),
    market: chain.market.toLowerCase(),
    auc: {
      id: stored.id,
      collection: chain.items.toLowerCase() as Address,
      itemId: item.token_id,
      seller,
      token: auc.token.toLowerCase() as Address,
      startPrice: startPrice.toString(),
      endTime: String(endTime),
      isMinting: stored.is_minting,
      editionSize: String(stored.edition_size),
      royaltyBps: String(stored.royalty_bps),
      expiry: String(expiry),
    },
    signResult,
  };
}
