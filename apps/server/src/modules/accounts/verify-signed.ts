/** Glue between the routes and the SIWE verifier: our domain, origin and chain, and the nonce store. */
import type { FastifyInstance } from 'fastify';
import { verifySignedMessage, type SignedInput } from './siwe';
import { sessionsRepo } from './sessions-repository';

export function verifySigned(app: FastifyInstance, input: SignedInput): Promise<void> {
  const origin = new URL(app.config.publicOrigin);
  return verifySignedMessage(input, {
    domain: origin.host,
    origin: origin.origin,
    chainId: app.config.chainId,
    now: app.now(),
    consumeNonce: (nonce, address, now) => sessionsRepo(app.db).consumeNonce(nonce, address, now),
  });
}
