/** KLAY (native) and ATT (ERC-20 balanceOf) balances from the configured RPC, refreshed about every 10 s. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainInfo, useFrontConfig, useNetworkConfig, useTokenInfo } from '../../lib/config';
import { sessionStore, updateSession, useSession } from '../../lib/session';
import { buildBalances } from './balances';
import { walletQueries } from './wallet-queries';

export function useBalances(address: string | null) {
  const front = useFrontConfig();
  const networks = useNetworkConfig();
  const tokens = useTokenInfo();
  const session = useSession();
  const rpcUrl = chainInfo(networks.data, front.data?.chainId)?.rpcUrl;
  const att = front.data?.contractAtt;
  const client = useMemo(
    () => (rpcUrl ? (createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) }) as PublicClient) : null),
    [rpcUrl],
  );

  const query = useQuery(walletQueries.panel(client, address, rpcUrl, att));

  // Keep the persisted balance list (in the user's order) in step with the chain and the prices.
  useEffect(() => {
    if (!query.data) return;
    const next = buildBalances(sessionStore.get().balances, query.data, tokens.data);
    if (JSON.stringify(next) !== JSON.stringify(sessionStore.get().balances)) updateSession({ balances: next });
  }, [query.data, tokens.data]);

  return {
    balances: session.balances,
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching || tokens.isFetching,
    refresh: () => Promise.all([query.refetch(), tokens.refetch()]),
  };
}
