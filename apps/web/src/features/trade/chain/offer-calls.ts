/**
 * The Market's offer calls (spec 3 section 7), built from the server's replies (decimal strings -> bigint) with
 * the gas limits of `@att/contracts` (makeOffer and acceptOffer 400,000, cancelOffer 300,000). KLAY offers escrow
 * their total as the transaction's value. Lazily loaded with the wallet stack (through `loadTradeKit()`).
 */
import { marketAbi } from '@att/contracts/generated/contracts';
import { acceptFromWire, offerFromWire } from '@att/contracts/market-wire';
import type { RouteReply } from '@att/shared';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { sendContractTx, type TradeChain } from './wallet-tx';

type OfferData = NonNullable<RouteReply<'/nft/offer'>['data']>;
type AcceptData = NonNullable<RouteReply<'/nft/offer/accept'>['data']>;

/** `makeOffer(offer, validatorSignature)`: escrows `amount × pricePerOne` (the value in KLAY). */
export function sendMakeOffer(chain: TradeChain, account: Address, d: OfferData): Promise<Hex> {
  const offer = offerFromWire(d.offer);
  return sendContractTx(chain, account, {
    address: getAddress(d.market),
    abi: marketAbi,
    functionName: 'makeOffer',
    args: [offer, d.signResult as Hex],
    value: offer.token === zeroAddress ? offer.amount * offer.pricePerOne : undefined,
    gas: 'makeOffer',
  });
}

/** `acceptOffer(accept, validatorSignature)`: the seller's pieces go to the offerer, the escrow to the seller. */
export function sendAcceptOffer(chain: TradeChain, account: Address, d: AcceptData): Promise<Hex> {
  return sendContractTx(chain, account, {
    address: getAddress(d.market),
    abi: marketAbi,
    functionName: 'acceptOffer',
    args: [acceptFromWire(d.accept), d.signResult as Hex],
    gas: 'acceptOffer',
  });
}

/** The offerer's `cancelOffer(offerId, amount)`: that many pieces' worth of the escrow goes back to them. */
export function sendCancelOffer(chain: TradeChain, account: Address, market: string, offerId: string, amount: number): Promise<Hex> {
  return sendContractTx(chain, account, {
    address: getAddress(market),
    abi: marketAbi,
    functionName: 'cancelOffer',
    args: [BigInt(offerId), BigInt(amount)],
    gas: 'cancelOffer',
  });
}
