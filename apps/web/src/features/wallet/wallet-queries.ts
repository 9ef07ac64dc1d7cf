/**
 * Chain reads of the member's wallet: one key family per address, so a trade refreshes exactly that member's
 * balances (the wallet panel's and a trade popup's coin balance).
 */
import { INTERVALS, Token, type TokenSymbol } from '@att/shared';
import { queryOptions } from '@tanstack/react-query';
import type { Address, PublicClient } from 'viem';

const isAddress = (s: string): s is Address => /^0x[0-9a-fA-F]{40}$/.test(s);

export const walletKeys = {
  all: ['wallet'] as const,
  /** Every balance read of `address` (lower case). */
  balances: (address: string) => [...walletKeys.all, 'balances', address.toLowerCase()] as const,
  /** KLAY and ATT together (the wallet panel). */
  panel: (address: string, rpcUrl: string | undefined, att: string | undefined) =>
    [...walletKeys.balances(address), 'panel', rpcUrl, att] as const,
  /** One coin (a trade popup's "your balance"). */
  coin: (address: string, symbol: TokenSymbol, chain: object | null) =>
    [...walletKeys.balances(address), 'coin', symbol, chain] as const,
};

export const walletQueries = {
  /** KLAY (native) and ATT (ERC-20 balanceOf) from the configured RPC, refreshed about every 10 s. */
  panel: (client: PublicClient | null, address: string | null, rpcUrl: string | undefined, att: string | undefined) =>
    queryOptions({
      queryKey: walletKeys.panel(address ?? '', rpcUrl, att),
      enabled: Boolean(client && address && isAddress(address)),
      refetchInterval: INTERVALS.balanceRefreshMs,
      queryFn: async (): Promise<Record<TokenSymbol, bigint>> => {
        const owner = address as Address;
        // The ABIs load with the query (the wallet panel), not with the shell that knows these keys.
        const { attAbi } = await import('@att/contracts/generated/contracts');
        const [klay, attBalance] = await Promise.all([
          client!.getBalance({ address: owner }),
          att && isAddress(att) && !/^0x0+$/.test(att)
            ? client!.readContract({ address: att, abi: attAbi, functionName: 'balanceOf', args: [owner] })
            : Promise.resolve(0n),
        ]);
        return { [Token.KLAY]: klay, [Token.ATT]: attBalance } as Record<TokenSymbol, bigint>;
      },
    }),
};
