/** Sign-in by wallet signature: nonce, ticket request, ticket check. */
import { z } from 'zod';
import { addressSchema, authFields, codeReply, dataReply, signedFields } from './common';

/**
 * POST /ticket/nonce (our addition): a single-use nonce and the exact EIP-4361 fields the server will accept.
 * Codes: 0; 6/5 for a missing or malformed address.
 */
export const ticketNonceRequest = z.object({ address: addressSchema });
export const siweParamsSchema = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chainId: z.number().int(),
  statement: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});
export type SiweParams = z.infer<typeof siweParamsSchema>;
export const ticketNonceReply = dataReply(siweParamsSchema);

/**
 * POST /ticket/request: exchange a signed sign-in message for a ticket.
 * Codes: 0; 41 not registered; 13 e-mail awaiting verification (`email` whole: the wallet signed, so it is its
 * own sign-up's; /user/exist masks it); 43 blocked; 44 deleted; 2 signature, domain, chain, nonce or address
 * wrong; 85 message expired; 3/5/6 bad body.
 */
export const ticketRequestRequest = z.object(signedFields);
export const ticketSchema = z.object({ id: z.string(), ticketId: z.string(), expiresAt: z.string() });
export const ticketRequestReply = dataReply(ticketSchema).extend({ email: z.string().optional() });

/**
 * POST /ticket/check: is this ticket valid for this address and user?
 * Codes: 0 valid; 27 no such ticket; 28 expired; 29 bound to another address or user.
 */
export const ticketCheckRequest = z.object({ address: addressSchema, ...authFields });
export const ticketCheckReply = codeReply;

/** POST /ticket/logout (our addition): revokes the ticket. Codes: 0, 27, 28, 29. */
export const ticketLogoutRequest = z.object(authFields);
export const ticketLogoutReply = codeReply;

/**
 * POST /ticket/logout/others (our addition, "log out everywhere else"): revokes every other live ticket of the
 * member; the ticket of this call stays valid. data.revoked = how many were revoked. Codes: 0, 27, 28, 29.
 */
export const ticketLogoutOthersRequest = z.object(authFields);
export const ticketLogoutOthersReply = dataReply(z.object({ revoked: z.number().int() }));
