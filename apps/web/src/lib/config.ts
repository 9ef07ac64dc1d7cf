/**
 * Server configuration (not persisted): front config and token prices refresh every 30 s; the network list
 * and categories load once. Failures are only logged (spec 1, section 8), and the UI keeps its last value.
 */
import {
  type Category,
  type FrontConfig,
  INTERVALS,
  type NetworkConfig,
  type TokenInfo,
  type UploadKind,
  UPLOAD_KINDS,
} from '@att/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './api';
import { updateSession } from './session';

export class ConfigError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
  ) {
    super(`${path} answered ${code}`);
  }
}

async function fetchFront(): Promise<FrontConfig> {
  const r = await api('/config/front', {});
  if (r.returnCode !== 0 || !r.data) throw new ConfigError('/config/front', r.returnCode);
  return r.data;
}

async function fetchNetworks(): Promise<NetworkConfig[]> {
  const r = await api('/config/network', {});
  if (r.returnCode !== 0 || !r.list) throw new ConfigError('/config/network', r.returnCode);
  return r.list;
}

async function fetchTokens(): Promise<TokenInfo[]> {
  const r = await api('/config/token/info', {});
  if (r.returnCode !== 0 || !r.list) throw new ConfigError('/config/token/info', r.returnCode);
  return r.list;
}

async function fetchCategories(): Promise<Category[]> {
  const r = await api('/nft/category/list', {});
  if (r.returnCode !== 0 || !r.list) throw new ConfigError('/nft/category/list', r.returnCode);
  updateSession({ categories: r.list.map((c) => ({ name: c.name, fileName: c.fileName })) });
  return r.list;
}

/** One key per endpoint: /config/front, /config/network, /config/token/info, /nft/category/list. */
export const configKeys = {
  all: ['config'] as const,
  front: () => [...configKeys.all, 'front'] as const,
  network: () => [...configKeys.all, 'network'] as const,
  tokens: () => [...configKeys.all, 'token'] as const,
  categories: () => [...configKeys.all, 'categories'] as const,
};

export const frontConfigQuery = queryOptions({
  queryKey: configKeys.front(),
  queryFn: fetchFront,
  refetchInterval: INTERVALS.configRefreshMs,
  staleTime: INTERVALS.configRefreshMs,
});
export const networkConfigQuery = queryOptions({
  queryKey: configKeys.network(),
  queryFn: fetchNetworks,
  staleTime: Infinity,
});
export const tokenInfoQuery = queryOptions({
  queryKey: configKeys.tokens(),
  queryFn: fetchTokens,
  refetchInterval: INTERVALS.configRefreshMs,
  staleTime: INTERVALS.configRefreshMs,
});
export const categoriesQuery = queryOptions({
  queryKey: configKeys.categories(),
  queryFn: fetchCategories,
  staleTime: Infinity,
});

export const useFrontConfig = () => useQuery(frontConfigQuery);
export const useNetworkConfig = () => useQuery(networkConfigQuery);
export const useTokenInfo = () => useQuery(tokenInfoQuery);
export const useCategories = () => useQuery(categoriesQuery);

export interface ChainInfo {
  chainId: number;
  displayName: string;
  rpcUrl: string;
  explorerUrl?: string;
}

/** The network entry for `chainId`, with the RPC from its `data` JSON. */
export function chainInfo(networks: NetworkConfig[] | undefined, chainId: number | undefined): ChainInfo | null {
  const n = networks?.find((x) => x.chainInt === chainId);
  if (!n || chainId === undefined) return null;
  try {
    const data = JSON.parse(n.data) as { rpcUrl?: unknown; explorerUrl?: unknown };
    if (typeof data.rpcUrl !== 'string') return null;
    return {
      chainId,
      displayName: n.displayName,
      rpcUrl: new URL(data.rpcUrl, window.location.origin).toString(),
      explorerUrl: typeof data.explorerUrl === 'string' ? data.explorerUrl : undefined,
    };
  } catch {
    return null;
  }
}

/** Loads the front config (cached) outside React, for the auth controller. */
export async function loadFrontConfig(): Promise<FrontConfig | null> {
  try {
    return await queryClient.fetchQuery(frontConfigQuery);
  } catch {
    return null;
  }
}

export async function loadChain(): Promise<{ front: FrontConfig; chain: ChainInfo | null } | null> {
  const front = await loadFrontConfig();
  if (!front) return null;
  try {
    const networks = await queryClient.fetchQuery(networkConfigQuery);
    return { front, chain: chainInfo(networks, front.chainId) };
  } catch {
    return { front, chain: null };
  }
}

/** The CDN URL of an uploaded user image. */
export function cdnImage(cdnUrl: string | undefined, kind: 'profile' | 'banner', fileName: string | null | undefined) {
  if (!fileName) return null;
  if (/^https?:\/\//.test(fileName)) return fileName;
  return `${(cdnUrl ?? '/cdn').replace(/\/$/, '')}/user/${kind}/${fileName}`;
}

/** The CDN URL of a collection or item file (`{cdnUrl}/{folder}/{fileName}`, folder from the shared upload kinds). */
export function cdnUpload(cdnUrl: string | undefined, kind: UploadKind, fileName: string | null | undefined) {
  if (!fileName) return null;
  if (/^https?:\/\//.test(fileName)) return fileName;
  return `${(cdnUrl ?? '/cdn').replace(/\/$/, '')}/${UPLOAD_KINDS[kind].folder}/${fileName}`;
}

/** `cdnUpload` with the configured CDN base. */
export function useCdn() {
  const front = useFrontConfig();
  return (kind: UploadKind, fileName: string | null | undefined) => cdnUpload(front.data?.cdnUrl, kind, fileName);
}
