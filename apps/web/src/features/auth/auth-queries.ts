/** The signed-in member's info (/user/info): one key per member and ticket, read after login and by the settings. */
import type { UserInfo } from '@att/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, queryClient } from '../../lib/api';
import { sessionStore } from '../../lib/session';

export const authKeys = {
  all: ['auth'] as const,
  userInfos: () => [...authKeys.all, 'userInfo'] as const,
  userInfo: (id: string | null, ticket: string | null) => [...authKeys.userInfos(), id, ticket] as const,
};

export async function fetchUserInfo(id: string, ticket: string): Promise<UserInfo> {
  const r = await api('/user/info', { id, ticketId: ticket });
  if (r.returnCode !== 0 || !r.data)
    throw Object.assign(new Error(`/user/info ${r.returnCode}`), { code: r.returnCode });
  return r.data;
}

export const authQueries = {
  userInfo: (id: string | null, ticket: string | null) =>
    queryOptions({
      queryKey: authKeys.userInfo(id, ticket),
      queryFn: () => fetchUserInfo(id!, ticket!),
      enabled: Boolean(id && ticket),
      staleTime: 30_000,
    }),
};

/** Reads the stored member's info again (after a settings save, a collection write, an image upload). */
export function reloadUserInfo() {
  const { id, ticket } = sessionStore.get();
  return queryClient.invalidateQueries({ queryKey: authKeys.userInfo(id, ticket) });
}

/** Forgets every member's info (logout). */
export function forgetUserInfo() {
  queryClient.removeQueries({ queryKey: authKeys.userInfos() });
}
