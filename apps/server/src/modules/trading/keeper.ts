/**
 * `trading.keeper`: settles ended auctions with nobody clicking. Each run reads the chain's time first (anvil's
 * clock may run ahead of ours), lists the live auctions whose end has passed by it (one query, no transaction
 * open), and for each asks the Market whether `endAuction` would go through now (`simulateContract`) before
 * sending it from the keeper's account. The keeper chooses nothing: the Market settles to the top bid (or returns
 * the piece) by its own book; the indexer applies what it did. An auction the Market refuses to end yet (a
 * collection refusing the winner the piece before the settlement grace) is asked again later; one whose
 * transaction is on its way is not sent twice within RESEND_MS. Also marks signed auctions whose signature lapsed.
 * Failure mode: a node that does not answer fails the run (the runner counts it); nothing is left half done.
 */
import { chainFor, endAuctionCall } from '@att/contracts';
import type { Hex } from 'viem';
import { createWalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rpcTransport } from '../../platform/chain/rpc-transport';
import type { Db } from '../schema';
import { dueAuctions, lapseSignedAuctions } from './auctions-repository';
import type { TradingChain } from './market-chain';

/** Auctions settled per run at most (the rest next run). */
const PER_RUN = 20;
/** A settlement sent is not sent again for this long (its transaction is pending, or the indexer has not seen it). */
const RESEND_MS = 60_000;
/** A signed auction is marked lapsed this long after its signature expired (the chain refuses it by then). */
const LAPSE_GRACE_MS = 60_000;

export interface KeeperOptions {
  db: Db;
  chain: Pick<TradingChain, 'client' | 'market'>;
  key: Hex;
  rpcUrl: string;
  chainId: number;
  log?: (msg: string, err?: unknown) => void;
}

export function auctionKeeper(o: KeeperOptions) {
  const account = privateKeyToAccount(o.key);
  const wallet = createWalletClient({ account, chain: chainFor(o.rpcUrl, o.chainId), transport: rpcTransport(o.rpcUrl, { retryCount: 1, timeout: 10_000 }) });
  const sentAt = new Map<string, number>();
  return {
    address: account.address.toLowerCase(),
    /** One run; the transactions it sent. */
    async run(now: Date): Promise<Hex[]> {
      await lapseSignedAuctions(o.db, new Date(now.getTime() - LAPSE_GRACE_MS));
      const block = await o.chain.client.getBlock({ blockTag: 'latest' });
      const due = await dueAuctions(o.db, new Date(Number(block.timestamp) * 1000), PER_RUN);
      for (const [id, at] of sentAt) if (now.getTime() - at >= RESEND_MS || !due.includes(id)) sentAt.delete(id);
      const sent: Hex[] = [];
      for (const id of due) {
        if (sentAt.has(id)) continue;
        const call = endAuctionCall(o.chain.market, BigInt(id));
        try {
          await o.chain.client.simulateContract({ ...call, account });
        } catch (err) {
          o.log?.(`auction ${id}: the Market does not end it yet`, err);
          sentAt.set(id, now.getTime());
          continue;
        }
        sent.push(await wallet.writeContract(call));
        sentAt.set(id, now.getTime());
      }
      return sent;
    },
  };
}
export type AuctionKeeper = ReturnType<typeof auctionKeeper>;
