/**
 * The reserve step of a member's purchase, bid or offer: the connected wallet must be the member's, then the
 * server reserves the order with the member's ticket under the flow's idempotency key (a retry reserves once).
 */
import type { RoutePath, RouteReply, RouteRequest } from '@att/shared';
import { api, ensureOk } from '../../../lib/api';
import type { TradeEnv } from './trade-env';
import type { TradeKit } from './trade-kit';

type ReplyData<P extends RoutePath> = RouteReply<P> extends { data?: infer D } ? NonNullable<D> : never;

export async function reserveOrder<P extends RoutePath>(
  kit: Pick<TradeKit, 'requireAccount'>,
  member: { id: string; ticketId: string; address: string },
  chain: TradeEnv['chain'],
  call: { path: P; body: Omit<RouteRequest<P>, 'id' | 'ticketId'>; idempotencyKey: string },
): Promise<ReplyData<P>> {
  await kit.requireAccount(member.address, chain);
  const body = { id: member.id, ticketId: member.ticketId, ...call.body } as RouteRequest<P>;
  const reply = ensureOk(await api(call.path, body, { idempotencyKey: call.idempotencyKey }));
  return (reply as { data?: ReplyData<P> }).data!;
}
