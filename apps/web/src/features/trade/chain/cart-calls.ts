/**
 * The cart's Market call: one `buyNfts` of a `/nft/cart/purchase` reply (one coin; KLAY as msg.value, the unspent
 * part returned in the same transaction), and the reservation ids its receipt's `NftBought` events filled.
 */
import { marketAbi } from '@att/contracts/generated/contracts';
import { buyNftsCall, KLAY_TOKEN } from '@att/contracts/market-client';
import { listingFromWire, reservationFromWire } from '@att/contracts/market-wire';
import { isNativeToken, type CartPurchaseData } from '@att/shared';
import { type Address, getAddress, type Hex, parseEventLogs } from 'viem';
import { TradeCheckError } from '../core/trade-errors';
import { publicClient, sendContractTx, type TradeChain } from './wallet-tx';

/** The coin's address on the Market (KLAY: the zero address), from the reply's own listings. */
export function cartToken(data: CartPurchaseData): Address {
  const first = data.orders[0];
  if (isNativeToken(data.symbol) || !first) return KLAY_TOKEN;
  return getAddress(first.listing.token);
}

/** Sends `buyNfts(token, orders)` for the reserved orders of the reply. */
export function sendCart(chain: TradeChain, account: Address, data: CartPurchaseData): Promise<Hex> {
  const orders = data.orders.map((o) => ({
    listing: listingFromWire(o.listing),
    sellerSignature: o.sellerSignature as Hex,
    reservation: reservationFromWire(o.reservation),
    validatorSignature: o.signResult as Hex,
  }));
  return sendContractTx(chain, account, buyNftsCall(getAddress(data.market), cartToken(data), orders));
}

/** Waits for the cart's receipt; the reservation ids its `NftBought` events name (decimal strings). */
export async function cartFilled(chain: TradeChain, hash: Hex): Promise<string[]> {
  const receipt = await publicClient(chain).waitForTransactionReceipt({ hash, pollingInterval: 500, timeout: 180_000 });
  if (receipt.status !== 'success') throw new TradeCheckError('trade:chain.reverted');
  return parseEventLogs({ abi: marketAbi, logs: receipt.logs, eventName: 'NftBought' }).map((e) => String(e.args.id));
}
