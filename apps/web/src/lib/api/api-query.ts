/** A read for TanStack Query: the reply of `path`, or `ApiError(code)` thrown on a non-zero returnCode. */
import type { RouteReply, RoutePath, RouteRequest } from '@att/shared';
import { ensureOk } from './api-error';
import { api } from './client';

export async function apiQuery<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<RouteReply<P>> {
  return ensureOk(await api(path, body));
}
