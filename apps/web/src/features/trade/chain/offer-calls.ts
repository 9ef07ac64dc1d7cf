/**
 * The Market's offer calls (spec 3 section 7), built by `@att/contracts/market-client` from the server's replies
 * (decimal strings -> bigint) with their gas limits (makeOffer and acceptOffer 400,000, cancelOffer 300,000). KLAY
 * offers escrow their total as the transaction's value. Lazily loaded with the wallet stack (through `loadTradeKit()`).
 */
import { acceptOfferCall, cancelOfferCall, makeOfferCall } from '@att/contracts/market-client';
import { acceptFromWire, offerFromWire } from '@att/contracts/market-wire';
import type { RouteReply } from '@att/shared';
import { type Address, getAddress, type Hex } from 'viem';
import { sendContractTx, sendValidated, type TradeChain } from './wallet-tx';

type OfferData = NonNullable<RouteReply<'/nft/offer'>['data']>;
type AcceptData = NonNullable<RouteReply<'/nft/offer/accept'>['data']>;

/** `makeOffer(offer, validatorSignature)`: escrows `amount × pricePerOne` (the value in KLAY). */
export function sendMakeOffer(chain: TradeChain, account: Address, d: OfferData): Promise<Hex> {
  return sendValidated(chain, account, d, makeOfferCall, offerFromWire(d.offer));
}

/** `acceptOffer(accept, validatorSignature)`: the seller's pieces go to the offerer, the escrow to the seller. */
export function sendAcceptOffer(chain: TradeChain, account: Address, d: AcceptData): Promise<Hex> {
  return sendValidated(chain, account, d, acceptOfferCall, acceptFromWire(d.accept));
}

/** The offerer's `cancelOffer(offerId, amount)`: that many pieces' worth of the escrow goes back to them. */
export function sendCancelOffer(
  chain: TradeChain,
  account: Address,
  market: string,
  offerId: string,
  amount: number,
): Promise<Hex> {
  return sendContractTx(chain, account, cancelOfferCall(getAddress(market), BigInt(offerId), BigInt(amount)));
}
