/**
 * Selling by auction (spec 3 sections 2, 7 and 9) as a plan on the one trade machine (`core/trade-machine.ts`):
 *   reserve  `/nft/all/sale` saleType 2: the server checks the terms and answers them signed by the validator
 *   approve  setApprovalForAll(market) on the item contract, when not yet granted (a creator's unminted piece is
 *            minted into escrow by the Market itself: no approval then)
 *   send     `registerAuction(terms, signature)` from the seller's wallet (gas 400,000)
 *   index    until the item's sales list shows the auction (the indexer saw it registered)
 */
import { type AuctionSaleData, SaleType, type TokenSymbol } from '@att/shared';
import type { Address } from 'viem';
import { api, ensureOk } from '../../../lib/api';
import type { TradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import type { TradeRun } from '../core/useTradeFlow';
import type { AuctionTerms } from './auction-validation';

/** The steps of an auction: the approval only when the Market is not yet approved (or that is not known yet). */
export function auctionPlan(needsApproval: boolean): readonly TradeStep[] {
  return needsApproval ? ['reserve', 'approve', 'send', 'index'] : ['reserve', 'send', 'index'];
}

/** The `/nft/all/sale` body of an auction: one piece, the start price and the minutes to its end. */
export function auctionRequestBody(o: {
  auth: { id: string; ticket: string };
  productId: number;
  symbol: TokenSymbol;
  terms: AuctionTerms;
}) {
  return {
    id: o.auth.id,
    ticketId: o.auth.ticket,
    productId: o.productId,
    saleQuantity: 1,
    saleType: SaleType.Auction,
    saleSymbol: o.symbol,
    salePrice: o.terms.startPriceWei.toString(),
    expireMinute: o.terms.expireMinute,
  };
}

export interface AuctionSaleRun {
  env: TradeEnv;
  auth: { id: string; ticket: string };
  productId: number;
  seller: Address;
  symbol: TokenSymbol;
  terms: AuctionTerms;
  needsApproval: boolean;
  onFailure?: (err: unknown) => void;
}

/** Whether the item's sales list shows the auction `instanceId` (the indexer has seen it registered). */
async function auctionShown(productId: number, instanceId: number): Promise<boolean> {
  const reply = ensureOk(await api('/nft/instance/list/item', { productId }));
  return (reply.list ?? []).some((row) => row.instanceId === instanceId && row.saleType === SaleType.Auction);
}

/** The auction as a run of the trade flow (`useTradeFlow().start(auctionSaleRun(...))`). */
export function auctionSaleRun(run: AuctionSaleRun): TradeRun {
  const { env, seller } = run;
  let sale: AuctionSaleData | null = null;
  return {
    action: 'auction',
    plan: auctionPlan(run.needsApproval),
    chain: env.chain,
    onFailure: run.onFailure,
    reserve: async (kit, idempotencyKey) => {
      await kit.requireAccount(seller, env.chain);
      const data = ensureOk(await api('/nft/all/sale', auctionRequestBody(run), { idempotencyKey })).data!;
      if (!('auc' in data)) throw new Error('the server answered a fixed-price sale to an auction');
      sale = data;
    },
    approve: async (kit, onSent) => {
      if (sale!.auc.isMinting) return;
      await kit.approveMarket(env, seller, onSent);
    },
    send: async (kit) => kit.sendRegisterAuction(env.chain, await kit.requireAccount(seller, env.chain), sale!),
    watch: run.productId,
    indexed: () => auctionShown(run.productId, sale!.bsdId),
  };
}
