/**
 * CHAIN_RPC_URL as a list: comma-separated http(s) or ws(s) URLs of the chain's JSON-RPC nodes, tried in that
 * order (rpc-transport.ts). The first is the one the browser is given (`/config/network`, the CSP).
 */
import { z } from 'zod';

const rpcUrl = z.url({ protocol: /^(https?|wss?)$/ });

/** The env value -> a non-empty list of URLs (zod: a bad entry names itself in the message). */
export const rpcUrlsSchema = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(rpcUrl).min(1, 'needs at least one URL'));
