/**
 * The time the server signs Market terms from: the later of its own clock and the chain's latest block time. The
 * Market checks every signed end and deadline against block time, so on a chain whose clock runs ahead (a drifting
 * node; a local chain moved on with `evm_increaseTime`) terms signed by the server's clock alone are refused or
 * lapse at once. Read once per request, before any database transaction opens (no network I/O inside one); a node
 * that does not answer makes the request a 133, as any chain read does (platform/http/server.ts).
 */
import type { TradingChain } from './market-chain';
import type { Uses } from '../../platform/deps';

/**
 * The latest block's time, one read in flight per client: requests that arrive while a read is under way share it
 * (a burst of 100 purchases is one call to the node, not 100 that a busy node answers after the 2 s timeout). The
 * shared read began before each of them arrived, so it is never later than what they would have read; nothing is
 * kept once it settles, so a chain moved on (`evm_increaseTime`) is seen by the next request.
 */
const inFlight = new WeakMap<TradingChain['client'], Promise<bigint>>();

function latestBlockTime(client: TradingChain['client']): Promise<bigint> {
  let read = inFlight.get(client);
  if (!read) {
    read = client
      .getBlock({ blockTag: 'latest' })
      .then((block) => block.timestamp)
      .finally(() => inFlight.delete(client));
    inFlight.set(client, read);
  }
  return read;
}

export async function signingNow(deps: Uses<'now'>, chain: TradingChain): Promise<Date> {
  const blockTime = await latestBlockTime(chain.client);
  return new Date(Math.max(deps.now().getTime(), Number(blockTime) * 1000));
}
