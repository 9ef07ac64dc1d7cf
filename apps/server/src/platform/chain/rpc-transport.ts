/**
 * The JSON-RPC transport every chain client of the server uses: viem's `fallback` over one `http` transport per
 * URL of CHAIN_RPC_URL, tried in order. Each request to a node has a short timeout and no retry of its own; a
 * timeout or a refused connection moves the request to the next URL (a revert or a wallet refusal does not:
 * viem's `shouldThrow`), so one hung or dead node never holds a request or the indexer for more than a timeout;
 * a connection the node drops is asked once more at once (a busy node resets some of many parallel requests).
 * A node that just failed is passed over at once for DOWN_MS while another URL is not marked down; when every
 * URL is, each is tried again. Requests carry the current request's id (`X-Request-Id`), so a node or RPC proxy
 * log can be joined with ours.
 */
import { fallback, http, type Transport } from 'viem';
import { currentRequestId, REQUEST_ID_HEADER } from '../observability/request-context';
import { maskServiceUrl } from '../http/mask-url';

/** How long one node may take to answer one request. */
export const RPC_TIMEOUT_MS = 2_000;
/** How long a node that timed out or refused is passed over while another URL is up. */
const DOWN_MS = 15_000;

/** When each URL that failed lately may be asked again (process-wide: every client shares what it learnt). */
const downUntil = new Map<string, number>();

/** Thrown in place of asking a node that failed a moment ago; the fallback moves on to the next URL. */
export class NodePassedOverError extends Error {
  override name = 'NodePassedOverError';
}

function isDown(url: string, now: number): boolean {
  const until = downUntil.get(url);
  return until !== undefined && until > now;
}

export function rpcTransport(urls: readonly string[], opts: { timeout?: number } = {}): Transport {
  if (urls.length === 0) throw new Error('rpcTransport: no RPC URL');
  const timeout = opts.timeout ?? RPC_TIMEOUT_MS;
  const one = (url: string) =>
    http(url, {
      timeout,
      retryCount: 0,
      fetchFn: async (input, init) => {
        const now = performance.now();
        if (isDown(url, now) && urls.some((u) => !isDown(u, now)))
          throw new NodePassedOverError(`${maskServiceUrl(url)} failed a moment ago`);
        const id = currentRequestId();
        const headers = new Headers(init?.headers);
        if (id) headers.set(REQUEST_ID_HEADER, id);
        try {
          // A connection the node closed or reset (many requests at once) is asked once more at once; a timeout
          // (the abort of viem's timer) is not: the next URL is.
          const res = await fetch(input, { ...init, headers }).catch((err: unknown) => {
            if (init?.signal?.aborted) throw err;
            return fetch(input, { ...init, headers });
          });
          downUntil.delete(url);
          return res;
        } catch (err) {
          downUntil.set(url, performance.now() + DOWN_MS);
          throw err;
        }
      },
    });
  return fallback(urls.map(one), { retryCount: 0 });
}
