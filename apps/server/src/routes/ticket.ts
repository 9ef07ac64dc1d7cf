/** Sign-in: nonce, ticket request (SIWE), ticket check, logout. */
import {
  ReturnCode,
  SIGN_IN_NONCE_TTL_MS,
  SIGN_IN_STATEMENT,
  TICKET_TTL_MS,
} from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/define-route';
import { newNonce, newTicket } from '../services/secrets';
import { verifySigned } from '../services/signed';

export default async function ticketRoutes(app: FastifyInstance) {
  defineRoute(app, '/ticket/nonce', async ({ body }) => {
    const now = app.now();
    const nonce = newNonce();
    const expiresAt = new Date(now.getTime() + SIGN_IN_NONCE_TTL_MS);
    await app.repos.sessions.saveNonce(nonce, body.address, expiresAt, now);
    const origin = new URL(app.config.publicOrigin);
    return {
      returnCode: ReturnCode.Success,
      data: {
        nonce,
        domain: origin.host,
        uri: origin.origin,
        chainId: app.config.chainId,
        statement: SIGN_IN_STATEMENT,
        issuedAt: now.toISOString(),
        expirationTime: expiresAt.toISOString(),
      },
    };
  });

  defineRoute(app, '/ticket/request', async ({ body }) => {
    await verifySigned(app, body);
    const now = app.now();
    const member = await app.repos.members.findByAddress(body.address);
    if (!member) return { returnCode: ReturnCode.AccountNotFound };
    if (member.state === 'blocked') return { returnCode: ReturnCode.AccountBlocked };
    if (member.state === 'deleted') return { returnCode: ReturnCode.AccountDeleted };
    if (!member.emailVerifiedAt) {
      const status = await app.repos.signUps.existStatus(body.address, now);
      return {
        returnCode:
          status.code === ReturnCode.EarlierRequestExists ? ReturnCode.EarlierRequestExists : ReturnCode.AccountNotFound,
      };
    }
    const ticket = newTicket();
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    await app.repos.sessions.createTicket(ticket, member.memberIdx, member.address, expiresAt, now);
    return {
      returnCode: ReturnCode.Success,
      data: { id: member.userName, ticketId: ticket, expiresAt: expiresAt.toISOString() },
    };
  });

  // The ticket, id and address are checked by defineRoute before the handler runs.
  defineRoute(app, '/ticket/check', async () => ({ returnCode: ReturnCode.Success }));

  defineRoute(app, '/ticket/logout', async ({ member }) => {
    await app.repos.sessions.revokeTicket(member.ticket, app.now());
    return { returnCode: ReturnCode.Success };
  });
}
