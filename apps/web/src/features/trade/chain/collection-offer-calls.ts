/**
 * The Market's collection-offer calls, built by `@att/contracts/market-client` from the server's replies (decimal
 * strings -> bigint) with their gas limits (`GAS_LIMITS`). KLAY offers escrow their total as the transaction's
 * value; an accept passes the reply's `proof` through unchanged (empty for an offer on any item of the collection).
 * Lazily loaded with the wallet stack (through `loadTradeKit()`).
 */
import {
  acceptCollectionOfferCall,
  cancelCollectionOfferCall,
  makeCollectionOfferCall,
} from '@att/contracts/market-client';
import { collectionAcceptFromWire, collectionOfferFromWire } from '@att/contracts/market-wire';
import type { RouteReply } from '@att/shared';
import { type Address, getAddress, type Hex } from 'viem';
import type { sendCancelOffer } from './offer-calls';
import { sendContractTx, sendValidated, type TradeChain } from './wallet-tx';

export type CollectionOfferData = NonNullable<RouteReply<'/nft/collection/offer'>['data']>;
export type CollectionAcceptData = NonNullable<RouteReply<'/nft/collection/offer/accept'>['data']>;

/** `makeCollectionOffer(offer, validatorSignature)`: escrows `amount × pricePerOne` (the value in KLAY). */
export function sendMakeCollectionOffer(chain: TradeChain, account: Address, d: CollectionOfferData): Promise<Hex> {
  return sendValidated(chain, account, d, makeCollectionOfferCall, collectionOfferFromWire(d.offer));
}

/** `acceptCollectionOffer(accept, proof, validatorSignature)`: the holder's pieces go to the buyer, the escrow to them. */
export function sendAcceptCollectionOffer(chain: TradeChain, account: Address, d: CollectionAcceptData): Promise<Hex> {
  const call = acceptCollectionOfferCall(
    getAddress(d.market),
    collectionAcceptFromWire(d.accept),
    d.proof as Hex[],
    d.signResult as Hex,
  );
  return sendContractTx(chain, account, call);
}

/** The buyer's `cancelCollectionOffer(offerId, amount)`: that many pieces' worth of the escrow goes back to them. */
export const sendCancelCollectionOffer: typeof sendCancelOffer = (chain, account, market, offerId, amount) =>
  sendContractTx(chain, account, cancelCollectionOfferCall(getAddress(market), BigInt(offerId), BigInt(amount)));
