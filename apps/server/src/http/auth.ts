/**
 * Ticket checks for logged-in calls: the ticket comes in the body (`ticketId`), the path (uploads) or an
 * `Authorization: Bearer` header; when two are given they must match. Codes: 27 none/unknown/revoked,
 * 28 expired, 29 bound to another user or address, 43 blocked, 44 deleted.
 */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

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

export async function authenticate(
  app: FastifyInstance,
  opts: { id: string; ticket: string; address?: string },
): Promise<AuthedMember> {
  if (opts.ticket.length > 256) throw new AppError(ReturnCode.NoTicket);
  const row = await app.repos.sessions.findTicket(opts.ticket);
  if (!row || row.revokedAt) throw new AppError(ReturnCode.NoTicket);
  if (row.expiresAt.getTime() <= app.now().getTime()) throw new AppError(ReturnCode.TicketExpired);
  if (row.userName.toLowerCase() !== opts.id.toLowerCase()) throw new AppError(ReturnCode.TicketValidationFailed);
  if (opts.address !== undefined && opts.address.toLowerCase() !== row.address) {
    throw new AppError(ReturnCode.TicketValidationFailed);
  }
  if (row.state === 'blocked') throw new AppError(ReturnCode.AccountBlocked);
  if (row.state === 'deleted') throw new AppError(ReturnCode.AccountDeleted);
  return { memberIdx: row.memberIdx, userName: row.userName, address: row.address, ticket: opts.ticket };
}
