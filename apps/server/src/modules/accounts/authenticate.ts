/**
 * Who a ticket belongs to (27 none/unknown/revoked, 28 expired, 29 bound to another user or address, 43 blocked,
 * 44 deleted). The accounts plugin decorates it as `app.authenticate`, which every logged-in route uses.
 */
import { ReturnCode } from '@att/shared';
import { AppError } from '../../platform/http/app-error';
import type { AuthedMember, TicketClaim } from '../../platform/http/auth';
import { sessionsRepo } from './sessions-repository';
import type { Uses } from '../../platform/deps';

export async function authenticate(deps: Uses<'db' | 'now'>, opts: TicketClaim): Promise<AuthedMember> {
  if (opts.ticket.length > 256) throw new AppError(ReturnCode.NoTicket);
  const row = await sessionsRepo(deps.db).findTicket(opts.ticket);
  if (!row || row.revokedAt) throw new AppError(ReturnCode.NoTicket);
  if (row.expiresAt.getTime() <= deps.now().getTime()) throw new AppError(ReturnCode.TicketExpired);
  if (row.userName.toLowerCase() !== opts.id.toLowerCase()) throw new AppError(ReturnCode.TicketValidationFailed);
  if (opts.address !== undefined && opts.address.toLowerCase() !== row.address) {
    throw new AppError(ReturnCode.TicketValidationFailed);
  }
  if (row.state === 'blocked') throw new AppError(ReturnCode.AccountBlocked);
  if (row.state === 'deleted') throw new AppError(ReturnCode.AccountDeleted);
  return { memberIdx: row.memberIdx, userName: row.userName, address: row.address, ticket: opts.ticket };
}
