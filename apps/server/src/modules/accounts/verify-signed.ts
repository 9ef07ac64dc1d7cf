/** Glue between the routes and the SIWE verifier: our domain, origin and chain, and the nonce store. */
import { verifySignedMessage, type SignedInput } from './siwe';
import { sessionsRepo } from './sessions-repository';
import type { Uses } from '../../platform/deps';

export function verifySigned(deps: Uses<'db' | 'now' | 'config'>, input: SignedInput): Promise<void> {
  const origin = new URL(deps.config.publicOrigin);
  return verifySignedMessage(input, {
    domain: origin.host,
    origin: origin.origin,
    chainId: deps.config.chainId,
    now: deps.now(),
    consumeNonce: (nonce, address, now) => sessionsRepo(deps.db).consumeNonce(nonce, address, now),
  });
}
