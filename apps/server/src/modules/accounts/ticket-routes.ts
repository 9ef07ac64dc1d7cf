/** Sign-in: nonce, ticket request (SIWE), ticket check, logout. */
import { ReturnCode, SIGN_IN_NONCE_TTL_MS, SIGN_IN_STATEMENT, TICKET_TTL_MS } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { newNonce, newTicket } from '../../platform/secrets';
import { verifySigned } from './verify-signed';
import { sessionsRepo } from './sessions-repository';
import { membersRepo } from './members-repository';
import { signUpsRepo } from './signups-repository';
import { restoreAtSignIn } from './inactive-members-repository';

export default async function ticketRoutes(app: FastifyInstance) {
  defineRoute(app, '/ticket/nonce', async ({ body }) => {
    const now = app.now();
    const nonce = newNonce();
    const expiresAt = new Date(now.getTime() + SIGN_IN_NONCE_TTL_MS);
    await sessionsRepo(app.db).saveNonce(nonce, body.address, expiresAt, now);
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
    const member = await membersRepo(app.db).findByAddress(body.address);
    if (!member) return { returnCode: ReturnCode.AccountNotFound };
    if (member.state === 'blocked') return { returnCode: ReturnCode.AccountBlocked };
    if (member.state === 'deleted') return { returnCode: ReturnCode.AccountDeleted };
    if (!member.emailVerifiedAt) {
      const status = await signUpsRepo(app.db).existStatus(body.address, now);
      // The wallet signed: its own pending e-mail is shown whole (/user/exist, asked by anyone, masks it).
      return status.state === 'pending'
        ? { returnCode: ReturnCode.EarlierRequestExists, email: status.email }
        : { returnCode: ReturnCode.AccountNotFound };
    }
    // An inactive member's data comes back before the reply (one transaction); every sign-in resets the year.
    await restoreAtSignIn(app.db, member.memberIdx, now);
    const ticket = newTicket();
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    await sessionsRepo(app.db).createTicket(ticket, member.memberIdx, member.address, expiresAt, now);
    return {
      returnCode: ReturnCode.Success,
      data: { id: member.userName, ticketId: ticket, expiresAt: expiresAt.toISOString() },
    };
  });

  // The ticket, id and address are checked by defineRoute before the handler runs.
  defineRoute(app, '/ticket/check', async () => ({ returnCode: ReturnCode.Success }));

  // The ended sessions' alert sockets are closed on every instance (after the commit; a fan-out failure is logged,
  // and the sockets' next keep-alive check closes them anyway).
  const endSockets = (address: string, end: Parameters<FastifyInstance['alerts']['endSessions']>[1]) =>
    app.alerts
      .endSessions(address, end)
      .catch((err: unknown) => app.log.warn({ err }, 'alert sockets of an ended session not closed'));

  defineRoute(app, '/ticket/logout', async ({ member }) => {
    await sessionsRepo(app.db).revokeTicket(member.ticket, app.now());
    await endSockets(member.address, { ticket: member.ticket });
    return { returnCode: ReturnCode.Success };
  });

  // "Log out everywhere else": every other live ticket of the member, in one UPDATE.
  defineRoute(app, '/ticket/logout/others', async ({ member }) => {
    const revoked = await sessionsRepo(app.db).revokeOtherTickets(member.memberIdx, member.ticket, app.now());
    await endSockets(member.address, { except: member.ticket });
    return { returnCode: ReturnCode.Success, data: { revoked } };
  });
}
