/**
 * `/nft/offer`: the validator-signed `Offer` of `amount` pieces of an item at `pricePerOne` in `symbol`, stored as a
 * pending offer (its id is the Offer's single-use id) that the indexer makes valid when the offerer's own
 * `makeOffer` escrows it. Refused for an item in auction (280), for a member who holds every piece (2), and past
 * the pieces others hold: total − the member's pieces − pieces reserved for the member's purchases (84). The fee in
 * force is read from the chain before the transaction (it is what the accept will pay); signed inside it (a local
 * key), so a row exists exactly for every signature that left the server.
 */
import { OFFER_DEFAULT_MINUTES, ReservationState, ReturnCode, type TokenSymbol } from '@att/shared';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { TradingChain } from '../market-chain';
import { signingNow } from '../signing-clock';
import { piecesHeld } from '../../items';
import { inAuction, liveItem } from '../order-book';
import { insertOffer } from '../order-book/offers/offers-repository';
import type { Uses } from '../../../platform/deps';

export interface OfferBody {
  productId: number;
  pricePerOne: string;
  amount: number;
  symbol: TokenSymbol;
  expireMinute?: number;
}

/** 1: the item contract is ERC-1155 (spec 3 section 9 token types). */
const ERC1155 = 1;

export async function makeOffer(deps: Uses<'db' | 'now'>, chain: TradingChain, member: AuthedMember, body: OfferBody) {
  const buyer = member.address.toLowerCase() as Address;
  const item = await liveItem(deps.db, body.productId);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  // The fee goes into the signed Offer: a node that does not answer makes the offer a 133, not one the Market refuses.
  const feeBps = await chain.marketFee();
  const now = await signingNow(deps, chain);
  const expiry = Math.floor(now.getTime() / 1000) + (body.expireMinute ?? OFFER_DEFAULT_MINUTES) * 60;
  const token = chain.tokenOf(body.symbol).toLowerCase() as Address;
  const { offerIdx, signResult } = await deps.db.transaction().execute(async (trx) => {
    if (await inAuction(trx, item.item_idx)) throw new AppError(ReturnCode.ItemInAuction, 'the item is in auction');
    const mine = await piecesHeld(trx, item.item_idx, buyer);
    if (mine >= item.total_supply) throw new AppError(ReturnCode.NoAuthority, 'the member holds every piece');
    const held = await trx
      .selectFrom('reservations as r')
      .innerJoin('listings as l', 'l.listing_idx', 'r.listing_idx')
      .select(sql<number>`coalesce(sum(r.amount), 0)::int`.as('n'))
      .where('l.item_idx', '=', item.item_idx)
      .where('r.buyer_address', '=', buyer)
      .where('r.state', '=', ReservationState.Open)
      .where('r.expires_at', '>', now)
      .executeTakeFirstOrThrow();
    const limit = item.total_supply - mine - held.n;
    if (body.amount > limit) throw new AppError(ReturnCode.NotEnoughRemaining, `at most ${Math.max(limit, 0)} pieces`);
    const id = await insertOffer(trx, {
      itemIdx: item.item_idx,
      buyer,
      symbol: body.symbol,
      token,
      unitPrice: body.pricePerOne,
      quantity: body.amount,
      feeBps,
      expiry,
    });
    const message = {
      id: BigInt(id),
      collection: chain.items,
      itemId: BigInt(item.token_id),
      amount: BigInt(body.amount),
      buyer,
      token,
      pricePerOne: BigInt(body.pricePerOne),
      expiry: BigInt(expiry),
    };
    return { offerIdx: id, signResult: await chain.sign('Offer', message) };
  });
  const total = (BigInt(body.pricePerOne) * BigInt(body.amount)).toString();
  const collection = chain.items.toLowerCase();
  return {
    osdId: offerIdx,
    osdContractAddress: collection,
    osdContractType: ERC1155,
    osdBuyer: buyer,
    osdItemId: item.token_id,
    osdAmount: body.amount,
    osdAuthor: item.creator_address,
    osdAuthorFee: item.royalty_bps,
    osdToken: token,
    osdPricePerOne: body.pricePerOne,
    osdExpired: new Date(expiry * 1000).toISOString(),
    osdPrice: total,
    market: chain.market.toLowerCase(),
    offer: {
      id: offerIdx,
      collection,
      itemId: item.token_id,
      amount: String(body.amount),
      buyer,
      token,
      pricePerOne: body.pricePerOne,
      expiry: String(expiry),
    },
    signResult,
  };
}
