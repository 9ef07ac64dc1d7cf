import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { fetchUserInfo, useLoginState, userInfoQueryKey } from './auth-controller';

/** The signed-in member's info (not persisted), loaded after login. */
export function useUserInfo() {
  const { id, ticket } = useSession();
  const login = useLoginState();
  return useQuery({
    queryKey: userInfoQueryKey(id, ticket),
    queryFn: () => fetchUserInfo(id!, ticket!),
    enabled: Boolean(id && ticket && login.name === 'loggedIn'),
    staleTime: 30_000,
  });
}
