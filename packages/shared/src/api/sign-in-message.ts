/**
 * The EIP-4361 (Sign-In with Ethereum) message built from exactly the fields of a `/ticket/nonce` reply, for the
 * wallet at `address` to sign. One builder for the web, the demo seeding, the server's tests and the journeys that
 * sign in from Node, so a change to the message cannot leave one of them behind. Imported by its own path
 * (`@att/shared/api/sign-in-message`): it brings viem, which the package's index does not.
 */
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SiweParams } from './auth';

export type SiweOverrides = Partial<Parameters<typeof createSiweMessage>[0]>;

export function signInMessage(address: string, n: SiweParams, overrides: SiweOverrides = {}): string {
  return createSiweMessage({
    address: getAddress(address),
    domain: n.domain,
    uri: n.uri,
    chainId: n.chainId,
    nonce: n.nonce,
    statement: n.statement,
    version: '1',
    issuedAt: new Date(n.issuedAt),
    expirationTime: new Date(n.expirationTime),
    ...overrides,
  });
}
