/**
 * What a trade popup needs to know about the marketplace (no wallet code): the chain and its RPC, the contracts,
 * the explorer, the signed-in member; and the refresh after a trade.
 */
import { formatTokenAmount } from '@att/shared';
import { chainInfo, useFrontConfig, useNetworkConfig } from '../../lib/config';
import { queryClient } from '../../lib/query-client';
import { isLoggedIn, useSession } from '../../lib/session';

export interface TradeEnv {
  chain: { chainId: number; rpcUrl: string };
  market: string;
  items: string;
  att: string;
  explorerUrl: string;
}

/** The chain and contracts from /config/front and /config/network; null until both are loaded. */
export function useTradeEnv(): TradeEnv | null {
  const front = useFrontConfig().data;
  const networks = useNetworkConfig().data;
  const info = chainInfo(networks, front?.chainId);
  if (!front || !info) return null;
  return {
    chain: { chainId: info.chainId, rpcUrl: info.rpcUrl },
    market: front.contractJoin,
    items: front.contract1155,
    att: front.contractAtt,
    explorerUrl: front.klayScanUrl || info.explorerUrl || '',
  };
}

/** The signed-in member (id, ticket, wallet address), or null. */
export function useMember(): { id: string; ticketId: string; address: string } | null {
  const s = useSession();
  return isLoggedIn(s) && s.address ? { id: s.id, ticketId: s.ticket, address: s.address.toLowerCase() } : null;
}

/** After a trade: everything a trade can change is read again (item, listings, history, balances); config stays. */
export function refreshAfterTrade(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => !['config', 'categories'].includes(String(q.queryKey[0])) });
}

/** "12.5 ATT" (wei floored to 4 decimals). */
export function formatPrice(wei: string | bigint, symbol: string): string {
  try {
    return `${formatTokenAmount(BigInt(wei))} ${symbol}`;
  } catch {
    return `- ${symbol}`;
  }
}

/** "0x1234…abcd". */
export const shortHex = (hex: string, head = 6, tail = 4) => (hex.length > head + tail + 1 ? `${hex.slice(0, head)}…${hex.slice(-tail)}` : hex);
