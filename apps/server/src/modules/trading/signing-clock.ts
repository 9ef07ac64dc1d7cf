/**
 * The time the server signs Market terms from: the later of its own clock and the chain's latest block time. The
 * Market checks every signed end and deadline against block time, so on a chain whose clock runs ahead (a drifting
 * node; a local chain moved on with `evm_increaseTime`) terms signed by the server's clock alone are refused or
 * lapse at once. Read once per request, before any database transaction opens (no network I/O inside one); a node
 * that does not answer makes the request a 133, as any chain read does (platform/http/server.ts).
 */
import type { TradingChain } from './market-chain';
import type { Uses } from '../../platform/deps';

export async function signingNow(deps: Uses<'now'>, chain: TradingChain): Promise<Date> {
  const block = await chain.client.getBlock({ blockTag: 'latest' });
  return new Date(Math.max(deps.now().getTime(), Number(block.timestamp) * 1000));
}
