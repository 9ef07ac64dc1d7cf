/** KLAY (native) and ATT (ERC-20 balanceOf) balances from the configured RPC, refreshed about every 10 s. */
import { attAbi } from '@att/contracts/generated/contracts';
import { INTERVALS } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type Address, createPublicClient, http, isAddress } from 'viem';
import { chainInfo, useFrontConfig, useNetworkConfig, useTokenInfo } from '../../lib/config';
import { sessionStore, updateSession, useSession } from '../../lib/session';
import { buildBalances } from './balances';

export function useBalances(address: string | null) {
  const front = useFrontConfig();
  const networks = useNetworkConfig();
  const tokens = useTokenInfo();
  const session = useSession();
  const rpcUrl = chainInfo(networks.data, front.data?.chainId)?.rpcUrl;
  const att = front.data?.contractAtt;
  const client = useMemo(() => (rpcUrl ? createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) }) : null), [rpcUrl]);

  const query = useQuery({
    queryKey: ['balances', address, rpcUrl, att],
    enabled: Boolean(client && address && isAddress(address)),
    refetchInterval: INTERVALS.balanceRefreshMs,
    queryFn: async () => {
      const owner = address as Address;
      const [klay, attBalance] = await Promise.all([
        client!.getBalance({ address: owner }),
        att && isAddress(att) && !/^0x0+$/.test(att)
          ? client!.readContract({ address: att, abi: attAbi, functionName: 'balanceOf', args: [owner] })
          : Promise.resolve(0n),
      ]);
      return { KLAY: klay, ATT: attBalance };
    },
  });

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
