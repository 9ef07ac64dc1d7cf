/**
 * `/nft/transfer`: a validator-signed `Transfer` of the caller's free pieces (the creator's unminted ones are minted
 * on the way, after the minted ones), holding them until the sender's own transaction uses it or it expires. Signed
 * inside the transaction (a local key): the pieces stay held only when the permit goes to the sender.
 */
import { ReturnCode } from '@att/shared';
import { zeroAddress, type Address } from 'viem';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember } from '../../platform/http/auth';
import type { TradingChain } from './market-chain';
import { holding, liveItem, liveListingsOf, lockInOrder } from './order-book';
import { insertPermit } from './permits-repository';
import { signingNow } from './signing-clock';
import type { Uses } from '../../platform/deps';

export async function transferPermit(
  deps: Uses<'db' | 'now' | 'config'>,
  chain: TradingChain,
  member: AuthedMember,
  body: { productId: number; toAddress: string; amount: number },
) {
  const from = member.address.toLowerCase() as Address;
  const to = body.toAddress.toLowerCase() as Address;
  if (to === from) throw new AppError(ReturnCode.ValidationFailed, 'sending to oneself');
  // The Market refuses these parties on chain: a permit for them would only hold the sender's pieces until it expires.
  if (to === zeroAddress || to === chain.market.toLowerCase() || to === chain.items.toLowerCase())
    throw new AppError(ReturnCode.ValidationFailed, 'not a recipient');
  const item = await liveItem(deps.db, body.productId);
  if (!item) throw new AppError(ReturnCode.ProductNotFound, 'no such item');
  const now = await signingNow(deps, chain);
  const expiresAt = new Date(now.getTime() + deps.config.trading.reservationSeconds * 1000);
  const { transfer, signResult } = await deps.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, { listings: await liveListingsOf(trx, item.item_idx, from) });
    const h = await holding(trx, item, from);
    if (!h || body.amount > h.free) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    // Minted pieces go first; the rest are the creator's unminted ones, minted by the Market on the creator's call.
    const mint = Math.max(0, body.amount - h.mintedFree);
    if (mint > h.unmintedFree) throw new AppError(ReturnCode.NotProductOwner, 'not enough free pieces');
    const transferId = await insertPermit(trx, {
      itemIdx: item.item_idx,
      from,
      to,
      amount: body.amount,
      mintAmount: mint,
      expiresAt,
    });
    const t = {
      id: BigInt(transferId),
      collection: chain.items,
      itemId: BigInt(item.token_id),
      from,
      to,
      amount: BigInt(body.amount),
      mintAmount: BigInt(mint),
      editionSize: BigInt(mint > 0 ? item.total_supply : 0),
      royaltyBps: BigInt(mint > 0 ? item.royalty_bps : 0),
      expiry: BigInt(Math.floor(expiresAt.getTime() / 1000)),
    };
    return { transfer: t, signResult: await chain.sign('Transfer', t) };
  });
  return {
    market: chain.market.toLowerCase(),
    transfer: Object.fromEntries(
      Object.entries(transfer).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v.toLowerCase()]),
    ) as Record<keyof typeof transfer, string>,
    signResult,
  };
}
