/**
 * Logged-in calls: the ticket comes in the body (`ticketId`), the path (uploads) or an `Authorization: Bearer`
 * header; when two are given they must match (27 none, 29 disagreeing). Who the ticket belongs to is the
 * accounts module's business: it decorates `app.authenticate` (27 unknown/revoked, 28 expired, 29 bound to
 * another user or address, 43 blocked, 44 deleted), which routes call through `defineRoute`.
 */
import { ReturnCode } from '@att/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export interface AuthedMember {
  memberIdx: number;
  userName: string;
  address: string;
  ticket: string;
}

export function bearerTicket(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/** Picks the one ticket of a request: 27 when there is none, 29 when body/path and header disagree. */
export function pickTicket(given: unknown, request: FastifyRequest): string {
  const header = bearerTicket(request);
  const fromCall = typeof given === 'string' && given.length > 0 ? given : undefined;
  if (fromCall && header && fromCall !== header) throw new AppError(ReturnCode.TicketValidationFailed);
  const ticket = fromCall ?? header;
  if (!ticket) throw new AppError(ReturnCode.NoTicket);
  return ticket;
}

export interface TicketClaim {
  /** The user name the call says it is. */
  id: string;
  ticket: string;
  /** The wallet address the call says it is, when it names one. */
  address?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The member a ticket belongs to, or an AppError with its returnCode. */
    authenticate(claim: TicketClaim): Promise<AuthedMember>;
  }
}
