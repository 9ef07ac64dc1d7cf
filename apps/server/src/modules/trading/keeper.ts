/**
 * `trading.keeper`: settles ended auctions with nobody clicking. Each run reads the chain's time first (anvil's
 * clock may run ahead of ours), lists the live auctions whose end has passed by it (one query, no transaction
 * open), and for each asks the Market whether `endAuction` would go through now (`simulateContract`) before
 * sending it from the keeper's account. The keeper chooses nothing: the Market settles to the top bid (or returns
 * the piece) by its own book; the indexer applies what it did. The hash sent for each auction is remembered: while
 * the node still knows that transaction (pending, or mined and not yet indexed) it is not sent again; once the
 * node no longer knows it (dropped, or orphaned by a reorg) the next run sends it again at once. An auction the
 * Market refuses to end yet (a collection refusing the winner the piece before the settlement grace) is asked
 * again after REFUSED_RETRY_MS. Also marks signed auctions whose signature lapsed. Any member may settle too
 * (the item page), so a keeper that is down or unfunded only delays settlement until someone clicks.
 * Failure mode: a node that does not answer fails the run (the runner counts it, one short line: ChainCallError);
 * nothing is left half done.
 */
import { chainFor, endAuctionCall } from '@att/contracts';
import type { Hex } from 'viem';
import { createWalletClient, TransactionNotFoundError } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ChainCallError,
  isNodeUnreachable,
  summarizeChainError,
  type ChainErrorSummary,
} from '../../platform/chain/chain-errors';
import { rpcTransport } from '../../platform/chain/rpc-transport';
import type { Db } from '../schema';
import { dueAuctions, lapseSignedAuctions } from './order-book/auctions/auctions-repository';
import type { TradingChain } from './market-chain';

/** Auctions settled per run at most (the rest next run). */
const PER_RUN = 20;
/** An auction the Market refused to end is asked again after this long. */
const REFUSED_RETRY_MS = 60_000;
/** A signed auction is marked lapsed this long after its signature expired (the chain refuses it by then). */
const LAPSE_GRACE_MS = 60_000;

export interface KeeperOptions {
  db: Db;
  chain: Pick<TradingChain, 'client' | 'market'>;
  key: Hex;
  rpcUrls: readonly string[];
  chainId: number;
  /** A refusal or failure, as the error's name, arguments and transaction hash. */
  log?: (msg: string, summary: ChainErrorSummary) => void;
}

export function auctionKeeper(o: KeeperOptions) {
  const account = privateKeyToAccount(o.key);
  const wallet = createWalletClient({
    account,
    chain: chainFor(o.rpcUrls[0]!, o.chainId),
    transport: rpcTransport(o.rpcUrls, { timeout: 10_000 }),
  });
  const sent = new Map<string, Hex>();
  const refusedAt = new Map<string, number>();

  /** Whether the node still knows the transaction (pending or mined); false once it dropped it or a reorg took it. */
  const known = async (hash: Hex): Promise<boolean> => {
    try {
      await o.chain.client.getTransaction({ hash });
      return true;
    } catch (err) {
      if (
        err instanceof TransactionNotFoundError ||
        (!isNodeUnreachable(err) && summarizeChainError(err).error === 'TransactionNotFoundError')
      )
        return false;
      throw new ChainCallError('keeper: reading a settlement sent', err, hash);
    }
  };

  return {
    address: account.address.toLowerCase(),
    /** One run; the transactions it sent. */
    async run(now: Date): Promise<Hex[]> {
      await lapseSignedAuctions(o.db, new Date(now.getTime() - LAPSE_GRACE_MS));
      const block = await o.chain.client.getBlock({ blockTag: 'latest' }).catch((err) => {
        throw new ChainCallError('keeper: reading the head', err);
      });
      const due = await dueAuctions(o.db, new Date(Number(block.timestamp) * 1000), PER_RUN);
      for (const id of sent.keys()) if (!due.includes(id)) sent.delete(id);
      for (const [id, at] of refusedAt)
        if (now.getTime() - at >= REFUSED_RETRY_MS || !due.includes(id)) refusedAt.delete(id);
      const out: Hex[] = [];
      for (const id of due) {
        const earlier = sent.get(id);
        if (refusedAt.has(id) || (earlier && (await known(earlier)))) continue;
        const call = endAuctionCall(o.chain.market, BigInt(id));
        try {
          await o.chain.client.simulateContract({ ...call, account });
        } catch (err) {
          if (isNodeUnreachable(err)) throw new ChainCallError(`keeper: auction ${id}`, err);
          o.log?.(`auction ${id}: the Market does not end it yet`, summarizeChainError(err, earlier));
          refusedAt.set(id, now.getTime());
          continue;
        }
        let hash: Hex;
        try {
          hash = await wallet.writeContract(call);
        } catch (err) {
          throw new ChainCallError(`keeper: sending endAuction(${id})`, err, earlier);
        }
        sent.set(id, hash);
        out.push(hash);
      }
      return out;
    },
  };
}
export type AuctionKeeper = ReturnType<typeof auctionKeeper>;
