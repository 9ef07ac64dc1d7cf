/**
 * Listing an item at a fixed price (spec 3, section 4): the approval when not yet granted, the seller's signed
 * `Listing` built exactly as `/nft/all/sale` checks it, then the server call. Each step is reported to the
 * progress reducer (`sell-steps.ts`).
 *
 * Lazy mint: a creator's unminted pieces are listed with the edition size and royalty, so the Market mints them
 * to the buyer on the first sale; every other piece (minted, or held by a collector) is listed with both at 0.
 */
import type { Listing } from '@att/contracts/eip712';
import { saleRequestBody, type ItemDetail, type SaleSymbol } from '@att/shared';
import type { Address } from 'viem';
import { api } from '../../lib/api';
import { ensureOk } from '../popups/useApiMutation';
import type { SellTerms } from './sell-validation';
import type { SellProgressEvent } from './sell-steps';
import { approveMarket, readCounter, readSellState, randomSalt, type SellChainState, sellFailure, signListing } from './sell-wallet';
import type { TradeEnv } from './trade-env';

const KLAY_TOKEN = '0x0000000000000000000000000000000000000000' as Address;

export interface ListingParams {
  item: Pick<ItemDetail, 'tokenId' | 'creatorAddress' | 'totalItemCount' | 'royalty'>;
  seller: Address;
  items: Address;
  /** The ATT contract (front config `contractAtt`). */
  att: Address;
  symbol: SaleSymbol;
  terms: SellTerms;
  state: Pick<SellChainState, 'feeBps' | 'minted'>;
  counter: bigint;
  salt: bigint;
}

/** The `Listing` the seller signs; the server rebuilds the same struct from its own view and compares. */
export function buildListing(p: ListingParams): Listing {
  const isCreator = p.item.creatorAddress.toLowerCase() === p.seller.toLowerCase();
  const unminted = Math.max(0, p.item.totalItemCount - p.state.minted);
  const lazy = isCreator && p.terms.quantity <= unminted;
  return {
    seller: p.seller,
    collection: p.items,
    itemId: BigInt(p.item.tokenId),
    token: p.symbol === 'KLAY' ? KLAY_TOKEN : p.att,
    pricePerOne: p.terms.priceWei,
    amount: BigInt(p.terms.quantity),
    editionSize: lazy ? BigInt(p.item.totalItemCount) : 0n,
    royaltyBps: lazy ? BigInt(Math.round(p.item.royalty * 100)) : 0n,
    feeBps: BigInt(p.state.feeBps),
    expiry: p.terms.expiry,
    salt: p.salt,
    counter: p.counter,
  };
}

export interface SaleRun {
  env: TradeEnv;
  auth: { id: string; ticket: string };
  productId: number;
  item: ListingParams['item'];
  seller: Address;
  symbol: SaleSymbol;
  terms: SellTerms;
}

/** Runs the steps; resolves with the new listing's id, or rejects after reporting the failed step. */
export async function runSale(run: SaleRun, report: (e: SellProgressEvent) => void): Promise<number> {
  const { env, seller } = run;
  let step: SellProgressEvent['step'] = 'approve';
  try {
    // Fresh chain reads: another tab may have approved, or the fee may have changed since the page loaded.
    const state = await readSellState(env, seller, BigInt(run.item.tokenId));
    if (!state.approved) {
      report({ type: 'start', step });
      await approveMarket(env, seller);
      report({ type: 'done', step });
    }
    step = 'sign';
    report({ type: 'start', step });
    const counter = await readCounter(env, seller);
    const listing = buildListing({ ...run, items: env.items as Address, att: env.att as Address, state, counter, salt: randomSalt() });
    const signature = await signListing(env, seller, listing);
    report({ type: 'done', step });
    step = 'register';
    report({ type: 'start', step });
    const reply = ensureOk(
      await api(
        '/nft/all/sale',
        saleRequestBody({
          auth: { id: run.auth.id, ticketId: run.auth.ticket },
          productId: run.productId,
          symbol: run.symbol,
          expireMinute: run.terms.expireMinute,
          listing,
          signature,
        }),
      ),
    );
    report({ type: 'done', step });
    return reply.data!.instanceId;
  } catch (err) {
    report({ type: 'fail', step, problem: await sellFailure(err) });
    throw err;
  }
}
