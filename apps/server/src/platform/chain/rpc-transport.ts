/**
 * The JSON-RPC transport every chain client of the server uses: viem's HTTP transport whose requests carry the
 * current request's id (`X-Request-Id`), so a node or RPC proxy log can be joined with ours.
 */
import { http, type HttpTransportConfig } from 'viem';
import { currentRequestId, REQUEST_ID_HEADER } from '../observability/request-context';

export function rpcTransport(url: string, opts: Omit<HttpTransportConfig, 'fetchFn'> = {}) {
  return http(url, {
    ...opts,
    fetchFn: (input, init) => {
      const id = currentRequestId();
      if (!id) return fetch(input, init);
      const headers = new Headers(init?.headers);
      headers.set(REQUEST_ID_HEADER, id);
      return fetch(input, { ...init, headers });
    },
  });
}
