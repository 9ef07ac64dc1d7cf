/**
 * Listing an item at a fixed price (spec 3, section 4) as a plan on the one trade machine
 * (`core/trade-machine.ts`): `approve` (setApprovalForAll, only when not yet granted) -> `sign` (the seller's
 * `Listing`, EIP-712, built exactly as `/nft/all/sale` checks it) -> `reserve` (the server registers it).
 *
 * The `Listing` is built on the wallet side (`chain/sell-chain.ts` `listingFor`, over `@att/contracts`'
 * `buildListing` and `lazyMint`, the ones the server's demo trades and tests use).
 */
import type { Listing } from '@att/contracts/eip712';
import { saleRequestBody, type TokenSymbol } from '@att/shared';
import type { Address, Hex } from 'viem';
import { api, ensureOk } from '../../../lib/api';
import type { ListingParams } from '../chain/sell-chain';
import type { TradeEnv } from '../core/trade-env';
import type { TradeStep } from '../core/trade-machine';
import type { TradeRun } from '../core/useTradeFlow';
import type { SellTerms } from './sell-validation';

/** The steps of a listing: the approval only when the Market is not yet approved (or that is not known yet). */
export function sellPlan(needsApproval: boolean): readonly TradeStep[] {
  return needsApproval ? ['approve', 'sign', 'reserve'] : ['sign', 'reserve'];
}

export interface SaleRun {
  env: TradeEnv;
  auth: { id: string; ticket: string };
  productId: number;
  item: ListingParams['item'];
  seller: Address;
  symbol: TokenSymbol;
  terms: SellTerms;
  needsApproval: boolean;
  /** Gets the new listing's id once the server registered it. */
  onListed?: (instanceId: number) => void;
  onFailure?: (err: unknown) => void;
}

/** The listing as a run of the trade flow (`useTradeFlow().start(saleRun(...))`). */
export function saleRun(run: SaleRun): TradeRun {
  const { env, seller } = run;
  let signed: { listing: Listing; signature: Hex } | null = null;
  return {
    action: 'sell',
    plan: sellPlan(run.needsApproval),
    chain: env.chain,
    onFailure: run.onFailure,
    approve: async (kit, onSent) => {
      await kit.approveMarket(env, seller, onSent);
    },
    sign: async (kit) => {
      // Fresh chain reads: another tab may have approved, or the fee may have changed since the page loaded.
      const state = await kit.readSellState(env, seller, BigInt(run.item.tokenId));
      const counter = await kit.readCounter(env, seller);
      const listing = kit.listingFor({
        ...run,
        items: env.items as Address,
        att: env.att as Address,
        state,
        counter,
        salt: randomSalt(),
      });
      signed = { listing, signature: await kit.signListing(env, seller, listing) };
    },
    reserve: async (_kit, idempotencyKey) => {
      const { listing, signature } = signed!;
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
          { idempotencyKey },
        ),
      );
      const data = reply.data!;
      if ('instanceId' in data) run.onListed?.(data.instanceId);
    },
  };
}

/** A random uint256 salt from the browser's CSPRNG. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
}
