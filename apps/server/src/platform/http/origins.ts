/** Which browser origins may call the API and open the alert socket. */
import { DEV_CHAIN_ID } from '@att/shared';
import type { AppConfig } from '../config';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The public origin, CORS_ORIGINS, and on the dev chain any localhost origin. A request without an Origin
 * header is not a browser's cross-site request and is allowed by the callers.
 */
export function originChecker(config: AppConfig): (origin: string) => boolean {
  const allowed = new Set([config.publicOrigin, ...config.corsOrigins.map((o) => originOf(o) ?? o)]);
  const devChain = config.chainId === DEV_CHAIN_ID;
  return (origin) => allowed.has(origin) || (devChain && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin));
}
