/**
 * `/nft/offer/accept`: the validator-signed `Accept` of `amount` pieces of the caller's into a valid offer, held by
 * the accept steps every accept takes (`accept-steps.ts`: one transaction, the one lock order, one conditional UPDATE
 * of the offer, the seller's pieces held until the accept is used on chain or its deadline passes).
 */
import type { Address } from 'viem';
import { ReturnCode } from '@att/shared';
import { AppError } from '../../../platform/http/app-error';
import type { AuthedMember } from '../../../platform/http/auth';
import type { Uses } from '../../../platform/deps';
import type { TradingChain } from '../market-chain';
import { liveItem } from '../order-book';
import { signingNow } from '../signing-clock';
import { insertAccept, offerById, openAcceptOf, reserveOffer } from '../order-book/offers/offers-repository';
import { acceptTerms, acceptedMoney, holdAccept, offerRefusal } from './accept-steps';

export async function acceptOffer(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  body: { offerIdx: number; amount: number },
) {
  const seller = member.address.toLowerCase() as Address;
  const offerIdx = String(body.offerIdx);
  const now = await signingNow(deps, chain);
  const first = await offerById(deps.db, offerIdx);
  const early = offerRefusal(first, seller, now);
  if (early) throw early;
  const item = await liveItem(deps.db, first!.item_idx);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'item deleted');
  const out = await holdAccept(
    deps,
    { offerIdx, item, seller, amount: body.amount, now },
    {
      lock: { offers: [offerIdx] },
      byId: (trx) => offerById(trx, offerIdx),
      waiting: (trx) => openAcceptOf(trx, offerIdx, seller, now),
      reserve: (trx, amount) => reserveOffer(trx, offerIdx, amount, now),
      insert: (trx, a) => insertAccept(trx, { offerIdx, itemIdx: item.item_idx, seller, ...a }),
    },
    async (offer, held) => {
      const accept = acceptTerms(item, offerIdx, seller, held);
      return { offer, accept, expiresAt: held.expiresAt, signResult: await chain.sign('Accept', accept) };
    },
  );
  const money = acceptedMoney(out.offer, item, body.amount, out.accept);
  return {
    aodId: out.accept.id.toString(),
    aodAmount: body.amount,
    aodMintAmount: Number(out.accept.mintAmount),
    aodSigId: offerIdx,
    aodExpired: out.expiresAt.toISOString(),
    market: chain.market.toLowerCase(),
    accept: money.accept,
    signResult: out.signResult,
    symbol: out.offer.symbol,
    price: money.price,
    netProceeds: money.netProceeds,
  };
}
