/** Offer helpers for the trading tests: ask the server for the signed terms, then send them as the member's own transaction. */
import { acceptFromWire, acceptOfferCall, cancelOfferCall, makeOfferCall, offerFromWire } from '@att/contracts';
import { OfferState, type AcceptMessage, type OfferMessage } from '@att/shared';
import type { Hex } from 'viem';
import type { ChainTest, Trader } from '../../../../test/chain';

export interface OfferData {
  osdId: string;
  market: string;
  offer: OfferMessage;
  signResult: Hex;
  osdPrice: string;
}
export interface AcceptData {
  aodId: string;
  aodMintAmount: number;
  market: string;
  accept: AcceptMessage;
  signResult: Hex;
  netProceeds: string;
  price: string;
}

export const offerReq = (
  c: ChainTest,
  who: Trader,
  productId: number,
  o: { amount: number; price: bigint; symbol?: 'ATT' | 'KLAY'; expireMinute?: number },
) =>
  c.t.post('/nft/offer', {
    ...who.auth,
    productId,
    pricePerOne: o.price.toString(),
    amount: o.amount,
    symbol: o.symbol ?? 'ATT',
    ...(o.expireMinute ? { expireMinute: o.expireMinute } : {}),
  });

/** The server's signed offer, sent on chain by `who` (escrowing it); returns the offer's id. */
export async function makeOffer(
  c: ChainTest,
  who: Trader,
  productId: number,
  o: { amount: number; price: bigint; symbol?: 'ATT' | 'KLAY'; expireMinute?: number },
): Promise<string> {
  const r = await offerReq(c, who, productId, o);
  if (r.returnCode !== 0) throw new Error(`/nft/offer: ${r.returnCode}`);
  const d = r.body.data as OfferData;
  await who.mined(await who.wallet.writeContract(makeOfferCall(c.d.market, offerFromWire(d.offer), d.signResult)));
  return d.osdId;
}

export const acceptReq = (c: ChainTest, who: Trader, offerIdx: string | number, amount: number) =>
  c.t.post('/nft/offer/accept', { ...who.auth, offerIdx: Number(offerIdx), amount });

/** Sends an accept reply's `acceptOffer` as `who`. */
export async function sendAccept(c: ChainTest, who: Trader, d: AcceptData) {
  return who.mined(await who.wallet.writeContract(acceptOfferCall(c.d.market, acceptFromWire(d.accept), d.signResult)));
}

/** The server's signed accept of `amount` pieces, sent on chain by `who`. */
export async function accept(c: ChainTest, who: Trader, offerIdx: string, amount: number): Promise<AcceptData> {
  const r = await acceptReq(c, who, offerIdx, amount);
  if (r.returnCode !== 0) throw new Error(`/nft/offer/accept: ${r.returnCode}`);
  const d = r.body.data as AcceptData;
  await sendAccept(c, who, d);
  return d;
}

/** The offerer's own `cancelOffer` of `amount` pieces. */
export async function cancelOffer(c: ChainTest, who: Trader, offerIdx: string, amount: number) {
  return who.mined(await who.wallet.writeContract(cancelOfferCall(c.d.market, BigInt(offerIdx), BigInt(amount))));
}

export const offerRow = (c: ChainTest, offerIdx: string) =>
  c.t.db
    .selectFrom('offers')
    .select(['state', 'remaining', 'reserved', 'quantity'])
    .where('offer_idx', '=', offerIdx)
    .executeTakeFirstOrThrow();

export { OfferState };
