/**
 * The block explorer and the public node of each chain, once. The explorers: Kaiascan for the Kaia main net and the Kairos testnet, none for the local
 * dev chain (its hashes are shown as text). The server answers it as `klayScanUrl` of /config/front (an operator
 * may name another with CHAIN_EXPLORER_URL); the web links every transaction hash it shows with `explorerTxUrl`.
 */
import { KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID } from './constants';

export const CHAIN_EXPLORERS: Readonly<Record<number, string>> = {
  [MAIN_NET_CHAIN_ID]: 'https://kaiascan.io',
  [KAIROS_CHAIN_ID]: 'https://kairos.kaiascan.io',
};

/**
 * The public JSON-RPC node of each Kaia network (no key): what browsers read when the operator names no
 * PUBLIC_CHAIN_RPC_URL, so the server's own node URL (which may carry a provider's key) never reaches a browser.
 */
export const CHAIN_PUBLIC_RPC: Readonly<Record<number, string>> = {
  [MAIN_NET_CHAIN_ID]: 'https://public-en.node.kaia.io',
  [KAIROS_CHAIN_ID]: 'https://public-en-kairos.node.kaia.io',
};

/** The explorer's base URL for a chain id; '' for a chain without one (the local dev chain). */
export const explorerOf = (chainId: number): string => CHAIN_EXPLORERS[chainId] ?? '';

/** The explorer page of a transaction (`{explorer}/tx/{hash}`); null without a hash or an http(s) explorer. */
export function explorerTxUrl(explorerUrl: string | undefined, txHash: string | null | undefined): string | null {
  if (!txHash || !/^0x[0-9a-fA-F]{64}$/.test(txHash) || !explorerUrl) return null;
  try {
    const base = new URL(explorerUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
    return `${base.toString().replace(/\/$/, '')}/tx/${txHash}`;
  } catch {
    return null;
  }
}
