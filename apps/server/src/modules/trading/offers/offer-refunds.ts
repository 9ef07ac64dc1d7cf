/**
 * `trading.offerRefunds`, registered only with a keeper key (`KEEPER_KEY`): returns the escrow of expired offers
 * to their offerers. Once an offer has expired the Market lets anyone send `cancelOffer`, and the refund goes to the
 * offerer alone (a refund the offerer cannot receive becomes their withdrawable balance), so the keeper decides
 * nothing: it only triggers what the contract already decided. The indexer then applies the `OfferCancelled`.
 *
 * Failure mode: chain reads and sends happen outside any transaction, one offer at a time; a send that fails or
 * is not indexed yet is tried again after RESEND_MS (the chain's own remaining is read first, so nothing is ever
 * refunded twice: the Market refuses more than what is left).
 */
import { cancelOfferCall, chainFor, marketAbi } from '@att/contracts';
import { OfferState } from '@att/shared';
import { createWalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rpcTransport } from '../../../platform/chain/rpc-transport';
import type { JobDefinition } from '../../../platform/jobs/job';
import type { TradingChain } from '../market-chain';
import { RELEASE_GRACE_MS } from '../scheduler';
import type { Uses } from '../../../platform/deps';

const RESEND_MS = 60_000;
const BATCH = 20;

export function offerRefundJob(deps: Uses<'db' | 'config'>, chain: () => TradingChain): JobDefinition | undefined {
  const key = deps.config.keeperKey;
  if (!key) return undefined;
  const account = privateKeyToAccount(key);
  const wallet = createWalletClient({
    account,
    chain: chainFor(deps.config.chainRpcUrls[0]!, deps.config.chainId),
    transport: rpcTransport(deps.config.chainRpcUrls, { timeout: 10_000 }),
  });
  const sent = new Map<string, number>();
  return {
    name: 'trading.offerRefunds',
    everyMs: Math.max(deps.config.trading.pollMs, 1000),
    run: async ({ now }) => {
      const due = await deps.db
        .selectFrom('offers')
        .select('offer_idx')
        .where('state', '=', OfferState.Expired)
        .where('remaining', '>', 0)
        .where('made_tx', 'is not', null)
        .where('expires_at', '<', new Date(now.getTime() - RELEASE_GRACE_MS))
        .orderBy('expires_at')
        .limit(BATCH)
        .execute();
      const { client, market } = chain();
      for (const { offer_idx } of due) {
        const id = String(offer_idx);
        if ((sent.get(id) ?? -Infinity) > now.getTime() - RESEND_MS) continue;
        const onChain = await client.readContract({
          address: market,
          abi: marketAbi,
          functionName: 'getOffer',
          args: [BigInt(id)],
        });
        if (onChain.remaining === 0n) continue;
        sent.set(id, now.getTime());
        const hash = await wallet.writeContract({
          ...cancelOfferCall(market, BigInt(id), onChain.remaining),
          account,
          chain: wallet.chain,
        });
        await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
      }
      for (const [id, at] of sent) if (at <= now.getTime() - RESEND_MS) sent.delete(id);
    },
  };
}
