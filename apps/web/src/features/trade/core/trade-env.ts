/**
 * What a trade needs to know about the marketplace (no wallet code): the chain and its RPC, the contracts, the
 * explorer, the signed-in member.
 */
import { chainInfo, useFrontConfig, useNetworkConfig } from '../../../lib/config';
import { isLoggedIn, useSession } from '../../../lib/session';

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
